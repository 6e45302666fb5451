import DepsCore
import DepsYAML
import DepsFileSystem
import DepsFailures

extension YAMLDocument {
    func lockfileError(_ node: YAMLNode, _ problem: LockfileProblem) -> MalformedInputError {
        MalformedInputError(file: file, at: node, .lockfile(problem))
    }
}

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
        let root = try document.root(of: bytes, expecting: "the sections \(Section.required.joined(separator: ", "))")
        let pairs = try document.mapping(root, "the lockfile")
        let fields = try document.fields(pairs, known: Section.all, in: "the lockfile")
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
        for item in try document.sequence(fields[Section.packages]!, Section.packages) {
            let (package, entryNode, unversioned) = try lockedPackage(item, document)
            packageEntryNodes.append(entryNode)
            if unversioned { unversionedEntries.insert(package.name) }
            try listedPackages.add(package.name, at: entryNode, document)
            if let first = versionsOfRoots[package.name.root], first.version != package.version {
                throw document.lockfileError(
                    entryNode, .subspecsAtTwoVersions(package.name, package.version, first: first.name, firstVersion: first.version, firstLine: first.line))
            }
            versionsOfRoots[package.name.root] = versionsOfRoots[package.name.root] ?? (package.name, package.version, entryNode.mark.line)
            packages.append(package)
        }
        var dependencies: [Dependency] = []
        var listedDependencies = PackageListing(.section(Section.dependencies))
        for item in try document.sequence(fields[Section.dependencies]!, Section.dependencies) {
            let dependency = try dependency(try document.scalar(item, "a dependency"), at: item, document)
            try listedDependencies.add(dependency.name, at: item, document)
            dependencies.append(dependency)
        }
        var specRepos: [SpecRepoEntry] = []
        var listedInRepos = PackageListing(.section(Section.specRepos))
        for pair in try document.mapping(fields[Section.specRepos]!, Section.specRepos) {
            let source = try document.location(try document.key(pair), at: pair.key, "a spec repository")
            var names: [PackageName] = []
            for item in try document.sequence(pair.value, "the packages of \(source)") {
                let name = try document.packageName(try document.scalar(item, "a package name"), at: item)
                try listedInRepos.add(name, at: item, document)
                names.append(name)
            }
            specRepos.append(SpecRepoEntry(source: source, packages: names))
        }
        var externalSources: [PackageName: ExternalSource] = [:]
        if let node = fields[Section.externalSources] {
            for pair in try document.mapping(node, Section.externalSources) {
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
        // A package on a branch or a revision is listed as such in PACKAGES and EXTERNAL SOURCES
        // alike; a version in one and a reference in the other could not both be kept.
        for (package, entryNode) in zip(packages, packageEntryNodes) {
            let reference = externalSources[package.name.root]?.swiftPackageReference
            let listedUnversioned = unversionedEntries.contains(package.name)
            if let reference, !(listedUnversioned && package.version.description == reference.description) {
                throw document.lockfileError(entryNode, .lockedAtVersionButOnReference(package.name, package.version, reference))
            }
            if reference == nil, listedUnversioned {
                throw document.lockfileError(entryNode, .lockedOnReferenceButNone(package.name, package.version))
            }
        }
        var checksums: [PackageName: String] = [:]
        for pair in try document.mapping(fields[Section.specChecksums]!, Section.specChecksums) {
            let name = try document.packageName(try document.key(pair), at: pair.key)
            checksums[name] = try checksum(pair.value, document, .spec(name))
        }
        var checkoutOptions: [PackageName: CheckoutOption] = [:]
        if let node = fields[Section.checkoutOptions] {
            for pair in try document.mapping(node, Section.checkoutOptions) {
                let name = try document.packageName(try document.key(pair), at: pair.key)
                let option = try document.fields(
                    try document.mapping(pair.value, "the checkout of \(name)"), known: ["commit", "git", "package", "swiftpm", "submodules"],
                    in: "the checkout of \(name)")
                let urlKey = Self.checkoutURLKey(of: name, externalSources[name])
                guard let commitNode = option["commit"], let gitNode = option[urlKey] else {
                    throw document.lockfileError(pair.value, .checkoutNeedsCommitAnd(name, urlKey: urlKey))
                }
                if let other = ["git", "package", "swiftpm"].filter({ $0 != urlKey }).compactMap({ option[$0] }).first {
                    throw document.lockfileError(other, .checkoutNeedsCommitAnd(name, urlKey: urlKey))
                }
                let commit = try document.scalar(commitNode, "the commit of \(name)")
                guard GitCommit.isValid(commit) else {
                    throw document.lockfileError(commitNode, .invalidCommit(name, commit))
                }
                let git = try document.location(try document.scalar(gitNode, "the git URL of \(name)"), at: gitNode, "the git URL of \(name)")
                guard !git.isEmpty else { throw document.lockfileError(gitNode, .emptyGitURL(name)) }
                let submodules = try option["submodules"].map { node throws(MalformedInputError) in
                    try document.flag(node, "`submodules:` of \(name)")
                } ?? false
                checkoutOptions[name] = CheckoutOption(git: git, commit: commit, submodules: submodules)
            }
        }
        var sourceChecksums: [PackageName: String] = [:]
        if let node = fields[Section.sourceChecksums] {
            for pair in try document.mapping(node, Section.sourceChecksums) {
                let name = try document.packageName(try document.key(pair), at: pair.key)
                sourceChecksums[name] = try checksum(pair.value, document, .source(name))
            }
        }
        return Lockfile(
            packages: packages,
            dependencies: dependencies,
            specRepos: specRepos,
            externalSources: externalSources,
            specChecksums: checksums,
            depsfileChecksum: try checksum(fields[Section.depsfileChecksum]!, document, .depsfile(section: Section.depsfileChecksum)),
            depsVersion: try depsVersion(fields[Section.deps]!, document),
            checkoutOptions: checkoutOptions,
            sourceChecksums: sourceChecksums)
    }

    /// The release of deps that wrote the lock: a version, kept as written.
    private func depsVersion(_ node: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) -> String {
        let text = try document.scalar(node, Section.deps)
        _ = try document.version(text, at: node, for: Section.deps)
        return text
    }

    private func checksum(_ node: YAMLNode, _ document: YAMLDocument, _ field: LockfileProblem.ChecksumField) throws(MalformedInputError) -> String {
        let what = switch field {
        case let .spec(name): "the checksum of \(name)"
        case let .source(name): "the source checksum of \(name)"
        case let .depsfile(section): section
        }
        let text = try document.scalar(node, what)
        guard SHA256Text.isValid(text) else {
            throw document.lockfileError(node, .invalidChecksum(text, field))
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
                throw document.lockfileError(item, .notAnEntryWithDependencies)
            }
            entryNode = pairs[0].key
            dependencyItems = try document.sequence(pairs[0].value, "dependencies")
        }
        let text = try document.scalar(entryNode, "a package")
        let entry = LockEntryText(text)
        guard let details = entry.details else {
            throw document.lockfileError(entryNode, .notAnEntry(text))
        }
        let name = try document.packageName(entry.name, at: entryNode)
        let version: Version
        var unversioned = false
        if let key = SwiftPackageReference.keys.first(where: { details.starts(with: "\($0) `".unicodeScalars) }) {
            guard let (value, rest) = LockEntryText.unquoted(details.dropFirst(key.count + 1)), rest.isEmpty,
                  let reference = try? SwiftPackageReference(key: key, value: value) else {
                throw document.lockfileError(entryNode, .expectedReference(key: key, in: text))
            }
            version = .unversioned(reference)
            unversioned = true
        } else {
            version = try document.version(String(details), at: entryNode, for: entry.name)
        }
        var dependencies: [Dependency] = []
        var listed = PackageListing(.dependencies(of: name))
        for dependencyItem in dependencyItems {
            let dependency = try dependency(try document.scalar(dependencyItem, "a dependency"), at: dependencyItem, document)
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
                throw document.lockfileError(node, .expectedFrom(text))
            }
            let location = try document.location(quoted, at: node, "the external source of \(name)")
            externalSource = .path(location)
            details = Self.afterComma(rest)
            // `from `URL`, tag `2.1.0`` or `from `URL`, default branch`: a git external source,
            // maybe followed by `submodules`.
            var reference: GitReference?
            if details.starts(with: "revision `".unicodeScalars) {
                // `from `URL`, revision `0123…``: a Swift package at a revision (BEHAVIOUR 16).
                guard let (value, rest) = LockEntryText.unquoted(details.dropFirst("revision ".count)),
                      let revision = try? SwiftPackageReference(key: "revision", value: value) else {
                    throw document.lockfileError(node, .expectedReference(key: "revision", in: text))
                }
                externalSource = .unversionedPackage(url: location, revision)
                details = Self.afterComma(rest)
            } else if let key = GitReference.keys.first(where: { details.starts(with: "\($0) `".unicodeScalars) }) {
                guard let (value, rest) = LockEntryText.unquoted(details.dropFirst(key.count + 1)),
                      let named = try? GitReference.reading(key: key, value: value) else {
                    throw document.lockfileError(node, .expectedReference(key: key, in: text))
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
                throw document.lockfileError(node, .invalidRequirement(String(details), of: name))
            }
        }
        return Dependency(name, requirement, externalSource: externalSource)
    }

    /// The text after a `,` separator and the spaces that follow it.
    private static func afterComma(_ text: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        (text.first == "," ? text.dropFirst() : text).drop { $0 == " " }
    }
}
