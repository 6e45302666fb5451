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
                message: "merge conflict marker '\(marker.text)'", remedy: .resolveMergeConflict(orRewrite: true))
        }
        let document = YAMLDocument(file: fileName)
        let root = try document.root(of: bytes, expecting: "the sections \(Section.required.joined(separator: ", "))")
        let pairs = try document.mapping(root, "the lockfile")
        let fields = try document.fields(pairs, known: Section.all, in: "the lockfile")
        for section in Section.required where fields[section] == nil {
            throw MalformedInputError(file: fileName, line: root.mark.line, message: "missing section '\(section)'")
        }

        // The mapping sections cannot name a package twice: the YAML reader refuses a duplicate key.
        var packages: [LockedPackage] = []
        var listedPackages = PackageListing(Section.packages)
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
                throw document.error(
                    entryNode,
                    "\(package.name) is locked at \(package.version) but \(first.name) at \(first.version) (line \(first.line)); "
                        + "the subspecs of \(package.name.root) share one version")
            }
            versionsOfRoots[package.name.root] = versionsOfRoots[package.name.root] ?? (package.name, package.version, entryNode.mark.line)
            packages.append(package)
        }
        var dependencies: [Dependency] = []
        var listedDependencies = PackageListing(Section.dependencies)
        for item in try document.sequence(fields[Section.dependencies]!, Section.dependencies) {
            let dependency = try dependency(try document.scalar(item, "a dependency"), at: item, document)
            try listedDependencies.add(dependency.name, at: item, document)
            dependencies.append(dependency)
        }
        var specRepos: [SpecRepoEntry] = []
        var listedInRepos = PackageListing(Section.specRepos)
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
                throw document.error(
                    entryNode, "\(package.name) is locked at \(package.version) but EXTERNAL SOURCES takes it on \(reference)")
            }
            if reference == nil, listedUnversioned {
                throw document.error(
                    entryNode, "\(package.name) is locked on \(package.version) but EXTERNAL SOURCES takes it on no branch or revision")
            }
        }
        var checksums: [PackageName: String] = [:]
        for pair in try document.mapping(fields[Section.specChecksums]!, Section.specChecksums) {
            let name = try document.packageName(try document.key(pair), at: pair.key)
            checksums[name] = try checksum(pair.value, document, "the checksum of \(name)")
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
                    throw document.error(pair.value, "expected `commit:` and `\(urlKey):` for \(name)")
                }
                if let other = ["git", "package", "swiftpm"].filter({ $0 != urlKey }).compactMap({ option[$0] }).first {
                    throw document.error(other, "expected `commit:` and `\(urlKey):` for \(name)")
                }
                let commit = try document.scalar(commitNode, "the commit of \(name)")
                guard GitCommit.isValid(commit) else {
                    throw document.error(commitNode, "invalid commit '\(commit)' for \(name); expected 40 hexadecimal digits")
                }
                let git = try document.location(try document.scalar(gitNode, "the git URL of \(name)"), at: gitNode, "the git URL of \(name)")
                guard !git.isEmpty else { throw document.error(gitNode, "the git URL of \(name) cannot be empty") }
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
                sourceChecksums[name] = try checksum(pair.value, document, "the source checksum of \(name)")
            }
        }
        return Lockfile(
            packages: packages,
            dependencies: dependencies,
            specRepos: specRepos,
            externalSources: externalSources,
            specChecksums: checksums,
            depsfileChecksum: try checksum(fields[Section.depsfileChecksum]!, document, Section.depsfileChecksum),
            depsVersion: try depsVersion(fields[Section.deps]!, document),
            checkoutOptions: checkoutOptions,
            sourceChecksums: sourceChecksums)
    }

    /// The key of a CHECKOUT OPTIONS entry's URL: `git`, or for a Swift package the key EXTERNAL
    /// SOURCES gives it (`package`, `swiftpm` for a pod taken from a package).
    static func checkoutURLKey(of name: PackageName, _ source: ExternalSource?) -> String {
        guard let source, source.isSwiftPackage else { return "git" }
        return source.fields(of: name)[0].key
    }

    /// An EXTERNAL SOURCES entry: `path:`, `podspec:`, or `git:` with at most one of `tag:`,
    /// `commit:` and `branch:` (none: the default branch) and maybe `submodules:`.
    private func externalSource(_ node: YAMLNode, of name: PackageName, _ document: YAMLDocument) throws(MalformedInputError) -> ExternalSource {
        let source = try document.fields(
            try document.mapping(node, "the source of \(name)"), known: ["path", "podspec", "git", "package", "swiftpm", "registry", "revision"] + GitReference.keys + ["submodules"],
            in: "the source of \(name)")
        if let registry = source["registry"] {
            let url = try document.location(try document.scalar(registry, "the registry URL of \(name)"), at: registry, "the registry URL of \(name)")
            guard !url.isEmpty else { throw document.error(registry, "the registry URL of \(name) cannot be empty") }
            guard source.count == 1 else { throw document.error(node, "expected `registry:` alone for the registry package \(name)") }
            return .registry(url: url)
        }
        if let package = source["package"] ?? source["swiftpm"] {
            let url = try document.location(try document.scalar(package, "the package URL of \(name)"), at: package, "the package URL of \(name)")
            guard !url.isEmpty else { throw document.error(package, "the package URL of \(name) cannot be empty") }
            // `package:` under the package's identity, `swiftpm:` under a pod's name.
            // A package taken on a branch or a revision (BEHAVIOUR 16) keeps it beside `package:`.
            let references = source["package"] != nil ? SwiftPackageReference.keys.filter { source[$0] != nil } : []
            let key = references.isEmpty ? ExternalSource.package(url: url).fields(of: name)[0].key : "package"
            guard source.count == 1 + min(references.count, 1), source[key] != nil else {
                throw document.error(
                    node, "expected `\(key):` alone\(key == "package" ? ", or with `branch:` or `revision:`," : "") for the Swift package \(name)")
            }
            if let referenceKey = references.first, let referenceNode = source[referenceKey] {
                let value = try document.scalar(referenceNode, "the \(referenceKey) of \(name)")
                guard let reference = try? SwiftPackageReference(key: referenceKey, value: value) else {
                    throw document.error(referenceNode, "invalid `\(referenceKey):` for \(name)")
                }
                return .unversionedPackage(url: url, reference)
            }
            return .package(url: url)
        }
        guard let git = source["git"] else {
            if let file = source["podspec"], source["path"] == nil {
                return .podspec(try document.location(try document.scalar(file, "the podspec of \(name)"), at: file, "the podspec of \(name)"))
            }
            guard let path = source["path"], source["podspec"] == nil else {
                throw document.error(node, "expected one of `path:`, `podspec:` or `git:` for \(name)")
            }
            return .path(try document.location(try document.scalar(path, "the path of \(name)"), at: path, "the path of \(name)"))
        }
        if let revision = source["revision"] {
            throw document.error(revision, "`revision:` goes with `package:` in the source of \(name)")
        }
        let url = try document.location(try document.scalar(git, "the git URL of \(name)"), at: git, "the git URL of \(name)")
        let submodules = try source["submodules"].map { node throws(MalformedInputError) in
            try document.flag(node, "`submodules:` of \(name)")
        } ?? false
        guard let key = GitReference.keys.first(where: { source[$0] != nil }) else {
            return .git(url: url, .defaultBranch, submodules: submodules)
        }
        guard let reference = try? GitReference.reading(key: key, value: try document.scalar(source[key]!, "the \(key) of \(name)")) else {
            throw document.error(source[key]!, "invalid `\(key):` for \(name)")
        }
        return .git(url: url, reference, submodules: submodules)
    }

    /// The release of deps that wrote the lock: a version, kept as written.
    private func depsVersion(_ node: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) -> String {
        let text = try document.scalar(node, Section.deps)
        _ = try document.version(text, at: node, for: Section.deps)
        return text
    }

    private func checksum(_ node: YAMLNode, _ document: YAMLDocument, _ what: String) throws(MalformedInputError) -> String {
        let text = try document.scalar(node, what)
        guard SHA256Text.isValid(text) else {
            throw document.error(node, "invalid SHA-256 '\(text)' for \(what)")
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
                throw document.error(item, "expected `Name (version):` followed by its dependencies")
            }
            entryNode = pairs[0].key
            dependencyItems = try document.sequence(pairs[0].value, "dependencies")
        }
        let text = try document.scalar(entryNode, "a package")
        let entry = LockEntryText(text)
        guard let details = entry.details else {
            throw document.error(entryNode, "expected `Name (version)`, found '\(text)'")
        }
        let name = try document.packageName(entry.name, at: entryNode)
        let version: Version
        var unversioned = false
        if let key = SwiftPackageReference.keys.first(where: { details.starts(with: "\($0) `".unicodeScalars) }) {
            guard let (value, rest) = LockEntryText.unquoted(details.dropFirst(key.count + 1)), rest.isEmpty,
                  let reference = try? SwiftPackageReference(key: key, value: value) else {
                throw document.error(entryNode, "expected `\(key) `value`` in '\(text)'")
            }
            version = .unversioned(reference)
            unversioned = true
        } else {
            version = try document.version(String(details), at: entryNode, for: entry.name)
        }
        var dependencies: [Dependency] = []
        var listed = PackageListing("the dependencies of \(name)")
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
                throw document.error(node, "expected `from `location`` in '\(text)'")
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
                    throw document.error(node, "expected `revision `value`` in '\(text)'")
                }
                externalSource = .unversionedPackage(url: location, revision)
                details = Self.afterComma(rest)
            } else if let key = GitReference.keys.first(where: { details.starts(with: "\($0) `".unicodeScalars) }) {
                guard let (value, rest) = LockEntryText.unquoted(details.dropFirst(key.count + 1)),
                      let named = try? GitReference.reading(key: key, value: value) else {
                    throw document.error(node, "expected `\(key) `value`` in '\(text)'")
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
                throw document.error(node, "invalid requirement '\(String(details))' for \(name)")
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
    let list: String
    private var firstLines: [PackageName: Int] = [:]

    init(_ list: String) {
        self.list = list
    }

    mutating func add(_ name: PackageName, at node: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) {
        if let first = firstLines[name] {
            throw document.error(node, "\(name) is listed twice in \(list) (first on line \(first))")
        }
        firstLines[name] = node.mark.line
    }
}
