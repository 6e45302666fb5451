import DepsCache
import DepsCore
import DepsFailures
import DepsFileSystem
import DepsGit
import DepsProcess
import Synchronization

/// A Swift package's manifest at one release, as SwiftPM itself evaluates it (BEHAVIOUR 16): the
/// manifest files of the tag's tree (`Package.swift` and each `Package@swift-X.swift`) are
/// written to a temporary folder and `swift package dump-package` runs there with PATH and HOME
/// alone, so that no variable changes what a manifest says, and SwiftPM chooses the
/// version-specific manifest itself. What it prints is kept in the shared cache by commit (a
/// registry's release: by its archive's checksum), manifest file and toolchain, so a release is
/// evaluated once per toolchain.
public final class SwiftManifestLoader: Sendable {
    let cache: CodeCache
    /// `swift --version`'s first line, once asked: a manifest may evaluate differently with another toolchain.
    private let knownToolchain: Mutex<String?>
    /// PATH and HOME, the whole environment of `swift`.
    let environment: [String: String]
    private let evaluationCount = Mutex(0)

    /// - Parameter environment: the process's environment, of which PATH and HOME are passed on.
    /// - Parameter toolchain: `swift --version`'s first line; nil to ask `swift` when a manifest is first read.
    public init(cache: CodeCache, toolchain: String? = nil, environment: [String: String]) {
        self.cache = cache
        knownToolchain = Mutex(toolchain)
        self.environment = ["PATH": environment["PATH"] ?? "/usr/bin:/bin", "HOME": environment["HOME"] ?? "/"]
    }

    /// The first line of `swift --version` with that environment.
    public static func toolchain(environment: [String: String]) async throws -> String {
        let result = try await ChildProcess.run(
            "env", ["-i", "PATH=\(environment["PATH"] ?? "/usr/bin:/bin")", "HOME=\(environment["HOME"] ?? "/")", "swift", "--version"])
        return String(result.standardOutputText.split(separator: "\n").first ?? "")
    }

    /// The toolchain manifests are evaluated with, asked of `swift` once.
    public func toolchain() async throws -> String {
        if let known = knownToolchain.withLock({ $0 }) { return known }
        let line = try await Self.toolchain(environment: environment)
        knownToolchain.withLock { $0 = line }
        return line
    }

    /// How many manifests this loader had `swift` evaluate (the others came from the cache).
    public var evaluations: Int { evaluationCount.withLock { $0 } }

    /// Where evaluated manifests are kept: `v1/swiftpm/manifests/`.
    var folder: LocalPath { cache.base / "swiftpm" / "manifests" }

    /// The manifest of `package` at `release`, read from the cache's mirror of its repository.
    public func manifest(
        of package: SwiftPackageIdentity, at release: SwiftPackageRelease, in mirror: any GitMirroring
    ) async throws -> SwiftPackageManifest {
        let files = try await mirror.topLevelFiles(at: release.commit).filter(Self.isManifestFile)
        return try await manifest(of: package, tag: release.tag, keptBy: release.commit, files: files) { file in
            try await mirror.contents(of: file, at: release.commit)
        }
    }

    /// The manifest of `package` at `version` from its `Package.swift` alone (a registry's, BEHAVIOUR
    /// 16), kept in the cache by `checksum` (the registry's checksum of the release's archive):
    /// `contents` is asked for only when the cache does not have it.
    public func manifest(
        of package: SwiftPackageIdentity, version: String, keptBy checksum: String, contents: () async throws -> [UInt8]
    ) async throws -> SwiftPackageManifest {
        try await manifest(of: package, tag: version, keptBy: checksum, files: ["Package.swift"]) { _ in try await contents() }
    }

