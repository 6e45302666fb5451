/// deps' own small implementation of CocoaPods' podspec DSL, in Ruby (BEHAVIOUR 10): run by the
/// `ruby` on PATH on a `.podspec` file, it prints the spec as CocoaPods' podspec.json would hold
/// it, which `PodspecJSONCodec` then reads. The CocoaPods gem is not needed. A Ruby error is
/// reported on standard error as `deps-podspec-error:LINE:MESSAGE` for the file's own line.
enum RubyPodspecDSL {
    /// What the program writes on standard error before `LINE:MESSAGE`.
    static let errorMarker = "deps-podspec-error:"

    static let program = #"""
        require 'json'

        module Pod
          # A spec or subspec: attribute writers store plain values, readers give them back
          # (`s.version.to_s` in a source's tag), platform proxies write under the platform's key.
          class Specification
            PLATFORMS = %w[ios osx macos tvos watchos visionos].freeze

            attr_reader :attributes

            def initialize(parent = nil, name = nil, &block)
              @parent = parent
              @attributes = {}
              @attributes['name'] = name.to_s if name
              block.call(self) if block
            end

            def self.plain(value)
              case value
              when Hash then value.each_with_object({}) { |(k, v), h| h[k.to_s] = plain(v) }
              when Array then value.map { |v| plain(v) }
              when Symbol then value.to_s
              when nil, true, false, Integer, Float, String then value
              else value.to_s
              end
            end

            def name
              @parent ? "#{@parent.name}/#{@attributes['name']}" : @attributes['name']
            end

            def root
              @parent ? @parent.root : self
            end

            def version
              @parent ? @parent.version : Version.new(@attributes['version'])
            end

            def dependency(name, *requirements)
              (@attributes['dependencies'] ||= {})[name.to_s] = requirements.flatten.map(&:to_s)
            end

            def subspec(name, &block)
              (@attributes['subspecs'] ||= []) << Specification.new(self, name, &block).attributes
            end

            def test_spec(name = 'Tests', &block)
              (@attributes['testspecs'] ||= []) << Specification.new(self, name, &block).attributes
            end

            def app_spec(name = 'App', &block)
              (@attributes['appspecs'] ||= []) << Specification.new(self, name, &block).attributes
            end

            def platform=(value)
              platform, target = Array(value)
              @attributes['platforms'] = { platform.to_s => target&.to_s }
            end

            def deployment_target=(value)
              @attributes['deployment_target'] = value.to_s
            end

            def requires_app_host=(value) end
            def test_type=(value) end

            PLATFORMS.each do |platform|
              define_method(platform) { PlatformPart.new(self, platform == 'macos' ? 'osx' : platform) }
            end

            def method_missing(method, *args, &block)
              text = method.to_s
              if text.end_with?('=')
                key = text.chomp('=')
                key = 'authors' if key == 'author'
                @attributes[key] = Specification.plain(args.length == 1 ? args[0] : args)
              elsif args.empty? && @attributes.key?(text)
                @attributes[text]
              elsif args.empty?
                nil
              else
                super
              end
            end

            def respond_to_missing?(*) = true
          end

          Spec = Specification

          # `s.ios.deployment_target = '12.0'`, `s.ios.frameworks = 'UIKit'`, `s.osx.dependency 'X'`.
          class PlatformPart
            def initialize(spec, platform)
              @spec = spec
              @platform = platform
            end

            def deployment_target=(value)
              (@spec.attributes['platforms'] ||= {})[@platform] = value&.to_s
            end

            def dependency(name, *requirements)
              part = (@spec.attributes[@platform] ||= {})
              (part['dependencies'] ||= {})[name.to_s] = requirements.flatten.map(&:to_s)
            end

            def method_missing(method, *args, &block)
              text = method.to_s
              return super unless text.end_with?('=')
              (@spec.attributes[@platform] ||= {})[text.chomp('=')] = Specification.plain(args.length == 1 ? args[0] : args)
            end

            def respond_to_missing?(*) = true
          end

          class Version < String
            def initialize(text)
              super(text.to_s)
            end
          end
        end

        path = ARGV.fetch(0)
        begin
          spec = eval(File.read(path), TOPLEVEL_BINDING, path, 1)
          unless spec.is_a?(Pod::Specification)
            warn "deps-podspec-error:0:the file does not end with a Pod::Spec.new block"
            exit 3
          end
          print JSON.generate(spec.attributes)
        rescue ScriptError, StandardError => error
          line = (error.backtrace_locations || []).find { |l| l.path == path }&.lineno
          line ||= error.message[/#{Regexp.escape(path)}:(\d+)/, 1] if error.is_a?(SyntaxError)
          warn "deps-podspec-error:#{line || 0}:#{error.class}: #{error.message.lines.first.to_s.strip}"
          exit 3
        end
        """#
}
