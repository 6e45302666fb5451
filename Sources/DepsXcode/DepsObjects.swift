import DepsCore
import DepsFileSystem
import DepsPropertyList

/// The objects deps adds to a project (BEHAVIOUR 15), and how it finds them again. Their ids are
/// derived from what they are (the target and the product), never random, so two people who
/// integrate the same Depsfile write the same bytes.
enum DepsObjects {
    static let checkPhaseName = "[deps] Check Depsfile.lock"
    static let referenceComment = "XCLocalSwiftPackageReference \"Deps\""
    /// What deps had to change besides its own objects, noted in each check phase's script so that
    /// deintegrating puts it back: `# deps: objectVersion 54`.
    static let notePrefix = "# deps: "
    /// The `objectVersion` a project needs for an `XCLocalSwiftPackageReference` (Xcode 15).
    static let packageReferenceObjectVersion = 60

    /// 24 upper-case hex digits from `seed`; `attempt` moves off an id the project already uses.
    /// The first 8 come from the target the object belongs to, so that a target's objects sit
    /// together in each section (Xcode sorts objects by id): a branch that changes one target
    /// edits lines far from a branch that changes another, and the two merge.
    static func id(_ seed: String, target: String?, attempt: Int = 0) -> String {
        let group = SHA256Digest.hex(of: Array("deps-target:\(target ?? "")".utf8))
        let digest = SHA256Digest.hex(of: Array("deps:\(seed)\(attempt == 0 ? "" : "#\(attempt)")".utf8))
        return (String(group.prefix(8)) + String(digest.prefix(16))).uppercased()
    }

    /// The first id for `seed` that the project does not use for something else.
    static func freeID(_ seed: String, target: String?, in document: XcodeProjectDocument, taken: inout Set<String>) -> String {
        var attempt = 0
        while true {
            let candidate = id(seed, target: target, attempt: attempt)
            if document.objects[candidate] == nil, !taken.contains(candidate) {
                taken.insert(candidate)
                return candidate
            }
            attempt += 1
        }
    }

    /// The ids deps may have given an object made from `seed`.
    static func possibleIDs(_ seed: String, target: String?) -> Set<String> {
        Set((0..<8).map { id(seed, target: target, attempt: $0) })
    }

    static let referenceSeed = "package-reference"
    /// A Swift package's remote reference (BEHAVIOUR 16), one per URL.
    static func remoteReferenceSeed(_ url: String) -> String { "remote-package:\(url)" }
    /// `XCRemoteSwiftPackageReference "swift-log"`, as Xcode comments one.
    static func remoteReferenceComment(_ url: String) -> String {
        "XCRemoteSwiftPackageReference \"\(SwiftPackageIdentity(location: url).description)\""
    }
    static func frameworksPhaseSeed(_ target: String) -> String { "frameworks:\(target)" }
}

/// What deps finds of its own in a project: the package reference, and per target the products it
/// links and the check phase.
struct DepsFootprint {
    var referenceIDs: [String] = []
    /// deps' remote references to Swift packages: id to (URL, exact version).
    /// Each remote package reference deps added, with its requirement as `kind value`
    /// (`exactVersion 1.2.0`, `revision <commit>`) when it is one deps writes.
    var remoteReferences: [String: (url: String, version: String?)] = [:]
    /// Product dependency id to (target id, product).
    var productDependencies: [String: String] = [:]
    /// Per target id: product name to (product dependency id, build file id).
    var products: [String: [String: (dependency: String, buildFile: String?)]] = [:]
    /// Per target id: check phase id.
    var checkPhases: [String: String] = [:]
    /// Build files that use deps' product dependencies.
    var buildFiles: [String: String] = [:]
    /// The notes in the check phases' scripts.
    var notes: Set<String> = []

    init(_ document: XcodeProjectDocument) throws {
        let referenceIDs = DepsObjects.possibleIDs(DepsObjects.referenceSeed, target: nil)
        for (id, entry) in document.objects where entry.value["isa"]?.string == "XCLocalSwiftPackageReference" && referenceIDs.contains(id) {
            self.referenceIDs.append(id)
        }
        for (id, entry) in document.objects where entry.value["isa"]?.string == "XCRemoteSwiftPackageReference" {
            guard let url = entry.value["repositoryURL"]?.string,
                  DepsObjects.possibleIDs(DepsObjects.remoteReferenceSeed(url), target: nil).contains(id) else { continue }
            let requirement = entry.value["requirement"]
            // `exactVersion` with its `version`, or `revision` with its commit, as `kind value`.
            let kind = requirement?["kind"]?.string
            let value = kind == "exactVersion" ? requirement?["version"]?.string : kind == "revision" ? requirement?["revision"]?.string : nil
            let exact = value.map { "\(kind!) \($0)" }
            self.referenceIDs.append(id)
            remoteReferences[id] = (url, exact)
        }
        let ours = Set(self.referenceIDs)
        for (id, entry) in document.objects where entry.value["isa"]?.string == "XCSwiftPackageProductDependency" {
            if let package = entry.value["package"]?.string, ours.contains(package) {
                productDependencies[id] = entry.value["productName"]?.string ?? ""
            }
        }
        for (id, entry) in document.objects where entry.value["isa"]?.string == "PBXBuildFile" {
            if let product = entry.value["productRef"]?.string, productDependencies[product] != nil { buildFiles[id] = product }
        }
        for target in try document.nativeTargets() {
            for item in document.items(target.node, "packageProductDependencies") {
                guard let id = item.string, let product = productDependencies[id] else { continue }
                products[target.id, default: [:]][product] = (id, nil)
            }
            for item in document.items(target.node, "buildPhases") {
                guard let id = item.string, let phase = document.object(id) else { continue }
                if phase["isa"]?.string == "PBXShellScriptBuildPhase", phase["name"]?.string == DepsObjects.checkPhaseName {
                    checkPhases[target.id] = id
                    for line in (phase["shellScript"]?.string ?? "").split(separator: "\n") where line.hasPrefix(DepsObjects.notePrefix) {
                        notes.insert(String(line.dropFirst(DepsObjects.notePrefix.count)))
                    }
                }
                if phase["isa"]?.string == "PBXFrameworksBuildPhase" {
                    for file in document.items(phase, "files") {
                        guard let fileID = file.string, let product = buildFiles[fileID], let name = productDependencies[product],
                              products[target.id]?[name] != nil else { continue }
                        products[target.id]?[name]?.buildFile = fileID
                    }
                }
            }
        }
    }

    var isEmpty: Bool { referenceIDs.isEmpty && productDependencies.isEmpty && checkPhases.isEmpty && buildFiles.isEmpty }

    /// The products each target links through deps' package reference, sorted.
    func linkedProducts(of targetID: String) -> [String] {
        (products[targetID] ?? [:]).keys.sorted()
    }
}
