import DepsCore
import DepsFiles
import DepsYAML
import DepsFileSystem
import DepsFailures

/// Reads a CocoaPods `Podfile.lock` (BEHAVIOUR 10) into a `PodfileLock`. Every section CocoaPods
/// has written since 0.x is read; anything else is an error naming `Podfile.lock:LINE` and the
/// value.
public struct PodfileLockCodec {
    public let fileName: String

    public init(fileName: String = "Podfile.lock") {
        self.fileName = fileName
    }

    enum Section {
        static let pods = "PODS"
        static let dependencies = "DEPENDENCIES"
        static let specRepos = "SPEC REPOS"
        static let externalSources = "EXTERNAL SOURCES"
        static let checkoutOptions = "CHECKOUT OPTIONS"
        static let specChecksums = "SPEC CHECKSUMS"
        static let podfileChecksum = "PODFILE CHECKSUM"
        static let cocoaPods = "COCOAPODS"
        static let all = [pods, dependencies, specRepos, externalSources, checkoutOptions, specChecksums, podfileChecksum, cocoaPods]
    }

    /// The keys of an EXTERNAL SOURCES entry, as CocoaPods writes them.
    static let externalSourceKeys = [":git", ":tag", ":branch", ":commit", ":submodules", ":path", ":podspec", ":http", ":svn", ":hg", ":bzr"]
    static let downloadKeys = [":http", ":svn", ":hg", ":bzr"]
    static let checkoutKeys = [":git", ":commit", ":tag", ":submodules"]

    public func decode(_ bytes: [UInt8]) throws(MalformedInputError) -> PodfileLock {
        if let marker = MergeConflictMarker.first(in: bytes) {
            throw MalformedInputError(file: fileName, line: marker.line, problem: .podfileLock(.mergeConflictMarker(marker.text)))
        }
        let document = YAMLDocument(file: fileName)
        let root = try document.root(of: bytes, expecting: .podfileLock(sections: [Section.pods, Section.dependencies]))
        let fields = try document.fields(try document.mapping(root, .document(.podfileLock)), known: Section.all, in: .document(.podfileLock))
        guard let podsNode = fields[Section.pods] else {
            throw MalformedInputError(file: fileName, line: root.mark.line, problem: .podfileLock(.missingSection(Section.pods)))
        }

        var pods: [PodfileLock.Pod] = []
        var podLines: [String: Int] = [:]
        for item in try document.sequence(podsNode, .key(Section.pods)) {
            let (pod, entryNode) = try self.pod(item, document)
            if let first = podLines[pod.name] {
                throw document.problem(entryNode, .podListedTwice(pod: pod.name, firstLine: first))
            }
            podLines[pod.name] = entryNode.mark.line
            pods.append(pod)
        }
        var dependencies: [PodDependency] = []
        if let node = fields[Section.dependencies] {
            for item in try document.sequence(node, .key(Section.dependencies)) {
                dependencies.append(try dependency(try document.scalar(item, .aDependency), at: item, document))
            }
        }
        var specRepos: [PodfileLock.SpecRepo]?
        if let node = fields[Section.specRepos] {
            var repos: [PodfileLock.SpecRepo] = []
            for pair in try document.mapping(node, .key(Section.specRepos)) {
                let source = try document.location(try document.key(pair), at: pair.key, .aSpecRepository)
                let names = try document.sequence(pair.value, .podsOfSpecRepository(source)).map { item throws(MalformedInputError) in
                    try podName(try document.scalar(item, .entry(.podName)), at: item, document)
                }
                repos.append(PodfileLock.SpecRepo(source: source, pods: names))
            }
            specRepos = repos
        }
        var externalSources: [String: PodExternalSource] = [:]
        if let node = fields[Section.externalSources] {
            for pair in try document.mapping(node, .key(Section.externalSources)) {
                let name = try podName(try document.key(pair), at: pair.key, document)
                externalSources[name] = try externalSource(pair.value, of: name, document)
            }
        }
        var checkoutOptions: [String: PodCheckout] = [:]
        if let node = fields[Section.checkoutOptions] {
            for pair in try document.mapping(node, .key(Section.checkoutOptions)) {
                let name = try podName(try document.key(pair), at: pair.key, document)
                checkoutOptions[name] = try checkout(pair.value, of: name, document)
            }
        }
        var specChecksums: [String: String] = [:]
        if let node = fields[Section.specChecksums] {
            for pair in try document.mapping(node, .key(Section.specChecksums)) {
                let name = try podName(try document.key(pair), at: pair.key, document)
                specChecksums[name] = try document.scalar(pair.value, .podPart(.checksum, pod: name))
            }
        }
        return PodfileLock(
            pods: pods, dependencies: dependencies, specRepos: specRepos, externalSources: externalSources,
            checkoutOptions: checkoutOptions, specChecksums: specChecksums,
            podfileChecksum: try fields[Section.podfileChecksum].map { node throws(MalformedInputError) in
                try document.scalar(node, .key(Section.podfileChecksum))
            },
            cocoaPodsVersion: try fields[Section.cocoaPods].map { node throws(MalformedInputError) in
                try document.scalar(node, .key(Section.cocoaPods))
            })
    }

