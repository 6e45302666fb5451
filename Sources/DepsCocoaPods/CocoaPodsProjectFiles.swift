import DepsCore
import DepsFileSystem

/// A CocoaPods project's `Podfile` and `Podfile.lock`, read for `deps import` and never changed.
public final class CocoaPodsProjectFiles: CocoaPodsProject {
    public let directory: LocalPath
    let fileSystem: any FileSystem
    public static let podfileName = "Podfile"
    public static let podfileLockName = "Podfile.lock"

    /// Whether a Podfile the static reader cannot follow is refused rather than evaluated with Ruby (`--static`).
    let staticOnly: Bool

    public init(directory: LocalPath, fileSystem: any FileSystem = POSIXFileSystem(), staticOnly: Bool = false) {
        self.directory = directory
        self.fileSystem = fileSystem
        self.staticOnly = staticOnly
    }

    /// Read statically first; where that cannot follow the Ruby, evaluated with the `ruby` on PATH
    /// (BEHAVIOUR 10). With `staticOnly`, or with no Ruby, the static reader's refusal stands.
    public func readPodfile() async throws -> ReadPodfile? {
        let path = directory / Self.podfileName
        guard fileSystem.kind(of: path) != nil else { return nil }
        do {
            let reading = try PodfileReader(fileName: Self.podfileName).read(try fileSystem.readFile(path, shownAs: Self.podfileName))
            return ReadPodfile(podfile: reading.podfile, warnings: reading.warnings)
        } catch let refusal as PodfileRefusal {
            guard !staticOnly, let firstLine = PodfileEvaluationRun.needsRuby(refusal) else { throw refusal }
            return try await PodfileEvaluationRun(fileName: Self.podfileName).read(
                path: path.string, folder: directory.string, refusal: refusal, firstLine: firstLine)
        }
    }

    public func readPodfileLock() throws -> PodfileLock? {
        let path = directory / Self.podfileLockName
        guard fileSystem.kind(of: path) != nil else { return nil }
        return try PodfileLockCodec(fileName: Self.podfileLockName).decode(try fileSystem.readFile(path, shownAs: Self.podfileLockName))
    }
}
