import DepsCore
import DepsCocoaPods
import DepsFiles
import XCTest
import DepsPresenters

/// Each construct of the Podfile DSL deps reads (BEHAVIOUR 10), on its own.
final class PodfileReaderTests: XCTestCase {
    func read(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> PodfileReading {
        do {
            return try PodfileReader().read(Array(text.utf8))
        } catch {
            XCTFail("refused:\n\(error)", file: file, line: line)
            throw error
        }
    }

    func pods(_ reading: PodfileReading) -> [String] {
        reading.podfile.dependencies().dependencies.map { dependency in
            dependency.requirement.isAny ? dependency.name.description : "\(dependency.name) (\(dependency.requirement))"
        }
    }

    func testCommentsAndBothQuoteStyles() throws {
        let reading = try read("""
            # pod 'Commented'
            pod 'Single' # a comment after a pod
            pod "Double", "~> 1.0"
            source 'https://x.example/it\\'s.git' # the # in a comment
            source "https://x.example/\\"quoted\\"#1.git"
            =begin
            pod 'InBlockComment'
            =end
            pod 'Semicolon'; pod 'Last'
            """)
        XCTAssertEqual(reading.podfile.declarations.map(\.line), [2, 3, 9, 9])
        XCTAssertEqual(pods(reading), ["Single", "Double (~> 1.0)", "Semicolon", "Last"])
        XCTAssertEqual(reading.podfile.sources.map(\.url), ["https://x.example/it's.git", "https://x.example/\"quoted\"#1.git"])
        XCTAssertEqual(reading.warnings, [])
    }

    func testSourcesAndPlatforms() throws {
        let reading = try read("""
            source 'https://cdn.cocoapods.org/'
            source "https://github.com/artsy/Specs.git"
            source 'https://github.com/CocoaPods/Specs'
            platform :ios, '13.0'
            """)
        XCTAssertEqual(reading.podfile.sources.map(\.line), [1, 2, 3])
        XCTAssertEqual(reading.podfile.manifestSources, ["trunk", "https://github.com/artsy/Specs.git"])
        XCTAssertEqual(reading.podfile.platform?.description, "ios 13.0")
        for (text, expected) in [
            ("platform :osx, '10.15'", "osx 10.15"), ("platform :tvos, '15.0'", "tvos 15.0"), ("platform :watchos, '8.0'", "watchos 8.0"),
            ("platform :visionos, '1.0'", "visionos 1.0"), ("platform :ios", "ios"), ("platform(:ios, '12.0')", "ios 12.0"),
        ] {
            XCTAssertEqual(try read(text).podfile.platform?.description, expected, text)
        }
    }

    func testPodRequirementsAndOptionsInBothHashSyntaxes() throws {
        let commit = String(repeating: "c", count: 40)
        let reading = try read("""
            pod 'None'
            pod 'One', '~> 5.6'
            pod 'Two', '>= 1.0', '< 2.0'
            pod 'Tagged', :git => 'https://x.example/T.git', :tag => '1.0'
            pod 'Branch', git: 'https://x.example/B.git', branch: 'main'
            pod 'Commit', :git => "https://x.example/C.git", commit: '\(commit)', :submodules => true
            pod 'Local', :path => '../Local'
            pod 'Spec', podspec: 'Specs/Spec.podspec'
            pod 'Firebase', '~> 10.0', :subspecs => ['Analytics', 'Crashlytics']
            pod 'Private', :source => 'https://example.org/specs.git'
            pod 'Wrapped', '1.0',
                :configurations => ['Debug', 'Beta'],
                testspecs: ['Tests'], linkage: :static,
                :modular_headers => true, inhibit_warnings: false
            pod('Parenthesized', '2.0', { :configuration => 'Debug' })
            """)
        XCTAssertEqual(pods(reading), [
            "None", "One (~> 5.6)", "Two (>= 1.0, < 2.0)", "Tagged", "Branch", "Commit", "Local", "Spec",
            "Firebase/Analytics (~> 10.0)", "Firebase/Crashlytics (~> 10.0)", "Private", "Wrapped (= 1.0)", "Parenthesized (= 2.0)",
        ])
        let declarations = reading.podfile.declarations
        XCTAssertEqual(declarations.map(\.line), Array(1...11) + [15])
        XCTAssertEqual(declarations.map(\.externalSource).prefix(8), [
            nil, nil, nil, .git(url: "https://x.example/T.git", reference: .tag("1.0"), submodules: false),
            .git(url: "https://x.example/B.git", reference: .branch("main"), submodules: false),
            .git(url: "https://x.example/C.git", reference: .commit(commit), submodules: true), .path("../Local"), .podspec("Specs/Spec.podspec"),
        ])
        XCTAssertEqual(declarations[8].subspecs, ["Analytics", "Crashlytics"])
        XCTAssertEqual(declarations[9].specRepository, "https://example.org/specs.git")
        XCTAssertEqual(declarations[10].droppedOptions, [
            .configurations(["Debug", "Beta"]), .testspecs(["Tests"]), .modularHeaders(true), .inhibitWarnings(false), .linkage("static"),
        ])
        XCTAssertEqual(PodfileWording.warningLines(reading.warnings, file: reading.fileName), [
            "Podfile:11: warning: `configurations` of Wrapped dropped: deps does not honour it",
            "Podfile:11: warning: `testspecs` of Wrapped dropped: deps does not honour it",
            "Podfile:11: warning: `modular_headers` of Wrapped dropped: deps does not honour it",
            "Podfile:11: warning: `inhibit_warnings` of Wrapped dropped: deps does not honour it",
            "Podfile:11: warning: `linkage` of Wrapped dropped: deps does not honour it",
            "Podfile:15: warning: `configurations` of Parenthesized dropped: deps does not honour it",
        ])
    }

    func testTargetsAbstractTargetsAndInheritance() throws {
        let reading = try read("""
            pod 'Everywhere'
            abstract_target 'Shared' do
              pod 'RxSwift'
              target 'App' do
                pod 'Moya'
                target 'AppTests' do
                  inherit! :search_paths
                  pod 'Quick'
                end
              end
              target :Widget do
                platform :ios, '14.0'
              end
            end
            target 'Tool' do
              abstract!
              target 'Concrete' do
                inherit! :none
              end
            end
            """)
        let listing = reading.podfile.targetListing
        XCTAssertEqual(listing.map(\.target), ["App", "AppTests", "Widget", "Concrete"])
        XCTAssertEqual(listing.map { $0.pods.map(\.description) }, [["Everywhere", "RxSwift", "Moya"], ["Quick"], ["Everywhere", "RxSwift"], []])
        let shared = reading.podfile.root.children[0]
        XCTAssertEqual([shared.name, shared.children[1].name], ["Shared", "Widget"])
        XCTAssertTrue(shared.isAbstract)
        XCTAssertEqual(shared.line, 2)
        XCTAssertEqual(shared.children[0].children[0].inheritance, .searchPaths)
        XCTAssertEqual(shared.children[1].platform?.description, "ios 14.0")
        XCTAssertTrue(reading.podfile.root.children[1].isAbstract)
    }

    func testTargetsWithNoBlockAndEveryInheritance() throws {
        // A target with no block has no pods of its own: it takes its parent's, as in CocoaPods.
        let reading = try read("""
            pod 'Everywhere'
            target 'Tool'
            target 'App' do
              abstract!
              pod 'Moya'
              target 'AppTests'
              target 'AppUITests' do
                inherit! :search_paths
              end
              target 'Complete' do
                inherit! :complete
                target('Nested'); end
            end
            abstract_target 'Empty'
            target 'Isolated' do
              inherit! :none
            end
            """)
        let listing = reading.podfile.targetListing
        XCTAssertEqual(listing.map(\.target), ["Tool", "AppTests", "AppUITests", "Complete", "Nested", "Isolated"])
        XCTAssertEqual(listing.map { $0.pods.map(\.description) }, [
            ["Everywhere"], ["Everywhere", "Moya"], [], ["Everywhere", "Moya"], ["Everywhere", "Moya"], [],
        ])
        let root = reading.podfile.root
        XCTAssertEqual(root.children.map(\.name), ["Tool", "App", "Empty", "Isolated"])
        XCTAssertEqual(root.children.map(\.line), [2, 3, 14, 15])
        XCTAssertEqual(root.children.map(\.isAbstract), [false, true, true, false])
        XCTAssertEqual(root.children[1].children.map(\.inheritance), [.complete, .searchPaths, .complete])
        XCTAssertEqual(root.children[1].children.map(\.pods), [[], [], []])
        XCTAssertEqual(pods(reading), ["Everywhere", "Moya"])
        XCTAssertEqual(reading.warnings, [])
    }

    func testArrayAndHashVariablesStandForTheirLiterals() throws {
        let reading = try read("""
            secrets = ['ApiKey', 'Secret']
            KIT = { :git => 'https://x.example/Kit.git', :tag => '1.0' }
            local = { path: '../Local' }
            subspec_list = %w[Analytics Crashlytics]
            versions = ['>= 1.0', '< 2.0']
            rx = '~> 6.0'
            rx_requirements = [rx]
            plugin 'cocoapods-keys', { :project => 'App', :keys => secrets }
            def kit
              pod 'Kit', KIT
            end
            target 'App' do
              kit
              pod 'Local', local
              pod 'Firebase', '~> 10.0', :subspecs => subspec_list
              pod 'Ranged', *versions
              pod('RxSwift', *rx_requirements)
            end
            """)
        XCTAssertEqual(pods(reading), [
            "Kit", "Local", "Firebase/Analytics (~> 10.0)", "Firebase/Crashlytics (~> 10.0)", "Ranged (>= 1.0, < 2.0)", "RxSwift (~> 6.0)",
        ])
        XCTAssertEqual(reading.podfile.declarations.map(\.line), [10, 14, 15, 16, 17])
        XCTAssertEqual(reading.podfile.declarations.prefix(2).map(\.externalSource), [
            .git(url: "https://x.example/Kit.git", reference: .tag("1.0"), submodules: false), .path("../Local"),
        ])
        XCTAssertEqual(PodfileWording.warningLines(reading.warnings, file: reading.fileName), [
            "Podfile:8: warning: plugin 'cocoapods-keys' dropped: deps runs no plugin, and pods only it adds are not imported",
        ])
    }

    func testSettingsAndPluginsAreWarnedAtTheirLine() throws {
        let reading = try read("""
            use_frameworks!
            use_frameworks! :linkage => :static
            use_modular_headers!
            inhibit_all_warnings!
            project 'App.xcodeproj', 'Beta' => :release
            workspace 'App'
            install! 'cocoapods', :deterministic_uuids => false, generate_multiple_pod_projects: true
            ensure_bundler! '> 2.0'
            plugin 'cocoapods-keys', {
              :project => "App",
              :keys => ["ApiKey"]
            }
            pod 'Kept'
            """)
        XCTAssertEqual(pods(reading), ["Kept"])
        // `use_frameworks!`, `project` and `workspace` go to the Depsfile's `xcode:`; a project's
        // build configuration map does not.
        XCTAssertEqual(reading.warnings.map(\.line), [3, 4, 5, 7, 8, 9])
        XCTAssertEqual(reading.warnings.last?.dropped, .plugin("cocoapods-keys"))
        XCTAssertEqual(PodfileWording.warningLines(reading.warnings, file: reading.fileName)[2], "Podfile:5: warning: `project` dropped: an Xcode or CocoaPods setting deps does not use")
        XCTAssertEqual(reading.podfile.root.linkage, .static)
        XCTAssertEqual(reading.podfile.root.linkageLine, 2)
        XCTAssertEqual(reading.podfile.root.project, "App.xcodeproj")
        XCTAssertEqual(reading.podfile.workspace, "App")
    }

    func testHooksAreSkippedByTheirBlockStructure() throws {
        let reading = try read("""
            pre_install do |installer|
              Pod::Installer::Xcode::TargetValidator.send(:define_method, :verify_no_static_framework_transitive_dependencies) {}
            end
            post_install do |installer|
              installer.pods_project.targets.each do |target|
                if target.name =~ /Rx'Swift/ then puts "#{target.name} end" end
                target.build_configurations.each { |config|
                  config.build_settings['SWIFT_VERSION'] = '5.0' unless config.name == 'Debug'
                }
                while false do
                  break
                end
                flags = %w[-Wno-error end]
                note = <<~TEXT
                  end
                  do
                TEXT
                settings = ENV['CI'] ? eval('x') : `uname`
                case target.name
                when 'A' then fix_paths(target, '\\'end')
                end
                begin
                  require 'fileutils'
                rescue LoadError
                end
              end
            end
            def fix_paths(target, text)
              pod 'NotAPod'
            end
            def only_the_hook_calls_this
              pod 'AlsoNotAPod'
            end
            post_integrate { |installer| installer.end }
            pod 'After'
            """)
        XCTAssertEqual(pods(reading), ["After"])
        XCTAssertEqual(reading.warnings, [
            PodfileWarning(line: 1, .hook("pre_install")), PodfileWarning(line: 4, .hook("post_install")),
            PodfileWarning(line: 34, .hook("post_integrate")),
        ])
    }

    func testDefGroupsExpandWhereCalledWithVariables() throws {
        let reading = try read("""
            RX = '~> 6.0'
            rx = '~> 6.5'
            firebase_git = 'https://github.com/firebase/firebase-ios-sdk.git'
            def rx_pods
              version = '>= 6.1'
              pod 'RxSwift', RX, version
              pod 'RxCocoa', RX
            end
            def shared_pods()
              rx_pods
              pod 'SnapKit'
            end
            target 'App' do
              shared_pods
              pod 'RxRelay', rx
              pod 'Firebase/Core', :git => firebase_git, :tag => '10.0.0'
            end
            target 'Tests' do
              rx_pods
            end
            """)
        XCTAssertEqual(pods(reading), ["RxSwift (~> 6.0, >= 6.1)", "RxCocoa (~> 6.0)", "SnapKit", "RxRelay (~> 6.5)", "Firebase/Core"])
        XCTAssertEqual(reading.podfile.targetListing.map { $0.pods.map(\.description) }, [
            ["RxSwift", "RxCocoa", "SnapKit", "RxRelay", "Firebase/Core"], ["RxSwift", "RxCocoa"],
        ])
        XCTAssertEqual(reading.podfile.declarations.map(\.line), [6, 7, 11, 15, 16, 6, 7])
        XCTAssertEqual(reading.podfile.declarations[4].externalSource,
                       .git(url: "https://github.com/firebase/firebase-ios-sdk.git", reference: .tag("10.0.0"), submodules: false))
    }

    func testWarningsOfAGroupExpandedTwiceAreNamedOnce() throws {
        let reading = try read("""
            def tools
              pod 'SwiftLint', configurations: 'Debug'
            end
            target 'A' do
              tools
            end
            target 'B' do
              tools
            end
            """)
        XCTAssertEqual(PodfileWording.warningLines(reading.warnings, file: reading.fileName), ["Podfile:2: warning: `configurations` of SwiftLint dropped: deps does not honour it"])
    }

    func testAnEmptyPodfile() throws {
        let reading = try read("")
        XCTAssertEqual(reading.podfile, Podfile())
        XCTAssertEqual(reading.warnings, [])
        XCTAssertNil(reading.podfile.platform)
    }
}
