import DepsCocoaPods
import DepsCore
import DepsFailures
import DepsFileSystem
import DepsProcess
import TemporaryFolders
import XCTest
import DepsPresenters

/// A Podfile and a Ruby podspec that Ruby stops on are reported alike: the file, the file's own
/// line and Ruby's first line of words, read from Ruby's standard error by one parser.
final class RubyEvaluationErrorTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipIf(ChildProcess.executablePath(of: "ruby") == nil, "no ruby on PATH: Ruby evaluation is not tested here")
    }

    func testAPodfileAndAPodspecStoppedByRubyNameTheirOwnLine() async throws {
        let directory = try TemporaryDirectory(self)
        // A name the static reader does not know hands the Podfile to Ruby; Ruby does not know it either.
        try directory.write("Podfile", """
            platform :ios, '15.0'
            target 'App' do
              pod 'Kit', '~> 1.0'
              pod undefined_helper
            end

            """)
        try directory.write("Kit.podspec", """
            Pod::Spec.new do |s|
              s.name = 'Kit'
              s.version = '1.0.0'
              s.source = { :git => 'https://example.com/kit.git', :tag => s.version.to_s }
              s.summary = missing_summary
            end

            """)
        let folder = LocalPath(directory.path)

        do {
            _ = try await CocoaPodsProjectFiles(directory: folder).readPodfile()
            XCTFail("the Podfile is read")
        } catch let error as MalformedInputError {
            XCTAssertEqual(error.file, "Podfile")
            XCTAssertEqual(error.line, 4)
            XCTAssertTrue(InputProblemWording.text(for: error.problem).hasPrefix("NameError: undefined local variable or method"), InputProblemWording.text(for: error.problem))
            XCTAssertTrue(InputProblemWording.text(for: error.problem).contains("undefined_helper"), InputProblemWording.text(for: error.problem))
        }

        do {
            _ = try await RubyPodspecEvaluation(fileSystem: POSIXFileSystem()).specification(
                of: try PackageName("Kit"), at: folder / "Kit.podspec", shownAs: "LocalKit/Kit.podspec")
            XCTFail("the podspec is read")
        } catch let error as MalformedInputError {
            XCTAssertEqual(error.file, "LocalKit/Kit.podspec")
            XCTAssertEqual(error.line, 5)
            XCTAssertTrue(InputProblemWording.text(for: error.problem).hasPrefix("NameError: undefined local variable or method"), InputProblemWording.text(for: error.problem))
            XCTAssertTrue(InputProblemWording.text(for: error.problem).contains("missing_summary"), InputProblemWording.text(for: error.problem))
        }
    }

    func testRubysWordsComeWithTheirControlCharactersEscaped() async throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Kit.podspec", "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  raise \"bad\\e[2J value\\nsecond line\"\nend\n")
        do {
            _ = try await RubyPodspecEvaluation(fileSystem: POSIXFileSystem()).specification(
                of: try PackageName("Kit"), at: LocalPath(directory.path) / "Kit.podspec", shownAs: "Kit.podspec")
            XCTFail("the podspec is read")
        } catch let error as MalformedInputError {
            XCTAssertEqual(error.file, "Kit.podspec")
            XCTAssertEqual(error.line, 3)
            XCTAssertEqual(InputProblemWording.text(for: error.problem), "RuntimeError: bad\\u{1B}[2J value")
        }
    }
}
