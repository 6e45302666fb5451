import DepsCore
import DepsCocoaPods
import DepsFiles
import XCTest
import DepsPresenters

/// What deps refuses to read in a Podfile (BEHAVIOUR 10): each line that needs Ruby to run is
/// named, every one in one run, and nothing is read.
final class PodfileReaderErrorTests: XCTestCase {
    func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> PodfileRefusal? {
        do {
            let reading = try PodfileReader().read(Array(text.utf8))
            XCTFail("read: \(reading.podfile)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testEveryDynamicLineIsNamedInOneRun() {
        let refusal = refusal("""
            require 'json'
            require_relative '../scripts/pods'
            load 'shared.rb'
            eval(File.read('Extra'))
            puts 'hello'
            version = ENV['RX_VERSION']
            if ENV['CI']
              pod 'CIOnly'
            end
            pod 'Modifier' if true
            pod 'Ternary', flag ? '1.0' : '2.0'
            pod "Interpolated", "~> #{major}.0"
            pod 'Unknown', unknown_version
            podspec :path => 'Kit.podspec'
            def with_parameters(name)
              pod name
            end
            target 'App' do
              with_parameters 'React'
              unless false
                pod 'Unless'
              end
              pod 'Frozen', '1.0'.freeze
              system 'make'
              `uname`
            end
            ['A', 'B'].each do |name|
              target name do
              end
            end
            case 1
            when 1 then pod 'Case'
            end
            pod 'Fine'
            """)
        XCTAssertEqual(refusal?.errors, [
            PodfileError(line: 1, .loading("require")),
            PodfileError(line: 2, .loading("require_relative")),
            PodfileError(line: 3, .loading("load")),
            PodfileError(line: 4, .evaluation("eval")),
            PodfileError(line: 5, .unknownName("puts")),
            PodfileError(line: 6, .environment),
            PodfileError(line: 7, .conditional("if")),
            PodfileError(line: 10, .conditional("if")),
            PodfileError(line: 11, .unknownName("flag")),
            PodfileError(line: 12, .interpolation),
            PodfileError(line: 13, .unknownName("unknown_version")),
            PodfileError(line: 14, .podspecDirective),
            PodfileError(line: 19, .methodWithParameters("with_parameters")),
            PodfileError(line: 20, .conditional("unless")),
            PodfileError(line: 23, .unknownName("freeze")),
            PodfileError(line: 24, .evaluation("system")),
            PodfileError(line: 25, .evaluation("`")),
            PodfileError(line: 27, .unexpected("[")),
            PodfileError(line: 31, .conditional("case")),
        ])
    }

    func testTheMessagesNameTheFileAndLineAndEscapeValues() {
        let refusal = PodfileReader(fileName: "ios/Podfile").read(refusing: """
            pod 'Bad\u{1B}[2JName'
            pod 'Kit', '~> one'
            pod 'Kit', :gti => 'https://x.example/Kit.git'
            pod 'Kit', :head
            """)
        XCTAssertEqual(refusal.map { InputProblemWording.lines($0.lineErrors) }, """
            ios/Podfile:1: error: invalid pod name 'Bad\\u{1B}[2JName'
            ios/Podfile:2: error: invalid requirement '~> one'
            ios/Podfile:3: error: invalid or unknown option `gti`
            ios/Podfile:4: error: invalid requirement ':head'
            """)
        XCTAssertEqual(refusal?.lineErrors.map(\.line), [1, 2, 3, 4])
        XCTAssertEqual(refusal?.lineErrors.first?.file, "ios/Podfile")
    }

    func testOptionsThatContradictEachOther() {
        let refusal = refusal("""
            pod 'A', :git => 'https://x.example/A.git', :path => '../A'
            pod 'B', :git => 'https://x.example/B.git', :tag => '1.0', :branch => 'main'
            pod 'C', :tag => '1.0'
            pod 'D', :path => '../D', :submodules => true
            pod 'E', :subspecs => 'Core'
            pod 'F', :subspecs => ['Core', '../Escape']
            pod 'G', :inhibit_warnings => 'yes'
            pod :H
            pod
            platform :android, '10'
            platform :ios, 'thirteen'
            inherit! :partial
            source :trunk
            target 'A', :exclusive => true do
            end
            """)
        XCTAssertEqual(refusal?.errors, [
            PodfileError(line: 1, .invalidOption("git, path")),
            PodfileError(line: 2, .invalidOption("tag, branch")),
            PodfileError(line: 3, .invalidOption("tag")),
            PodfileError(line: 4, .invalidOption("submodules")),
            PodfileError(line: 5, .invalidOption("subspecs")),
            PodfileError(line: 6, .invalidOption("subspecs")),
            PodfileError(line: 7, .invalidOption("inhibit_warnings")),
            PodfileError(line: 8, .invalidPodName("H")),
            PodfileError(line: 9, .invalidPodName("")),
            PodfileError(line: 10, .invalidOption("platform")),
            PodfileError(line: 11, .invalidOption("platform")),
            PodfileError(line: 12, .invalidOption("inherit!")),
            PodfileError(line: 13, .invalidOption("source")),
            PodfileError(line: 14, .invalidOption("target")),
        ])
    }

    func testVariablesFollowRubysScopes() {
        // A local variable of the top level is not seen inside a method; a constant is.
        let refusal = refusal("""
            VERSION = '~> 6.0'
            version = '~> 6.0'
            def pods
              pod 'RxSwift', VERSION
              pod 'RxCocoa', version
            end
            target 'App' do
              pods
            end
            targets = ['A'].map(&:upcase)
            """)
        XCTAssertEqual(refusal?.errors, [
            PodfileError(line: 5, .unknownName("version")),
            PodfileError(line: 10, .unknownName("map")),
        ])
    }

    func testVariablesHoldOnlyLiteralsAndStandOnlyWhereTheirKindIs() {
        let refusal = refusal("""
            options = { :git => 'https://x.example/Kit.git' }
            names = ['Core']
            pod 'Splat', *missing
            pod 'Both', options, :tag => '1.0'
            pod 'Subspecs', :subspecs => options
            pod 'Requirement', names
            pod 'Name', *options
            pod names
            computed = names + ['UI']
            """)
        XCTAssertEqual(refusal?.errors, [
            PodfileError(line: 3, .unknownName("missing")),
            PodfileError(line: 4, .invalidRequirement("{…}")),
            PodfileError(line: 5, .invalidOption("subspecs")),
            PodfileError(line: 6, .invalidRequirement("[…]")),
            PodfileError(line: 7, .unexpected("*")),
            PodfileError(line: 8, .invalidPodName("")),
            PodfileError(line: 9, .unexpected("+")),
        ])
    }

    func testBlockStructureMistakes() {
        let refusal = refusal("""
            def loop_forever
              loop_forever
            end
            target 'App' do
              loop_forever
            end
            end
            target 'Guarded' do
            end if true
            pod 'After'
            target 'Open' do
              pod 'Kit'
            """)
        XCTAssertEqual(refusal?.errors, [
            PodfileError(line: 2, .recursion("loop_forever")),
            PodfileError(line: 7, .unexpected("end")),
            PodfileError(line: 9, .conditional("if")),
            PodfileError(line: 11, .unexpected("a block without its `end`")),
        ])
    }

    func testOnePodFromTwoSourcesIsRefusedAtTheLineThatDisagrees() {
        let refusal = refusal("""
            target 'App' do
              pod 'Kit', :path => '../Kit'
            end
            target 'Share' do
              pod 'Kit/Extension', :git => 'https://x.example/Kit.git', :tag => '1.0'
            end
            """)
        XCTAssertEqual(refusal.map { InputProblemWording.lines($0.lineErrors) }, "Podfile:5: error: Kit is declared from two different sources")
    }
}

extension PodfileReader {
    fileprivate func read(refusing text: String) -> PodfileRefusal? {
        do {
            _ = try read(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }
}
