/// deps' own small implementation of CocoaPods' Podfile DSL, in Ruby (BEHAVIOUR 10), for a Podfile
/// the static reader cannot follow. Run by the `ruby` on PATH on the Podfile (in its folder, with
/// the user's environment), it prints the same Podfile with its Ruby carried out: every DSL call
/// as a line of literals, each ending in a `# deps-line:N` comment giving the Podfile's line that
/// made it (the call inside the Podfile nearest to the DSL). `PodfileReader` then reads that text
/// as it reads any Podfile. A Ruby error is `deps-podfile-error:LINE:MESSAGE` on standard error.
enum RubyPodfileDSL {
    /// What the program writes on standard error before `LINE:MESSAGE`.
    static let errorMarker = "deps-podfile-error:"

    static let program = #"""
        class DepsPodfile
          def initialize(path)
            @path = File.expand_path(path)
            @lines = []
            @depth = 0
          end

          attr_reader :lines

          def literal(value)
            case value
            when String then "'" + value.gsub('\\', '\\\\\\\\').gsub("'", "\\\\'") + "'"
            when Symbol then ':' + (value.to_s =~ /\A[A-Za-z_][A-Za-z0-9_]*[!?]?\z/ ? value.to_s : literal(value.to_s))
            when Hash then '{ ' + value.map { |k, v| "#{literal(k)} => #{literal(v)}" }.join(', ') + ' }'
            when Array then '[' + value.map { |v| literal(v) }.join(', ') + ']'
            when nil then 'nil'
            when true, false, Integer, Float then value.to_s
            else literal(value.to_s)
            end
          end

          def line_of_call
            location = caller_locations.find { |l| File.expand_path(l.path) == @path rescue false }
            location ? location.lineno : 0
          end

          def emit(text, line = line_of_call)
            @lines << ["  " * @depth + text, line]
          end

          def call(name, args, block = nil, line = line_of_call)
            text = name.to_s
            text += ' ' + args.map { |a| literal(a) }.join(', ') unless args.empty?
            if block
              emit(text + ' do', line)
              @depth += 1
              instance_eval(&block)
              @depth -= 1
              emit('end', line)
            else
              emit(text, line)
            end
          end

          %w[source platform project workspace xcodeproj install! plugin inherit! pod link_with
             supports_swift_versions ensure_bundler! use_frameworks! use_modular_headers! inhibit_all_warnings!
             generate_bridge_support! set_arc_compatibility_flag! abstract! podspec].each do |name|
            define_method(name) { |*args| call(name, args) }
          end

          def target(name, *args, &block)
            call(:target, [name] + args, block)
          end

          def abstract_target(name, *args, &block)
            call(:abstract_target, [name] + args, block)
          end

          # A hook's block is Xcode's business: it is kept as an empty hook, which the reader drops with a warning.
          %w[pre_install post_install pre_integrate post_integrate].each do |name|
            define_method(name) do |*_args, &_block|
              line = line_of_call
              emit("#{name} do |installer|", line)
              emit('end', line)
            end
          end
        end

        path = ARGV.fetch(0)
        # What the Podfile prints (`puts`, a `system` command) goes to standard error; the Podfile
        # as evaluated goes to the standard output deps reads.
        evaluated = STDOUT.dup
        STDOUT.reopen(STDERR)
        podfile = DepsPodfile.new(path)
        begin
          podfile.instance_eval(File.read(path), path, 1)
        rescue ScriptError, StandardError => error
          line = (error.backtrace_locations || []).find { |l| File.expand_path(l.path) == File.expand_path(path) rescue false }&.lineno
          line ||= error.message[/:(\d+):/, 1] if error.is_a?(SyntaxError)
          message = error.message.lines.first.to_s.strip.sub(/ for (an instance of |#<).*\z/, '')
          warn "deps-podfile-error:#{line || 0}:#{error.class}: #{message}"
          exit 3
        end
        evaluated.puts "# deps-ruby:#{RUBY_VERSION}"
        podfile.lines.each { |text, line| evaluated.puts "#{text} # deps-line:#{line}" }
        evaluated.flush
        """#
}
