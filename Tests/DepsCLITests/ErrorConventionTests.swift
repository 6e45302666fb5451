import Foundation
import XCTest
@testable import DepsCLI
import DepsCore
import DepsFailures

/// The rules of docs/ARCHITECTURE.md's "Where an error is worded", checked over the sources:
/// every error type says its exit status (`ExitStatusError`), and no command, flag or
/// environment variable is named in a message outside the presenters and the CLI.
final class ErrorConventionTests: XCTestCase {
    /// `Sources/`, found from this file.
    private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every Swift file under `Sources/<target>`, with its target and its lines.
    private func swiftFiles() throws -> [(target: String, path: String, lines: [String])] {
        let manager = FileManager.default
        var files: [(String, String, [String])] = []
        for target in try manager.contentsOfDirectory(atPath: Self.sources.path).sorted() {
            let folder = Self.sources.appendingPathComponent(target)
            guard let walker = manager.enumerator(atPath: folder.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let path = folder.appendingPathComponent(relative).path
                let text = try String(contentsOfFile: path, encoding: .utf8)
                files.append((target, "\(target)/\(relative)", text.components(separatedBy: "\n")))
            }
        }
        XCTAssertGreaterThan(files.count, 100, "the sources were not found at \(Self.sources.path)")
        return files
    }

