import DepsCore
import DepsYAML

/// The Swift packages of a lock (BEHAVIOUR 16): a package on a branch or a revision as PACKAGES
/// spells it, the `package:`, `swiftpm:` and `registry:` entries of EXTERNAL SOURCES, and the
/// URL key of their CHECKOUT OPTIONS.
extension LockfileCodec {
    /// `branch `main`` or `revision `0123…`` (the details of `swift-foo (branch `main`)`): the
    /// reference a package is locked on; nil when the details are a version.
    func unversionedReference(
        _ details: Substring.UnicodeScalarView, entry text: String, at entryNode: YAMLNode, _ document: YAMLDocument
    ) throws(MalformedInputError) -> SwiftPackageReference? {
        guard let key = SwiftPackageReference.keys.first(where: { details.starts(with: "\($0) `".unicodeScalars) }) else { return nil }
        guard let (value, rest) = LockEntryText.unquoted(details.dropFirst(key.count + 1)), rest.isEmpty,
              let reference = try? SwiftPackageReference(key: key, value: value) else {
            throw document.error(entryNode, LockfileProblem.unreadableReference(key: key, in: text))
        }
        return reference
    }

    /// PACKAGES and EXTERNAL SOURCES agree on which packages are on a branch or a revision.
    func checkReferences(
        of packages: [LockedPackage], listedAt packageEntryNodes: [YAMLNode], unversioned unversionedEntries: Set<PackageName>,
        _ externalSources: [PackageName: ExternalSource], _ document: YAMLDocument
    ) throws(MalformedInputError) {
        // A package on a branch or a revision is listed as such in PACKAGES and EXTERNAL SOURCES
        // alike; a version in one and a reference in the other could not both be kept.
        for (package, entryNode) in zip(packages, packageEntryNodes) {
            let reference = externalSources[package.name.root]?.swiftPackageReference
            let listedUnversioned = unversionedEntries.contains(package.name)
            if let reference, !(listedUnversioned && package.version.description == reference.description) {
                throw document.error(entryNode, LockfileProblem.lockedAtVersionButReference(package.name, package.version, reference: reference))
            }
            if reference == nil, listedUnversioned {
                throw document.error(entryNode, LockfileProblem.lockedOnReferenceWithoutOne(package.name, package.version))
            }
        }
    }

    /// The key of a CHECKOUT OPTIONS entry's URL: `git`, or for a Swift package the key EXTERNAL
    /// SOURCES gives it (`package`, `swiftpm` for a pod taken from a package).
    static func checkoutURLKey(of name: PackageName, _ source: ExternalSource?) -> String {
        guard let source, source.isSwiftPackage else { return "git" }
        return source.fields(of: name)[0].key
    }

    /// An EXTERNAL SOURCES entry of a Swift package (`registry:`, or `package:`/`swiftpm:` maybe
    /// with `branch:` or `revision:`); nil when the entry is a pod's.
    func swiftPackageSource(
        _ source: [String: YAMLNode], at node: YAMLNode, of name: PackageName, _ document: YAMLDocument
    ) throws(MalformedInputError) -> ExternalSource? {
        if let registry = source["registry"] {
            let url = try document.location(try document.scalar(registry, .registryURLOf(name)), at: registry, .registryURLOf(name))
            guard !url.isEmpty else { throw document.error(registry, LockfileProblem.emptyRegistryURL(name)) }
            guard source.count == 1 else { throw document.error(node, LockfileProblem.registryNotAlone(name)) }
            return .registry(url: url)
        }
        if let package = source["package"] ?? source["swiftpm"] {
            let url = try document.location(try document.scalar(package, .packageURLOf(name)), at: package, .packageURLOf(name))
            guard !url.isEmpty else { throw document.error(package, LockfileProblem.emptyPackageURL(name)) }
            // `package:` under the package's identity, `swiftpm:` under a pod's name.
            // A package taken on a branch or a revision (BEHAVIOUR 16) keeps it beside `package:`.
            let references = source["package"] != nil ? SwiftPackageReference.keys.filter { source[$0] != nil } : []
            let key = references.isEmpty ? ExternalSource.package(url: url).fields(of: name)[0].key : "package"
            guard source.count == 1 + min(references.count, 1), source[key] != nil else {
                throw document.error(node, LockfileProblem.packageNotAlone(name, key: key))
            }
            if let referenceKey = references.first, let referenceNode = source[referenceKey] {
                let value = try document.scalar(referenceNode, .gitReferenceOf(name, key: referenceKey))
                guard let reference = try? SwiftPackageReference(key: referenceKey, value: value) else {
                    throw document.error(referenceNode, LockfileProblem.invalidReference(key: referenceKey, of: name))
                }
                return .unversionedPackage(url: url, reference)
            }
            return .package(url: url)
        }
        return nil
    }
}
