import DepsCore
import DepsYAML
import DepsFileSystem
import DepsFailures

/// Reads and writes Depsfile.lock (BEHAVIOUR 1.3). A lock that deps wrote reads back and
/// writes out byte for byte.
public struct LockfileCodec {
    public let fileName: String

    public init(fileName: String = "Depsfile.lock") {
        self.fileName = fileName
    }

    enum Section {
        static let packages = "PACKAGES"
        static let dependencies = "DEPENDENCIES"
        static let specRepos = "SPEC REPOS"
        static let externalSources = "EXTERNAL SOURCES"
        static let specChecksums = "SPEC CHECKSUMS"
        static let checkoutOptions = "CHECKOUT OPTIONS"
        static let sourceChecksums = "SOURCE CHECKSUMS"
        static let depsfileChecksum = "DEPSFILE CHECKSUM"
        static let deps = "DEPS"
        static let all = [
            packages, dependencies, specRepos, externalSources, specChecksums, checkoutOptions, sourceChecksums,
            depsfileChecksum, deps,
        ]
        static let required = [packages, dependencies, specRepos, specChecksums, depsfileChecksum, deps]
    }

    // MARK: Writing

    public func encode(_ lockfile: Lockfile) -> String {
        var sections: [(String, YAMLNode)] = []
        sections.append((Section.packages, .sequence(lockfile.packages.map { package in
            let entry = LockEntryText.package(package, reference: lockfile.externalSources[package.name]?.swiftPackageReference)
            guard !package.dependencies.isEmpty else { return .scalar(entry) }
            return .mapping([(entry, .sequence(package.dependencies.map { .scalar(LockEntryText.dependency($0)) }))])
        })))
        sections.append((Section.dependencies, .sequence(lockfile.dependencies.map { .scalar(LockEntryText.dependency($0)) })))
        sections.append((Section.specRepos, .mapping(lockfile.specRepos.map { repo in
            (repo.source, .sequence(repo.packages.map { .scalar($0.description) }))
        })))
        if !lockfile.externalSources.isEmpty {
            sections.append((Section.externalSources, .mapping(lockfile.externalSources.sorted { $0.key < $1.key }.map { name, source in
                (name.description, .mapping(source.fields(of: name).map { ($0.key, .scalar($0.value)) }))
            })))
        }
        sections.append((Section.specChecksums, .mapping(lockfile.specChecksums.sorted { $0.key < $1.key }.map { name, checksum in
            (name.description, .scalar(checksum))
        })))
        if !lockfile.checkoutOptions.isEmpty {
            sections.append((Section.checkoutOptions, .mapping(lockfile.checkoutOptions.sorted { $0.key < $1.key }.map { name, option -> (String, YAMLNode) in
                // A Swift package's checkout names its package URL, as EXTERNAL SOURCES does (BEHAVIOUR 16).
                let urlKey = Self.checkoutURLKey(of: name, lockfile.externalSources[name])
                var fields: [(String, YAMLNode)] = [("commit", .scalar(option.commit)), (urlKey, .scalar(option.git))]
                if option.submodules { fields.append(("submodules", .scalar("true"))) }
                return (name.description, .mapping(fields))
            })))
        }
        if !lockfile.sourceChecksums.isEmpty {
            sections.append((Section.sourceChecksums, .mapping(lockfile.sourceChecksums.sorted { $0.key < $1.key }.map { name, digest in
                (name.description, .scalar(digest))
            })))
        }
        sections.append((Section.depsfileChecksum, .scalar(lockfile.depsfileChecksum)))
        sections.append((Section.deps, .scalar(lockfile.depsVersion)))
        return YAMLEmitter.emit(.mapping(sections), blankLineBetweenTopLevelEntries: true)
    }

    // MARK: Reading

