import SeededRandom
import DepsCore

/// A small random spec repository with a Depsfile and a lockfile, drawn from a seed:
/// up to 6 packages with up to 5 versions each (some of them prereleases), requirements
/// built from every operator, sometimes a dependency on a package no source has. A
/// prerelease-heavy repository draws from a pool where half the versions are prereleases, so
/// that requirements name them often (and some do not, beside them).
public struct RandomRepository: CustomStringConvertible {
    public let seed: UInt64
    public let table: TableCatalog.Table
    public let root: [String: String]
    public let pins: [String: String]

    public static let names = ["A", "b", "C", "d", "E", "F"]
    public static let missingName = "Ghost"
    public static let versionPool = ["0.9", "1.0.0", "1.1", "1.2.0", "2.0.0-beta.1", "2.0.0", "2.1", "3.0.0-rc1", "3.0"]
    public static let prereleaseHeavyPool = [
        "0.9", "1.0.0-alpha", "1.0.0", "1.1-beta.2", "1.1", "2.0.0-beta.1", "2.0.0", "2.1.0-rc.1", "3.0.0-rc1", "3.0",
    ]

    public init(seed: UInt64, prereleaseHeavy: Bool = false) {
        self.seed = seed
        var random = SplitMix64(seed: seed)
        let versionPool = prereleaseHeavy ? Self.prereleaseHeavyPool : Self.versionPool
        let packageCount = Int.random(in: 1...6, using: &random)
        let names = Array(Self.names.prefix(packageCount))

        // Now and then a package with no versions: a name no source has.
        var lists: [String: [String]] = [:]
        for name in names {
            let versionCount = Int.random(in: 0...20, using: &random) == 0 ? 0 : Int.random(in: 1...5, using: &random)
            lists[name] = Array(versionPool.shuffled(using: &random).prefix(versionCount))
        }
        var table: TableCatalog.Table = [:]
        for name in names where !lists[name]!.isEmpty {
            var entries: [String: [String: String]] = [:]
            for version in lists[name]! {
                var dependencies: [String: String] = [:]
                // Mostly on packages further down the list, so cycles happen but do not dominate.
                for other in names where Int.random(in: 0..<100, using: &random) < (other == name ? 2 : other > name ? 30 : 8) {
                    dependencies[other] = Self.requirement(near: lists[other]!, pool: versionPool, using: &random)
                }
                if Int.random(in: 0..<100, using: &random) < 3 {
                    dependencies[Self.missingName] = Self.requirement(near: [], pool: versionPool, using: &random)
                }
                entries[version] = dependencies
            }
            table[name] = entries
        }

        var root: [String: String] = [:]
        for name in names.shuffled(using: &random).prefix(Int.random(in: 1...min(3, packageCount), using: &random)) {
            root[name] = Self.requirement(near: lists[name]!, pool: versionPool, using: &random)
        }
        if Int.random(in: 0..<100, using: &random) < 3 { root[Self.missingName] = "" }

        var pins: [String: String] = [:]
        for name in names where Int.random(in: 0..<100, using: &random) < 15 {
            let known = table[name].map { Array($0.keys).sorted() } ?? []
            if !known.isEmpty, Int.random(in: 0..<10, using: &random) > 0 {
                pins[name] = known.randomElement(using: &random)!
            } else {
                pins[name] = versionPool.randomElement(using: &random)!
            }
        }
        self.table = table
        self.root = root
        self.pins = pins
    }

    /// One or two constraints with any operator, mostly on versions the package has;
    /// a fifth of the time, any version.
    static func requirement(near versions: [String], pool versionPool: [String], using random: inout SplitMix64) -> String {
        if Int.random(in: 0..<5, using: &random) == 0 { return "" }
        let operators = ["=", "!=", ">", "<", ">=", "<=", "~>", ">=", "~>"]
        let count = Int.random(in: 0..<5, using: &random) == 0 ? 2 : 1
        return (0..<count).map { _ in
            let version = !versions.isEmpty && Int.random(in: 0..<10, using: &random) < 7
                ? versions.randomElement(using: &random)!
                : versionPool.randomElement(using: &random)!
            return "\(operators.randomElement(using: &random)!) \(version)"
        }.joined(separator: ", ")
    }

    public var description: String {
        func render(_ map: [String: String]) -> String {
            map.keys.sorted().map { "\($0): \"\(map[$0]!)\"" }.joined(separator: ", ")
        }
        var lines = ["seed \(seed)", "root: [\(render(root))]", "pins: [\(render(pins))]"]
        for name in table.keys.sorted() {
            for version in table[name]!.keys.sorted() {
                lines.append("  \(name) \(version) -> [\(render(table[name]![version]!))]")
            }
        }
        return lines.joined(separator: "\n")
    }
}