    /// The manifest from `files` (their names; `contents` reads one), kept by `key` (a commit, a
    /// checksum), the toolchain and the manifest file SwiftPM chooses among them.
    private func manifest(
        of package: SwiftPackageIdentity, tag: String, keptBy key: String, files: [String], contents: (String) async throws -> [UInt8]?
    ) async throws -> SwiftPackageManifest {
        guard files.contains("Package.swift") else {
            throw SwiftManifestError(package: package, tag: tag, cause: .noManifest)
        }
        let toolchain = try await toolchain()
        let chosen = Self.chosenManifest(among: files, toolchain: toolchain)
        let kept = folder / (key + "-" + String(SHA256Digest.hex(of: Array((toolchain + "\n" + chosen).utf8)).prefix(16)) + ".json")
        let fileSystem = cache.fileSystem
        if let bytes = try? fileSystem.readFile(kept, shownAs: kept.string),
           let manifest = try? SwiftManifestDumpCodec(fileName: kept.string).decode(bytes) {
            return manifest
        }
        let work = cache.temporaryPath("manifest")
        defer { fileSystem.removeTree(work) }
        try fileSystem.makeDirectories(work, shownAs: work.string)
        for file in files {
            guard let bytes = try await contents(file) else { continue }
            try fileSystem.writeAtomically(bytes, to: work / file, shownAs: file)
        }
        evaluationCount.withLock { $0 += 1 }
        let result = try await ChildProcess.run(
            "env", ["-i", "PATH=\(environment["PATH"]!)", "HOME=\(environment["HOME"]!)", "swift", "package", "dump-package"],
            workingDirectory: work.string)
        guard result.succeeded else {
            throw SwiftManifestError(package: package, tag: tag, cause: .evaluationFailed(Self.firstError(in: result, folder: work)))
        }
        let manifest: SwiftPackageManifest
        do {
            manifest = try SwiftManifestDumpCodec(fileName: "\(package) \(tag) Package.swift").decode(result.standardOutput)
        } catch {
            throw SwiftManifestError(package: package, tag: tag, cause: .unreadableDump(error))
        }
        try fileSystem.makeDirectories(folder, shownAs: folder.string)
        try fileSystem.writeAtomically(result.standardOutput, to: kept, shownAs: kept.string)
        return manifest
    }

    static func isManifestFile(_ name: String) -> Bool {
        name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    /// The manifest SwiftPM reads with this toolchain: the `Package@swift-X[.Y[.Z]].swift` of the
    /// highest version not above the toolchain's, else `Package.swift`.
    static func chosenManifest(among files: [String], toolchain: String) -> String {
        guard let running = toolchainVersion(toolchain) else { return "Package.swift" }
        var best: (version: [Int], file: String)?
        for file in files where file.hasPrefix("Package@swift-") {
            let text = file.dropFirst("Package@swift-".count).dropLast(".swift".count)
            let parts = text.split(separator: ".").compactMap { Int($0) }
            guard !parts.isEmpty, parts.count == text.split(separator: ".").count else { continue }
            let padded = parts + Array(repeating: 0, count: max(0, 3 - parts.count))
            // Not above the toolchain's version.
            guard !running.lexicographicallyPrecedes(padded) else { continue }
            if best.map({ $0.version.lexicographicallyPrecedes(padded) }) ?? true { best = (padded, file) }
        }
        return best?.file ?? "Package.swift"
    }

    /// `[6, 3, 1]` from `Swift version 6.3.1 (swift-6.3.1-RELEASE)`.
    static func toolchainVersion(_ line: String) -> [Int]? {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "version"), index + 1 < words.count else { return nil }
        let word = words[index + 1].prefix { $0 != "-" }
        let parts = word.split(separator: ".").compactMap { Int($0) }
        guard !parts.isEmpty else { return nil }
        return parts + Array(repeating: 0, count: max(0, 3 - parts.count))
    }

    /// The compiler's first diagnostic (`Package.swift:3:30: error: ...`, the temporary folder
    /// left out), else the first line that says `error:`, else the first line.
    static func firstError(in result: ChildProcessResult, folder: LocalPath) -> String {
        let text = (result.standardErrorText + "\n" + result.standardOutputText)
            .replacing(folder.string + "/", with: "")
        let lines = text.split(separator: "\n").map(String.init)
        return lines.first { $0.contains(": error: ") && !$0.hasPrefix("error:") }
            ?? lines.first { $0.contains("error:") } ?? lines.first ?? "exit status \(result.status)"
    }
}