    /// Reads a lock, refusing what deps never writes: a package listed twice in one list (which
    /// entry counted would depend on the order they were read in) and a location holding a NUL.
    public func decode(_ bytes: [UInt8]) throws(MalformedInputError) -> Lockfile {
        if let marker = MergeConflictMarker.first(in: bytes) {
            throw MalformedInputError(
                file: fileName, line: marker.line,
                problem: .mergeConflictMarker(marker.text), remedy: .resolveMergeConflict(orRewrite: true))
        }
        let document = YAMLDocument(file: fileName)
        let root = try document.root(of: bytes, expecting: .lockfile(required: Section.required))
        let pairs = try document.mapping(root, .lockfile)
        let fields = try document.fields(pairs, known: Section.all, in: .lockfile)
        for section in Section.required where fields[section] == nil {
            throw MalformedInputError(file: fileName, line: root.mark.line, problem: .lockfile(.missingSection(section)))
        }

        // The mapping sections cannot name a package twice: the YAML reader refuses a duplicate key.
        var packages: [LockedPackage] = []
        var listedPackages = PackageListing(.section(Section.packages))
        // A package and its subspecs share one version: `Kit/Core (1.0.0)` beside `Kit/Extra (2.0.0)`
        // pins two versions of Kit at once, and which one counted would depend on the order.
        var versionsOfRoots: [PackageName: (name: PackageName, version: Version, line: Int)] = [:]
        var packageEntryNodes: [YAMLNode] = []
        var unversionedEntries: Set<PackageName> = []
        for item in try document.sequence(fields[Section.packages]!, .key(Section.packages)) {
            let (package, entryNode, unversioned) = try lockedPackage(item, document)
            packageEntryNodes.append(entryNode)
            if unversioned { unversionedEntries.insert(package.name) }
            try listedPackages.add(package.name, at: entryNode, document)
            if let first = versionsOfRoots[package.name.root], first.version != package.version {
                throw document.error(
                    entryNode, LockfileProblem.subspecVersionsDisagree(package.name, package.version, other: first.name, first.version, line: first.line))
            }
            versionsOfRoots[package.name.root] = versionsOfRoots[package.name.root] ?? (package.name, package.version, entryNode.mark.line)
            packages.append(package)
        }
        var dependencies: [Dependency] = []
        var listedDependencies = PackageListing(.section(Section.dependencies))
        for item in try document.sequence(fields[Section.dependencies]!, .key(Section.dependencies)) {
            let dependency = try dependency(try document.scalar(item, .aDependency), at: item, document)
            try listedDependencies.add(dependency.name, at: item, document)
            dependencies.append(dependency)
        }
        var specRepos: [SpecRepoEntry] = []
        var listedInRepos = PackageListing(.section(Section.specRepos))
        for pair in try document.mapping(fields[Section.specRepos]!, .key(Section.specRepos)) {
            let source = try document.location(try document.key(pair), at: pair.key, .aSpecRepository)
            var names: [PackageName] = []
            for item in try document.sequence(pair.value, .packagesOfSpecRepository(source)) {
                let name = try document.packageName(try document.scalar(item, .aPackageName), at: item)
                try listedInRepos.add(name, at: item, document)
                names.append(name)
            }
            specRepos.append(SpecRepoEntry(source: source, packages: names))
        }
        var externalSources: [PackageName: ExternalSource] = [:]
        if let node = fields[Section.externalSources] {
            for pair in try document.mapping(node, .key(Section.externalSources)) {
                let name = try document.packageName(try document.key(pair), at: pair.key)
                externalSources[name] = try externalSource(pair.value, of: name, document)
            }
        }
        // `Kit (from `Vendor/Kit.podspec.json`)` reads as a folder; EXTERNAL SOURCES says it is a
        // spec file, or a Swift package.
        func naming(_ dependency: Dependency) -> Dependency {
            guard let written = dependency.externalSource, let recorded = externalSources[dependency.name.root] else { return dependency }
            switch written {
            case let .path(location):
                guard recorded == .podspec(location) || recorded == .package(url: location) || recorded == .registry(url: location) else {
                    return dependency
                }
            case let .git(location, .branch(branch), false):
                // `from `URL`, branch `main``: a package on a branch, as a git pod's reads.
                guard recorded == .unversionedPackage(url: location, .branch(branch)) else { return dependency }
            default:
                return dependency
            }
            return Dependency(dependency.name, dependency.requirement, externalSource: recorded)
        }
        dependencies = dependencies.map(naming)
        packages = packages.map { LockedPackage(name: $0.name, version: $0.version, dependencies: $0.dependencies.map(naming)) }
        try checkReferences(of: packages, listedAt: packageEntryNodes, unversioned: unversionedEntries, externalSources, document)
        var checksums: [PackageName: String] = [:]
        for pair in try document.mapping(fields[Section.specChecksums]!, .key(Section.specChecksums)) {
            let name = try document.packageName(try document.key(pair), at: pair.key)
            checksums[name] = try checksum(pair.value, document, .checksumOf(name))
        }
        var checkoutOptions: [PackageName: CheckoutOption] = [:]
        if let node = fields[Section.checkoutOptions] {
            for pair in try document.mapping(node, .key(Section.checkoutOptions)) {
                let name = try document.packageName(try document.key(pair), at: pair.key)
                let option = try document.fields(
                    try document.mapping(pair.value, .checkoutOf(name)), known: ["commit", "git", "package", "swiftpm", "submodules"],
                    in: .checkoutOf(name))
                let urlKey = Self.checkoutURLKey(of: name, externalSources[name])
                guard let commitNode = option["commit"], let gitNode = option[urlKey] else {
                    throw document.error(pair.value, LockfileProblem.checkoutNeedsCommitAndURL(name, urlKey: urlKey))
                }
                if let other = ["git", "package", "swiftpm"].filter({ $0 != urlKey }).compactMap({ option[$0] }).first {
                    throw document.error(other, LockfileProblem.checkoutNeedsCommitAndURL(name, urlKey: urlKey))
                }
                let commit = try document.scalar(commitNode, .commitOf(name))
                guard GitCommit.isValid(commit) else {
                    throw document.error(commitNode, LockfileProblem.invalidCommit(commit, of: name))
                }
                let git = try document.location(try document.scalar(gitNode, .gitURLOf(name)), at: gitNode, .gitURLOf(name))
                guard !git.isEmpty else { throw document.error(gitNode, LockfileProblem.emptyGitURL(name)) }
                let submodules = try option["submodules"].map { node throws(MalformedInputError) in
                    try document.flag(node, .submodulesOf(name))
                } ?? false
                checkoutOptions[name] = CheckoutOption(git: git, commit: commit, submodules: submodules)
            }
        }
        var sourceChecksums: [PackageName: String] = [:]
        if let node = fields[Section.sourceChecksums] {
            for pair in try document.mapping(node, .key(Section.sourceChecksums)) {
                let name = try document.packageName(try document.key(pair), at: pair.key)
                sourceChecksums[name] = try checksum(pair.value, document, .sourceChecksumOf(name))
            }
        }
        return Lockfile(
            packages: packages,
            dependencies: dependencies,
            specRepos: specRepos,
            externalSources: externalSources,
            specChecksums: checksums,
            depsfileChecksum: try checksum(fields[Section.depsfileChecksum]!, document, .key(Section.depsfileChecksum)),
            depsVersion: try depsVersion(fields[Section.deps]!, document),
            checkoutOptions: checkoutOptions,
            sourceChecksums: sourceChecksums)
    }