    func testEveryErrorTypeSaysItsExitStatus() throws {
        // A type declared as an `Error` directly, not through `ExitStatusError`.
        let declaration = try NSRegularExpression(
            pattern: #"^\s*(public |package |private |fileprivate )?(final )?(struct|enum|class|actor) \w+[^{]*:[^{]*\bError\b"#)
        var direct: [String] = []
        var classified = 0
        for file in try swiftFiles() {
            for (index, line) in file.lines.enumerated() {
                let range = NSRange(line.startIndex..., in: line)
                guard declaration.firstMatch(in: line, range: range) != nil else {
                    if line.contains(": ExitStatusError") || line.contains(", ExitStatusError") { classified += 1 }
                    continue
                }
                direct.append("\(file.path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertEqual(direct, [], "declare these as ExitStatusError, with their exit status")
        XCTAssertGreaterThan(classified, 40, "the error types were not found")
    }

    func testNoErrorTypeOutsideThePresentersWordsItself() throws {
        let files = try swiftFiles()
        // Every error type: a name ending in `Error`, or a type declared as an `Error` or an
        // `ExitStatusError` (`GitCommandFailure`, `GitDeadlineExceeded`).
        let errorDeclaration = try NSRegularExpression(
            pattern: #"^\s*(public |package |private |fileprivate )?(final )?(struct|enum|class|actor) (\w+)\b[^{]*:[^{]*\b(Error|ExitStatusError)\b"#)
        var errorTypes: Set<String> = []
        for file in files {
            for line in file.lines {
                let range = NSRange(line.startIndex..., in: line)
                guard let match = errorDeclaration.firstMatch(in: line, range: range), let name = Range(match.range(at: 4), in: line) else { continue }
                errorTypes.insert(String(line[name]))
            }
        }
        XCTAssertTrue(errorTypes.isSuperset(of: ["FileAccessError", "HTTPError", "GitCommandFailure", "YAMLError"]), "\(errorTypes.sorted())")
        func isErrorType(_ name: String) -> Bool { name.hasSuffix("Error") || errorTypes.contains(name) }

        // A type or an extension: what a `var description` below it belongs to.
        let topLevel = try NSRegularExpression(
            pattern: #"^\s*(public |package |private |fileprivate )?(final )?(struct|enum|class|actor|extension) ([\w.]+)\b([^{]*)"#)
        var found: Set<String> = []
        for file in files where !["DepsPresenters", "DepsCLI", "deps"].contains(file.target) {
            var current: String?
            for (index, line) in file.lines.enumerated() {
                let range = NSRange(line.startIndex..., in: line)
                if let match = topLevel.firstMatch(in: line, range: range), let name = Range(match.range(at: 4), in: line),
                   let rest = Range(match.range(at: 5), in: line) {
                    let type = String(String(line[name]).split(separator: ".").last ?? "")
                    current = isErrorType(type) ? type : nil
                    if current != nil, line[rest].contains("CustomStringConvertible") {
                        found.insert("\(file.path):\(index + 1): \(type): CustomStringConvertible")
                    }
                    continue
                }
                if let type = current, line.range(of: #"\bvar description\b"#, options: .regularExpression) != nil {
                    found.insert("\(file.path):\(index + 1): \(type).description")
                }
            }
        }
        XCTAssertEqual(found, [], "word an error type in DepsPresenters from its data, not in a description of its own")
    }

    /// No code outside the presenters and the CLI puts a finished sentence into an error or a
    /// warning: no `throw` and no `reason:` with a string literal of several words, no
    /// `.described(...)` cause, no text escaped for a message with `MessageText`; a problem is a
    /// typed cause the presenters word.
    func testNoSentenceIsBuiltOutsideThePresenters() throws {
        let sentence = try NSRegularExpression(pattern: #"(throw |\breason: )[^"]*"[^"]* [^"]*"|\.described\(|\bMessageText\b"#)
        var found: [String] = []
        for file in try swiftFiles() where !["DepsPresenters", "DepsCLI", "deps"].contains(file.target) {
            for (index, line) in file.lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if sentence.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil { found.append("\(file.path):\(index + 1)") }
            }
        }
        XCTAssertEqual(found, [], "give the problem a typed cause worded in DepsPresenters")
    }

    func testNoCommandFlagOrVariableIsNamedOutsideThePresentersAndTheCLI() throws {
        // In a string literal: `deps <command>`, a long flag of deps, or a DEPS_ variable.
        let naming = try NSRegularExpression(
            pattern: #""[^"]*(\bdeps (install|update|init|import|repo|mirror|check|cache|spec|outdated|why|export)\b|--(offline|project|deployment|lock-only|repo-update|json|static|all-versions|output)\b|\bDEPS_[A-Z_]+)[^"]*""#)
        var found: [String] = []
        for file in try swiftFiles() where !["DepsPresenters", "DepsCLI", "deps"].contains(file.target) {
            for (index, line) in file.lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                let range = NSRange(line.startIndex..., in: line)
                guard let match = naming.firstMatch(in: line, range: range) else { continue }
                let literal = String(line[Range(match.range, in: line)!])
                // Reading a variable is not naming it in a message: `environment("DEPS_CACHE_DIR")`,
                // and the marks deps puts in its children's environment.
                if line.contains("environment(\(literal))") || line.contains("marker = \(literal)") || line.contains("Marker = \(literal)") { continue }
                found.append("\(file.path):\(index + 1): \(literal)")
            }
        }
        XCTAssertEqual(found, [], "word these in a presenter (or the CLI), from a typed cause")
    }

    func testTheStatusIsTheErrorsOwnAndAForeignErrorIsAFault() throws {
        struct Foreign: Error {}
        XCTAssertEqual(Output.describe(Foreign()).status, 70)
        XCTAssertTrue(Output.describe(Foreign()).message.hasPrefix("error: internal fault"))
        let offline = UnavailableError(location: "https://cdn.example/x", reason: .refreshWhileOffline)
        XCTAssertEqual(Output.describe(offline).status, 74)
        XCTAssertEqual(Output.describe(offline).message, "https://cdn.example/x: error: --offline cannot refresh a spec repository")
        XCTAssertEqual(Output.describe(MissingLockfileError()).status, 1)
        XCTAssertEqual(Output.describe(UnknownPackagesError(names: [try PackageName("Nope")])).status, 64)
    }

    /// What helps is worded where the message is: the adapters gave only the reason.
    func testTheRemedyAnAdapterGaveAsDataIsWordedWithTheFlagOrTheCommand() throws {
        let kit = try PackageName("Kit")
        let offline = UnavailableError(location: "https://cdn/x", reason: .notCachedWhileOffline(lacking: .file("/cache/x")))
        XCTAssertEqual(Output.describe(offline).message, "https://cdn/x: error: not in the cache (/cache/x); --offline does not fetch")
        let down = UnavailableError(location: "https://cdn/x", reason: .unreachable(cause: HTTPError(url: "https://cdn/x", cause: .timedOut, attempts: 1), networkDown: true))
        XCTAssertTrue(Output.describe(down).message.contains("point `trunk` at a mirror with DEPS_TRUNK_URL"), Output.describe(down).message)
        let answered = UnavailableError(location: "https://cdn/x", reason: .unreachable(cause: HTTPError(url: "https://cdn/x", cause: .serverError(503), attempts: 3), networkDown: false))
        XCTAssertEqual(Output.describe(answered).message, "https://cdn/x: error: server error 503 (3 attempts)")
        let moved = CodeFetchError(name: kit, url: "https://g/kit.git", kind: .integrity, cause: .tagMoved(tag: "1.0", now: "bbb", pinned: "aaa"), remedy: .updateIfTrusted)
        XCTAssertEqual(Output.describe(moved).message, "error: Kit: https://g/kit.git: tag 1.0 now names commit bbb, but Depsfile.lock pins commit aaa; if the new commit is trusted, run deps update Kit")
        XCTAssertEqual(Output.describe(moved).status, 65)
        let file = FileAccessError(path: "Deps/\u{1B}x", operation: .write, problem: .readOnlyFile)
        XCTAssertEqual(Output.describe(file).message, "Deps/\\u{1B}x: error: cannot write: it is read-only")
        XCTAssertEqual(Output.describe(file).status, 74)
    }
}
