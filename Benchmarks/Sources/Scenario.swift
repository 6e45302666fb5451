import DepsFiles
import DepsSpecSources
import DepsCore
import Foundation

/// A benchmark case: a generated catalog and the Depsfile's requirements on it.
struct Scenario: Sendable {
    let name: String
    let summary: String
    /// Builds the catalog and the root requirements.
    let make: @Sendable () -> (catalog: SyntheticCatalog, root: [Dependency])
    let task: Task

    enum Task: Sendable {
        /// Resolve the root requirements, expecting a resolution or a failure.
        case resolve(succeeds: Bool)
        /// No solving: read each reachable package's versions and its newest version's
        /// dependencies once, the least any resolver reads. Its time is the floor that the
        /// catalog and the machine's memory set.
        case readOnly
        /// Write the conflict-free graph of this many packages as a spec repository on disk
        /// (once, before timing, straight to files so that the process never holds it in
        /// memory), then resolve through the same gateways `deps update` uses, opened afresh
        /// for each run, so that every run lists the directories and reads and parses the specs.
        case resolveFromDisk(packages: Int)
    }

    static let all: [Scenario] = [
        conflictFree(packages: 100),
        conflictFree(packages: 1_000),
        conflictFree(packages: 10_000),
        readOnly(packages: 1_000),
        readOnly(packages: 10_000),
        onDisk(packages: 1_000),
        onDisk(packages: 10_000),
        chain(length: 1_000),
        backjumping(tops: 50, depth: 20),
        ruledOut(versions: 300),
    ]

    /// A scenario of `all`, or `graph-N` / `specs-N` for a conflict-free graph of any size.
    static func named(_ name: String) -> Scenario? {
        if let known = all.first(where: { $0.name == name }) { return known }
        if name.hasPrefix("graph-"), let count = Int(name.dropFirst("graph-".count)), count > 0 {
            return conflictFree(packages: count)
        }
        if name.hasPrefix("specs-"), let count = Int(name.dropFirst("specs-".count)), count > 0 {
            return onDisk(packages: count)
        }
        return nil
    }

    private static let versions = ["1.0.0", "1.1.0", "1.2.0", "2.0.0", "2.1.0", "2.2.0"]

    /// A graph with no conflict: package i depends on 2i+1 and 2i+2 (so the root reaches
    /// every package) and on one more package further on; six versions each.
    static func conflictFree(packages count: Int) -> Scenario {
        Scenario(name: "graph-\(count)", summary: "\(count) packages, 6 versions, up to 3 dependencies each, no conflict", make: {
            let catalog = SyntheticCatalog()
            for index in 0..<count {
                let dependencies = conflictFreeDependencies(of: index, among: count)
                catalog.add("P\(index)", versions: versions.map { ($0, dependencies) })
            }
            return (catalog, conflictFreeRoot)
        }, task: .resolve(succeeds: true))
    }

    /// What package `index` of a conflict-free graph of `count` packages depends on (every
    /// version alike).
    static func conflictFreeDependencies(of index: Int, among count: Int) -> [(name: String, requirement: String)] {
        var targets = [2 * index + 1, 2 * index + 2].filter { $0 < count }
        // One more, scattered over the next 60 packages by a fixed stride.
        if index + 3 < count { targets.append(index + 3 + (index * 37) % (min(count, index + 60) - index - 3)) }
        return Set(targets).sorted().map { (name: "P\($0)", requirement: $0 % 2 == 0 ? "~> 2.0" : ">= 1.1") }
    }

    static let conflictFreeRoot = [Dependency(try! PackageName("P0"), try! Requirement(">= 1.0"))]

    /// The graph of `graph-N` as a spec repository of files, resolved through the
    /// directory gateway and the spec catalog.
    static func onDisk(packages count: Int) -> Scenario {
        Scenario(name: "specs-\(count)", summary: "graph-\(count) as spec files on disk, read through the gateways",
                 make: { (SyntheticCatalog(), conflictFreeRoot) }, task: .resolveFromDisk(packages: count))
    }