    // MARK: Entries

    /// `Alamofire (5.9.1)`, or a one-pair mapping `Moya (15.0.0): [Alamofire (~> 5.0)]`; with the
    /// node of its `Name (version)` text.
    private func pod(_ item: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) -> (PodfileLock.Pod, YAMLNode) {
        var entryNode = item
        var dependencyItems: [YAMLNode] = []
        if let pairs = item.mappingPairs {
            guard pairs.count == 1 else {
                throw document.problem(item, .podEntryNotOnePair)
            }
            entryNode = pairs[0].key
            dependencyItems = try document.sequence(pairs[0].value, .key("dependencies"))
        }
        let text = try document.scalar(entryNode, .entry(.pod))
        let entry = LockEntryText(text)
        guard let details = entry.details else {
            throw document.problem(entryNode, .podEntryWithoutVersion(text))
        }
        let name = try podName(entry.name, at: entryNode, document)
        let version = try document.version(String(details), at: entryNode, of: .packageNamed(name))
        var dependencies: [PodDependency] = []
        for dependencyItem in dependencyItems {
            dependencies.append(try dependency(try document.scalar(dependencyItem, .aDependency), at: dependencyItem, document))
        }
        return (PodfileLock.Pod(name: name, version: version, dependencies: dependencies), entryNode)
    }

    /// `FirebaseCore (~> 10.0)`, `SnapKit`, `GTMSessionFetcher/Core (< 3.0, >= 1.7)`,
    /// `Mantle (from `https://github.com/signalapp/Mantle`, branch `signal-master`)`.
    private func dependency(_ text: String, at node: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) -> PodDependency {
        let entry = LockEntryText(text)
        let name = try podName(entry.name, at: node, document)
        guard var details = entry.details else { return PodDependency(name: name) }
        var location: String?
        if details.starts(with: "from ".unicodeScalars) {
            guard let (quoted, rest) = LockEntryText.unquoted(details.dropFirst(5)) else {
                throw document.problem(node, .externalSourceNotQuoted(entry: text))
            }
            location = try document.location(quoted, at: node, .podPart(.externalSource, pod: name))
            details = Self.afterComma(rest)
            // `, tag `5.9.1``: the reference, which EXTERNAL SOURCES gives in full.
            if let key = ["tag", "commit", "branch"].first(where: { details.starts(with: "\($0) `".unicodeScalars) }) {
                guard let (_, rest) = LockEntryText.unquoted(details.dropFirst(key.count + 1)) else {
                    throw document.problem(node, .referenceNotQuoted(key: key, entry: text))
                }
                details = Self.afterComma(rest)
            }
        }
        var requirement = Requirement.any
        if !details.isEmpty {
            do {
                requirement = try Requirement(String(details))
            } catch {
                throw document.problem(node, .invalidRequirement(String(details), pod: name))
            }
        }
        return PodDependency(name: name, requirement: requirement, externalLocation: location)
    }

