import DepsCore
import DepsYAML

/// Reading EXTERNAL SOURCES: where a pod's spec or a Swift package comes from (a path, a
/// podspec, git with its reference, a package's URL with its branch or revision, a registry),
/// and the key of a CHECKOUT OPTIONS entry's URL.
extension LockfileCodec {
    /// The key of a CHECKOUT OPTIONS entry's URL: `git`, or for a Swift package the key EXTERNAL
    /// SOURCES gives it (`package`, `swiftpm` for a pod taken from a package).
    static func checkoutURLKey(of name: PackageName, _ source: ExternalSource?) -> String {
        guard let source, source.isSwiftPackage else { return "git" }
        return source.fields(of: name)[0].key
    }

    /// An EXTERNAL SOURCES entry: `path:`, `podspec:`, or `git:` with at most one of `tag:`,
    /// `commit:` and `branch:` (none: the default branch) and maybe `submodules:`.
    func externalSource(_ node: YAMLNode, of name: PackageName, _ document: YAMLDocument) throws(MalformedInputError) -> ExternalSource {
        let source = try document.fields(
            try document.mapping(node, "the source of \(name)"), known: ["path", "podspec", "git", "package", "swiftpm", "registry", "revision"] + GitReference.keys + ["submodules"],
            in: "the source of \(name)")
        if let registry = source["registry"] {
            let url = try document.location(try document.scalar(registry, "the registry URL of \(name)"), at: registry, "the registry URL of \(name)")
            guard !url.isEmpty else { throw document.lockfileError(registry, .emptyRegistryURL(name)) }
            guard source.count == 1 else { throw document.lockfileError(node, .registryNotAlone(name)) }
            return .registry(url: url)
        }
        if let package = source["package"] ?? source["swiftpm"] {
            let url = try document.location(try document.scalar(package, "the package URL of \(name)"), at: package, "the package URL of \(name)")
            guard !url.isEmpty else { throw document.lockfileError(package, .emptyPackageURL(name)) }
            // `package:` under the package's identity, `swiftpm:` under a pod's name.
            // A package taken on a branch or a revision (BEHAVIOUR 16) keeps it beside `package:`.
            let references = source["package"] != nil ? SwiftPackageReference.keys.filter { source[$0] != nil } : []
            let key = references.isEmpty ? ExternalSource.package(url: url).fields(of: name)[0].key : "package"
            guard source.count == 1 + min(references.count, 1), source[key] != nil else {
                throw document.lockfileError(node, .packageKeyNotAlone(name, key: key))
            }
            if let referenceKey = references.first, let referenceNode = source[referenceKey] {
                let value = try document.scalar(referenceNode, "the \(referenceKey) of \(name)")
                guard let reference = try? SwiftPackageReference(key: referenceKey, value: value) else {
                    throw document.lockfileError(referenceNode, .invalidReference(name, key: referenceKey))
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
                throw document.lockfileError(node, .noLocation(name))
            }
            return .path(try document.location(try document.scalar(path, "the path of \(name)"), at: path, "the path of \(name)"))
        }
        if let revision = source["revision"] {
            throw document.lockfileError(revision, .revisionWithoutPackage(name))
        }
        let url = try document.location(try document.scalar(git, "the git URL of \(name)"), at: git, "the git URL of \(name)")
        let submodules = try source["submodules"].map { node throws(MalformedInputError) in
            try document.flag(node, "`submodules:` of \(name)")
        } ?? false
        guard let key = GitReference.keys.first(where: { source[$0] != nil }) else {
            return .git(url: url, .defaultBranch, submodules: submodules)
        }
        guard let reference = try? GitReference.reading(key: key, value: try document.scalar(source[key]!, "the \(key) of \(name)")) else {
            throw document.lockfileError(source[key]!, .invalidReference(name, key: key))
        }
        return .git(url: url, reference, submodules: submodules)
    }
}
