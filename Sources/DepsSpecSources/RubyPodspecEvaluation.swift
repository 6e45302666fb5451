import DepsCore
import DepsCocoaPods
import DepsFiles
import DepsFileSystem
import DepsProcess
import DepsFailures

/// A Ruby `.podspec` (a team's local pod, BEHAVIOUR 10) read through the `ruby` on PATH and deps'
/// own podspec DSL (`RubyPodspecDSL`), in the file's folder, with the user's environment: the
/// result is the spec as a podspec.json holds it. Its checksum is the `.podspec` file's.
struct RubyPodspecEvaluation {
    let fileSystem: any FileSystem

    /// The spec of `name` in the Ruby podspec at `path`, shown in messages as `shownAs`; a relative
    /// code location in it is relocated as a directory repository's would be.
    func specification(
        of name: PackageName, at path: LocalPath, shownAs: String, namedBy: String? = nil,
        relocate: (@Sendable (String) -> String)? = nil
    ) async throws -> Specification {
        let bytes = try fileSystem.readFile(path, shownAs: shownAs)
        let result: ChildProcessResult
        do {
            result = try await ChildProcess.run(
                // Ruby runs in the podspec's folder, so it is named there by its file name alone: a
                // path relative to the project would not be found from that folder.
                "ruby", ["-e", RubyPodspecDSL.program, path.lastComponent], workingDirectory: path.parent.string)
        } catch let error as ChildProcessError {
            if case .notFound = error.reason {
                throw MalformedInputError(
                    file: shownAs,
                    message: "a Ruby podspec is read with `ruby`, and none is on PATH; install Ruby, or give its JSON form "
                        + "(`pod ipc spec \(name).podspec > \(name).podspec.json`)")
            }
            throw MalformedInputError(file: shownAs, message: "cannot run ruby to read it: \(error)")
        }
        guard result.succeeded else {
            throw Self.failure(result.standardErrorText, file: shownAs)
        }
        do {
            return try PodspecJSONCodec(fileName: shownAs, relocate: relocate).decode(
                result.standardOutput, checksum: SHA256Digest.hex(of: bytes), expectedName: name, expectedVersion: nil, namedBy: namedBy)
        } catch {
            // The line would be the evaluated JSON's, not the file's.
            throw MalformedInputError(file: shownAs, message: "\(message: MessageText(escaping: error.message)) (in the spec it describes)")
        }
    }

    /// `Kit.podspec:7: error: NameError: undefined local variable or method ...`, from the DSL's
    /// `deps-podspec-error:LINE:MESSAGE`, or Ruby's own words when it stopped before the DSL could say.
    static func failure(_ standardError: String, file: String) -> MalformedInputError {
        let marker = "deps-podspec-error:"
        guard let start = standardError.firstRange(of: marker) else {
            let first = standardError.split(separator: "\n").first.map(String.init) ?? "ruby failed"
            return MalformedInputError(file: file, message: "ruby could not read it: \(first)")
        }
        let rest = standardError[start.upperBound...]
        let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let line = parts.first.flatMap { Int($0) }
        let message = parts.count > 1 ? String(parts[1].split(separator: "\n").first ?? "") : String(rest)
        return MalformedInputError(file: file, line: line == 0 ? nil : line, message: "\(message)")
    }
}
