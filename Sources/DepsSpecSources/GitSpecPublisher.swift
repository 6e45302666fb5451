import DepsCore
import DepsCache
import DepsCocoaPods
import DepsFiles
import DepsFileSystem
import DepsGit
import DepsProcess

/// Adds specs to a git spec repository (BEHAVIOUR 11), through the repository's mirror in the
/// shared cache (the one `GitSpecSource` reads, under the same lock):
///
/// 1. the mirror is fetched (cloned the first time);
/// 2. a throw-away working copy is made from it in the cache's `tmp/` (sharing its objects);
/// 3. the spec is written where the repository's layout puts it, committed and pushed;
/// 4. a push rejected because someone pushed first starts again from 1, a few times.
///
/// The mirror only ever changes by git's own fetch, and the working copy is never reused, so a
/// run killed at any point leaves the mirror as good as a fetch leaves it and at most a folder in
/// `tmp/`, which the next run removes. The checkout readers use is not moved: installs see the
/// new version after `deps repo update`, as with any change to the repository.
public final class GitSpecPublisher: SpecRepositoryPublisher {
    private let cache: CodeCache
    /// Pushes tried before giving up while others keep pushing first.
    private let attempts: Int

    public init(cache: CodeCache, attempts: Int = 5) {
        self.cache = cache
        self.attempts = attempts
    }

    public func publish(_ spec: SpecToPublish, to repository: String) async throws -> PublishedSpec {
        guard case let .git(url) = SpecRepositoryKind(label: repository) else {
            throw UnpublishableSpecError(file: spec.file, repository: repository, reason: .notAGitRepository)
        }
        let location = LocalPath(spec.file).resolved(against: ".")
        let bytes = try cache.fileSystem.readFile(location, shownAs: spec.file)
        let store = GitSpecStore(cache: cache, url: url)
        try cache.prepareOnce()
        try cache.fileSystem.makeDirectories(store.folder, shownAs: url)
        return try await cache.fileSystem.withFileLock(store.lockPath, shownAs: url) {
            var lastRejection = ""
            for attempt in 1...attempts {
                try await refreshMirror(store)
                let work = cache.temporaryPath("push")
                defer { cache.fileSystem.removeTree(work) }
                // The working copy is made, committed in and pushed from by the system git.
                let mirror = GitMirror(path: store.mirrorPath, fileSystem: cache.fileSystem, network: store.network)
                let tree = try await reporting(url) { try await GitWorkTree.clone(from: mirror, into: work) }
                let path = try target(of: spec, in: work, bytes: bytes, repository: repository)
                try cache.fileSystem.makeDirectories((work / path).parent, shownAs: path)
                var content = bytes
                var leftOut: [String] = []
                if path.hasSuffix(".json") && !spec.file.hasSuffix(".json") {
                    content = try PodspecJSONWriter.podspecJSON(fromYAMLSpec: bytes, file: spec.file)
                } else if path.hasSuffix(".yaml") && spec.file.hasSuffix(".json") {
                    // deps' layout holds YAML specs: a podspec.json is written as one (BEHAVIOUR 11).
                    let conversion = try DepsSpecYAMLWriter.depsYAML(fromPodspecJSON: bytes, file: spec.file)
                    (content, leftOut) = (conversion.bytes, conversion.leftOut)
                }
                try cache.fileSystem.writeAtomically(content, to: work / path, shownAs: path)
                let branch = try await reporting(url) { try await tree.branch() }
                try await reporting(url) { try await tree.commit(path, message: "[Add] \(spec.name) \(spec.version)") }
                switch try await reporting(url, { try await tree.push(to: url, branch: branch) }) {
                case .pushed:
                    let commit = try await reporting(url) { try await tree.head() }
                    // The mirror learns of the commit now; readers' checkout moves on `deps repo update`.
                    try? await store.mirror.fetch()
                    var published = PublishedSpec(
                        name: spec.name, version: spec.version, path: path,
                        commit: commit, attempts: attempt)
                    published.leftOut = leftOut
                    return published
                case let .rejected(detail):
                    lastRejection = detail
                }
            }
            throw UnpublishableSpecError(file: spec.file, repository: repository, reason: .kept(rejecting: attempts, lastRejection))
        }
    }

    /// Clones the mirror when the cache has none, else fetches it.
    private func refreshMirror(_ store: GitSpecStore) async throws {
        let mirror = store.mirror
        if mirror.isPresent(removingDamaged: true) {
            try await reporting(store.url) { try await mirror.fetch() }
        } else {
            let temporary = cache.temporaryPath("spec-mirror")
            defer { cache.fileSystem.removeTree(temporary) }
            try await reporting(store.url) { try await mirror.clone(store.url, through: temporary, shownAs: store.url) }
        }
    }

    /// Where the repository's layout puts the spec: CocoaPods' `Specs/…/<Name>/<version>/<Name>.podspec.json`
    /// (sharded as `CocoaPods-version.yml` says) when it has `Specs/` or that file, else deps'
    /// `<Name>/<version>.yaml`. Refuses a version the repository has, however it is spelt.
    private func target(of spec: SpecToPublish, in work: LocalPath, bytes: [UInt8], repository: String) throws -> String {
        let fileSystem = cache.fileSystem
        let versionFile = work / CocoaPodsShards.versionFile
        let cocoaPods = fileSystem.kind(of: work / "Specs") == .directory || fileSystem.kind(of: versionFile) == .file
        let folder: String
        if cocoaPods {
            var lengths: [Int] = []
            if fileSystem.kind(of: versionFile) == .file {
                lengths = try CocoaPodsShards.prefixLengths(
                    in: try fileSystem.readFile(versionFile, shownAs: repository), shownAs: "\(repository): \(CocoaPodsShards.versionFile)")
            }
            folder = (["Specs"] + CocoaPodsShards.fragments(of: spec.name, lengths) + [spec.name.description]).joined(separator: "/")
        } else {
            folder = spec.name.description
        }
        for entry in (try? fileSystem.directoryEntries(work / folder, shownAs: folder)) ?? [] {
            let spelling = cocoaPods ? entry : (entry.hasSuffix(".yaml") ? String(entry.dropLast(5)) : entry)
            guard let existing = try? Version(spelling), existing == spec.version else { continue }
            throw VersionAlreadyPublishedError(
                name: spec.name, version: spec.version, repository: repository,
                path: folder + "/" + (cocoaPods ? "\(entry)/\(spec.name).podspec.json" : entry))
        }
        return folder + "/" + (cocoaPods ? "\(spec.version)/\(spec.name).podspec.json" : "\(spec.version).yaml")
    }

    /// Runs git work, reporting its failure as the repository's.
    private func reporting<T>(_ url: String, _ work: () async throws -> T) async throws -> T {
        try await reportingGitFailures(on: .specRepository, as: { UnavailableError(location: url, reason: .gitFailed($0)) }, work)
    }
}