    /// An EXTERNAL SOURCES entry: `:git` with at most one of `:tag`/`:branch`/`:commit` (and
    /// `:submodules`), `:path`, `:podspec`, or a download (`:http`, `:svn`, `:hg`, `:bzr`).
    private func externalSource(_ node: YAMLNode, of name: String, _ document: YAMLDocument) throws(MalformedInputError) -> PodExternalSource {
        let options = try document.fields(
            try document.mapping(node, .podPart(.source, pod: name)), known: Self.externalSourceKeys, in: .podPart(.source, pod: name))
        var values: [String: String] = [:]
        for (key, valueNode) in options {
            values[key] = try document.location(
                try document.scalar(valueNode, .fieldOfPackage(key, package: name)), at: valueNode, .fieldOfPackage(key, package: name))
        }
        let kinds = ([":git", ":path", ":podspec"] + Self.downloadKeys).filter { values[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let location = values[kind] else {
            throw document.problem(node, kinds.isEmpty
                ? .noExternalSourceLocation(pod: name) : .severalExternalSourceLocations(keys: kinds, pod: name))
        }
        switch kind {
        case ":git":
            let references = [":tag", ":branch", ":commit"].filter { values[$0] != nil }
            guard references.count <= 1 else {
                throw document.problem(node, .severalGitReferences(pod: name))
            }
            let reference: PodGitReference? = references.first.map { key in
                let value = values[key]!
                return key == ":tag" ? .tag(value) : key == ":branch" ? .branch(value) : .commit(value)
            }
            return .git(url: location, reference: reference, submodules: try submodules(options, of: name, document))
        case ":path", ":podspec":
            for key in [":tag", ":branch", ":commit", ":submodules"] where values[key] != nil {
                throw document.problem(options[key]!, .optionWithoutGit(key: key, kind: kind, pod: name))
            }
            return kind == ":path" ? .path(location) : .podspec(location)
        default:
            return .download(kind: String(kind.dropFirst()), location: location)
        }
    }

    /// A CHECKOUT OPTIONS entry: `:git` with `:commit` or `:tag`.
    private func checkout(_ node: YAMLNode, of name: String, _ document: YAMLDocument) throws(MalformedInputError) -> PodCheckout {
        let options = try document.fields(
            try document.mapping(node, .podPart(.checkout, pod: name)), known: Self.checkoutKeys, in: .podPart(.checkout, pod: name))
        guard let gitNode = options[":git"] else { throw document.problem(node, .checkoutWithoutGit(pod: name)) }
        let git = try document.location(try document.scalar(gitNode, .podPart(.gitURL, pod: name)), at: gitNode, .podPart(.gitURL, pod: name))
        guard !git.isEmpty else { throw document.problem(gitNode, .emptyGitURL(pod: name)) }
        let pin: PodCheckout.Pin
        switch (options[":commit"], options[":tag"]) {
        case let (commitNode?, nil):
            let commit = try document.scalar(commitNode, .podPart(.commit, pod: name))
            guard !commit.isEmpty, commit.utf8.allSatisfy(Self.isHexDigit) else {
                throw document.problem(commitNode, .invalidCommit(commit, pod: name))
            }
            pin = .commit(commit)
        case let (nil, tagNode?):
            pin = .tag(try document.scalar(tagNode, .podPart(.tag, pod: name)))
        default:
            throw document.problem(node, .checkoutWithoutPin(pod: name))
        }
        return PodCheckout(git: git, pin: pin, submodules: try submodules(options, of: name, document))
    }

    private func submodules(_ options: [String: YAMLNode], of name: String, _ document: YAMLDocument) throws(MalformedInputError) -> Bool {
        guard let node = options[":submodules"] else { return false }
        switch try document.scalar(node, .fieldOfPackage(":submodules", package: name)) {
        case "true": return true
        case "false": return false
        case let other: throw document.problem(node, .invalidSubmodules(other, pod: name))
        }
    }

    /// A pod name as CocoaPods writes it: non-empty parts separated by `/`, without spaces,
    /// quotes, backticks or control characters. Whether deps can name it is the conversion's
    /// question.
    private func podName(_ text: String, at node: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) -> String {
        let refused: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: "("), UInt8(ascii: ")")]
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.contains(where: \.isEmpty), !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || refused.contains($0) }) else {
            throw document.problem(node, .invalidPodName(text))
        }
        return text
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }

    /// The text after a `,` separator and the spaces that follow it.
    private static func afterComma(_ text: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        (text.first == "," ? text.dropFirst() : text).drop { $0 == " " }
    }
}

extension YAMLDocument {
    /// A Podfile.lock's problem at `node`.
    fileprivate func problem(_ node: YAMLNode, _ problem: PodfileLockProblem) -> MalformedInputError {
        MalformedInputError(file: file, line: node.mark.line > 0 ? node.mark.line : nil, problem: .podfileLock(problem))
    }
}