    /// An EXTERNAL SOURCES entry: `path:`, `podspec:`, or `git:` with at most one of `tag:`,
    /// `commit:` and `branch:` (none: the default branch) and maybe `submodules:`.
    func externalSource(_ node: YAMLNode, of name: PackageName, _ document: YAMLDocument) throws(MalformedInputError) -> ExternalSource {
        let source = try document.fields(
            try document.mapping(node, .sourceOf(name)), known: ["path", "podspec", "git", "package", "swiftpm", "registry", "revision"] + GitReference.keys + ["submodules"],
            in: .sourceOf(name))
        if let package = try swiftPackageSource(source, at: node, of: name, document) { return package }
        guard let git = source["git"] else {
            if let file = source["podspec"], source["path"] == nil {
                return .podspec(try document.location(try document.scalar(file, .podspecOf(name)), at: file, .podspecOf(name)))
            }
            guard let path = source["path"], source["podspec"] == nil else {
                throw document.error(node, LockfileProblem.noLocation(name))
            }
            return .path(try document.location(try document.scalar(path, .pathOf(name)), at: path, .pathOf(name)))
        }
        if let revision = source["revision"] {
            throw document.error(revision, LockfileProblem.revisionWithoutPackage(name))
        }
        let url = try document.location(try document.scalar(git, .gitURLOf(name)), at: git, .gitURLOf(name))
        let submodules = try source["submodules"].map { node throws(MalformedInputError) in
            try document.flag(node, .submodulesOf(name))
        } ?? false
        guard let key = GitReference.keys.first(where: { source[$0] != nil }) else {
            return .git(url: url, .defaultBranch, submodules: submodules)
        }
        guard let reference = try? GitReference.reading(key: key, value: try document.scalar(source[key]!, .gitReferenceOf(name, key: key))) else {
            throw document.error(source[key]!, LockfileProblem.invalidReference(key: key, of: name))
        }
        return .git(url: url, reference, submodules: submodules)
    }

    /// The release of deps that wrote the lock: a version, kept as written.
    private func depsVersion(_ node: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) -> String {
        let text = try document.scalar(node, .key(Section.deps))
        _ = try document.version(text, at: node, of: .key(Section.deps))
        return text
    }

    private func checksum(_ node: YAMLNode, _ document: YAMLDocument, _ subject: YAMLFieldSubject) throws(MalformedInputError) -> String {
        let text = try document.scalar(node, subject)
        guard SHA256Text.isValid(text) else {
            throw document.error(node, LockfileProblem.invalidSHA256(text, of: subject))
        }
        return text
    }

