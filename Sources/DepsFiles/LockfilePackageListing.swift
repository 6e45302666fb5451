import DepsCore
import DepsYAML

/// The line each package was first listed on in one list of a lock. A package listed twice is
/// malformed: which of its entries counts would depend on the order they are read in.
struct PackageListing {
    let list: LockfileProblem.PackageList
    private var firstLines: [PackageName: Int] = [:]

    init(_ list: LockfileProblem.PackageList) {
        self.list = list
    }

    mutating func add(_ name: PackageName, at node: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) {
        if let first = firstLines[name] {
            throw document.lockfileError(node, .listedTwice(name, list, firstLine: first))
        }
        firstLines[name] = node.mark.line
    }
}
