import SeededRandom
import DepsCore

/// A catalog written as a table, package → version → dependency → requirement:
/// `["Moya": ["15.0.0": ["Alamofire": "~> 5.0"]], "Alamofire": ["5.0.0": [:]]]`.
/// An empty requirement means any version. It counts the calls the resolver makes, so
/// tests can assert what was read, and can answer in a shuffled order.
public final class TableCatalog: PackageCatalog {
    public typealias Table = [String: [String: [String: String]]]

    public let table: Table
    /// Names the sources have beside the table's packages (for suggestions).
    public let otherNames: [String]
    /// "Moya 15.0.0" for each call to `dependencies(of:at:)`.
    public private(set) var dependencyCalls: [String] = []
    /// "Moya" for each call to `versions(of:)`.
    public private(set) var versionCalls: [String] = []
    public private(set) var nameListCalls = 0
    /// When set, every answer comes in an order drawn from this generator.
    private var shuffler: SplitMix64?
    /// A package whose specs cannot be read: `dependencies(of:at:)` throws for it.
    public var brokenPackage: String?

    public struct BrokenSpec: Error, Equatable {
        public let name: String

        public init(name: String) {
            self.name = name
        }
    }

    public init(_ table: Table, otherNames: [String] = [], shuffledBy seed: UInt64? = nil) {
        self.table = table
        self.otherNames = otherNames
        self.shuffler = seed.map(SplitMix64.init(seed:))
    }

    public func versions(of name: PackageName) throws -> [Version] {
        versionCalls.append(name.description)
        let versions = try (table[name.description] ?? [:]).keys.map { try Version($0) }
        return ordered(versions.sorted { $0.description < $1.description })
    }

    public func dependencies(of name: PackageName, at version: Version) throws -> [Dependency] {
        dependencyCalls.append("\(name) \(version)")
        if name.description == brokenPackage { throw BrokenSpec(name: name.description) }
        guard let versions = table[name.description],
              let entry = versions.first(where: { (try? Version($0.key)) == version })
        else { return [] }
        let dependencies = try entry.value.keys.sorted().map { dependency in
            let text = entry.value[dependency]!
            return Dependency(try PackageName(dependency), text.isEmpty ? .any : try Requirement(text))
        }
        return ordered(dependencies)
    }

    public func allPackageNames() throws -> [PackageName] {
        nameListCalls += 1
        return ordered(try (Array(table.keys) + otherNames).sorted().map { try PackageName($0) })
    }

    private func ordered<T>(_ items: [T]) -> [T] {
        guard var generator = shuffler else { return items }
        let result = items.shuffled(using: &generator)
        shuffler = generator
        return result
    }
}