    /// `Alamofire (5.9.1)`, or a one-pair mapping `Moya (15.0.0): [Alamofire (~> 5.0)]`; with the
    /// node of its `Name (version)` text.
    /// A package on a branch or a revision reads `swift-foo (branch `main`)`, `swift-foo (revision
    /// `0123…`)`: the third value says so.
    private func lockedPackage(_ item: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) -> (LockedPackage, YAMLNode, Bool) {
        var entryNode = item
        var dependencyItems: [YAMLNode] = []
        if let pairs = item.mappingPairs {
            guard pairs.count == 1 else {
                throw document.error(item, LockfileProblem.entryNotOnePair)
            }
            entryNode = pairs[0].key
            dependencyItems = try document.sequence(pairs[0].value, .key("dependencies"))
        }
        let text = try document.scalar(entryNode, .aPackage)
        let entry = LockEntryText(text)
        guard let details = entry.details else {
            throw document.error(entryNode, LockfileProblem.entryWithoutVersion(text))
        }
        let name = try document.packageName(entry.name, at: entryNode)
        let version: Version
        var unversioned = false
        if let reference = try unversionedReference(details, entry: text, at: entryNode, document) {
            version = .unversioned(reference)
            unversioned = true
        } else {
            version = try document.version(String(details), at: entryNode, of: .packageNamed(entry.name))
        }
        var dependencies: [Dependency] = []
        var listed = PackageListing(.dependenciesOf(name))
        for dependencyItem in dependencyItems {
            let dependency = try dependency(try document.scalar(dependencyItem, .aDependency), at: dependencyItem, document)
            try listed.add(dependency.name, at: dependencyItem, document)
            dependencies.append(dependency)
        }
        return (LockedPackage(name: name, version: version, dependencies: dependencies), entryNode, unversioned)
    }

    /// `Moya (~> 15.0)`, `SnapKit`, `LocalKit (from `../LocalKit`)`, `LocalKit (from `../LocalKit`, ~> 1.0)`,
    /// `Networking (from `URL`, tag `2.1.0`)`; a location or reference may be fenced (`LockEntryText`).
    private func dependency(_ text: String, at node: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) -> Dependency {
        let entry = LockEntryText(text)
        let name = try document.packageName(entry.name, at: node)
        guard var details = entry.details else { return Dependency(name) }
        var externalSource: ExternalSource?
        if details.starts(with: "from ".unicodeScalars) {
            guard let (quoted, rest) = LockEntryText.unquoted(details.dropFirst(5)) else {
                throw document.error(node, LockfileProblem.unreadableLocation(in: text))
            }
            let location = try document.location(quoted, at: node, .externalSourceOf(name))
            externalSource = .path(location)
            details = Self.afterComma(rest)
            // `from `URL`, tag `2.1.0`` or `from `URL`, default branch`: a git external source,
            // maybe followed by `submodules`.
            var reference: GitReference?
            if details.starts(with: "revision `".unicodeScalars) {
                // `from `URL`, revision `0123…``: a Swift package at a revision (BEHAVIOUR 16).
                guard let (value, rest) = LockEntryText.unquoted(details.dropFirst("revision ".count)),
                      let revision = try? SwiftPackageReference(key: "revision", value: value) else {
                    throw document.error(node, LockfileProblem.unreadableReference(key: "revision", in: text))
                }
                externalSource = .unversionedPackage(url: location, revision)
                details = Self.afterComma(rest)
            } else if let key = GitReference.keys.first(where: { details.starts(with: "\($0) `".unicodeScalars) }) {
                guard let (value, rest) = LockEntryText.unquoted(details.dropFirst(key.count + 1)),
                      let named = try? GitReference.reading(key: key, value: value) else {
                    throw document.error(node, LockfileProblem.unreadableReference(key: key, in: text))
                }
                reference = named
                details = Self.afterComma(rest)
            } else if let rest = LockEntryText.afterWord(LockEntryText.defaultBranchWord, in: details) {
                reference = .defaultBranch
                details = Self.afterComma(rest)
            }
            if let reference {
                let rest = LockEntryText.afterWord(LockEntryText.submodulesWord, in: details)
                externalSource = .git(url: location, reference, submodules: rest != nil)
                details = Self.afterComma(rest ?? details)
            }
        }
        var requirement = Requirement.any
        if !details.isEmpty {
            do {
                requirement = try Requirement(String(details))
            } catch {
                throw document.error(node, YAMLFieldProblem.invalidRequirement(String(details), of: name))
            }
        }
        return Dependency(name, requirement, externalSource: externalSource)
    }

    /// The text after a `,` separator and the spaces that follow it.
    private static func afterComma(_ text: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        (text.first == "," ? text.dropFirst() : text).drop { $0 == " " }
    }
}

/// The line each package was first listed on in one list of a lock. A package listed twice is
/// malformed: which of its entries counts would depend on the order they are read in.
private struct PackageListing {
    let list: LockfileProblem.List
    private var firstLines: [PackageName: Int] = [:]

    init(_ list: LockfileProblem.List) {
        self.list = list
    }

    mutating func add(_ name: PackageName, at node: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) {
        if let first = firstLines[name] {
            throw document.error(node, LockfileProblem.listedTwice(name, in: list, firstLine: first))
        }
        firstLines[name] = node.mark.line
    }
}
