import DepsCore
import DepsFiles
import DepsFileSystem
import DepsProcess
import DepsFailures

/// A Ruby `.podspec` (a team's local pod, BEHAVIOUR 10) read through the `ruby` on PATH and deps'
/// own podspec DSL (`RubyPodspecDSL`), in the file's folder, with the user's environment: the
/// result is the spec as a podspec.json holds it. Its checksum is the `.podspec` file's.
public struct RubyPodspecEvaluation {
    let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) { self.fileSystem = fileSystem }

    /// The spec of `name` in the Ruby podspec at `path`, shown in messages as `shownAs`; a relative
    /// code location in it is relocated as a directory repository's would be.
    public func specification(
        of name: PackageName, at path: LocalPath, shownAs: String, namedByTheDepsfile: Bool = false,
        relocate: (@Sendable (String) -> String)? = nil
    ) async throws -> Specification {
        let bytes = try fileSystem.readFile(path, shownAs: shownAs)
        let result: ChildProcessResult
        do {
            result = try await RubyDSLRun(program: RubyPodspecDSL.program, errorMarker: RubyPodspecDSL.errorMarker).run(
                fileName: path.lastComponent, folder: path.parent.string)
        } catch let error as RubyDSLRun.Failure {
            switch error {
            case .rubyMissing:
                throw MalformedInputError(file: shownAs, problem: .rubyEvaluation(.rubyMissingForPodspec(name)))
            case .notStarted(let cause): throw MalformedInputError(
                file: shownAs, problem: .rubyEvaluation(.notStarted(.readingPodspec, cause: cause)))
            case .dslStopped(let line, let message):
                throw MalformedInputError(file: shownAs, line: line, problem: .rubyEvaluation(.dslStopped(message: message)))
            case .rubyStopped(let message):
                throw MalformedInputError(file: shownAs, problem: .rubyEvaluation(.rubyStopped(.readingPodspec, message: message)))
            }
        }
        do {
            return try PodspecJSONCodec(fileName: shownAs, relocate: relocate).decode(
                result.standardOutput, checksum: SHA256Digest.hex(of: bytes), expectedName: name, expectedVersion: nil, namedByTheDepsfile: namedByTheDepsfile)
        } catch {
            // The line would be the evaluated JSON's, not the file's.
            throw MalformedInputError(file: shownAs, problem: .inTheSpecItDescribes(error.problem))
        }
    }
}