    /// Writes the graph of `graph-N` as `<directory>/<Name>/<version>.yaml`, each spec as a
    /// person would write it (summary, source and dependencies).
    static func writeConflictFreeSpecs(packages count: Int, to directory: URL) throws {
        for index in 0..<count {
            let name = "P\(index)"
            let folder = directory.appendingPathComponent(name, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let dependencies = conflictFreeDependencies(of: index, among: count)
            for version in versions {
                var text = """
                    name: \(name)
                    version: \(version)
                    summary: A generated package for the resolver benchmarks
                    source:
                      git: https://example.com/\(name).git
                      tag: \(version)

                    """
                if !dependencies.isEmpty {
                    text += "dependencies:\n" + dependencies.map { "  \($0.name): \"\($0.requirement)\"\n" }.joined()
                }
                try Data(text.utf8).write(to: folder.appendingPathComponent("\(version).yaml"))
            }
        }
    }

    /// The catalog of `graph-N`, read once without solving.
    static func readOnly(packages count: Int) -> Scenario {
        let graph = conflictFree(packages: count)
        return Scenario(name: "read-\(count)", summary: "the catalog of graph-\(count) read once, no solving (the floor)",
                        make: graph.make, task: .readOnly)
    }

    /// A chain P0 → P1 → … of the given length.
    static func chain(length: Int) -> Scenario {
        Scenario(name: "chain-\(length)", summary: "a chain of \(length) packages, 6 versions each", make: {
            let catalog = SyntheticCatalog()
            for index in 0..<length {
                let dependencies = index + 1 < length ? [(name: "P\(index + 1)", requirement: "~> 2.0")] : []
                catalog.add("P\(index)", versions: versions.map { ($0, dependencies) })
            }
            return (catalog, [Dependency(try! PackageName("P0"))])
        }, task: .resolve(succeeds: true))
    }

    /// Heavy backtracking: every version of Top but the oldest starts a chain of `depth`
    /// packages whose last link needs a Leaf the Depsfile rules out. The conflict shows only
    /// at the end of each chain; the solver learns it back up the chain and jumps back.
    static func backjumping(tops: Int, depth: Int) -> Scenario {
        Scenario(name: "backjump-\(tops)x\(depth)", summary: "\(tops) versions of Top, each failing \(depth) links deep", make: {
            let catalog = SyntheticCatalog()
            var topVersions: [(version: String, dependencies: [(name: String, requirement: String)])] = [("1.0.0", [])]
            for top in 1..<tops {
                topVersions.append(("1.\(top).0", [(name: "Link\(top)x0", requirement: ">= 1.0")]))
                for link in 0..<depth {
                    let next = link + 1 < depth ? (name: "Link\(top)x\(link + 1)", requirement: ">= 1.0") : (name: "Leaf", requirement: "= 2.0")
                    catalog.add("Link\(top)x\(link)", versions: [("1.0", [next]), ("1.1", [next])])
                }
            }
            catalog.add("Top", versions: topVersions)
            catalog.add("Leaf", versions: [("1.0", []), ("2.0", [])])
            let root = [Dependency(try! PackageName("Top")), Dependency(try! PackageName("Leaf"), try! Requirement("1.0"))]
            return (catalog, root)
        }, task: .resolve(succeeds: true))
    }

    /// Many versions each ruled out by a different requirement, then a failure: every
    /// version of Lib needs a Base the Depsfile excludes, and the explanation is built.
    static func ruledOut(versions count: Int) -> Scenario {
        Scenario(name: "ruled-out-\(count)", summary: "\(count) versions of Lib, each needing another Base; no solution", make: {
            let catalog = SyntheticCatalog()
            catalog.add("Lib", versions: (0..<count).map { ("1.\($0).0", [(name: "Base", requirement: "~> 2.\($0)")]) })
            catalog.add("Base", versions: [("1.0.0", [])] + (0..<count).map { ("2.\($0).0", []) })
            return (catalog, [Dependency(try! PackageName("Lib")), Dependency(try! PackageName("Base"), try! Requirement("~> 1.0"))])
        }, task: .resolve(succeeds: false))
    }
}
