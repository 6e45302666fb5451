@testable import DepsCore
import ResolutionFixtures
import XCTest

/// The solver's tables: the decision queue, the index of incompatibilities, and the graph
/// of selected versions.
final class SolverBookkeepingTests: XCTestCase {
    private var registry: PackageRegistry!
    private var ids: [String: PackageID] = [:]

    override func setUpWithError() throws {
        let catalog = TableCatalog([
            "Zed": ["1.0": [:], "2.0": [:], "3.0": [:]],
            "Able": ["1.0": [:], "2.0": [:], "3.0": [:]],
            "Mid": ["1.0": [:], "2.0": [:]],
            "Far": ["1.0": [:], "2.0": [:], "3.0": [:]],
        ])
        let direct = try ["Zed", "Mid"].map { Dependency(try PackageName($0)) }
        registry = PackageRegistry(cache: CatalogCache(catalog), rootDependencies: direct, pins: [:])
        for name in ["Zed", "Able", "Mid", "Far"] { ids[name] = try registry.id(of: PackageName(name)).id }
    }

    private func solution(deriving derivations: [String: [Int]]) -> PartialSolution {
        var solution = PartialSolution()
        solution.track(packageCount: registry.count)
        let fact = Incompatibility(terms: [], cause: .dependency)
        for name in derivations.keys.sorted() {
            let id = ids[name]!
            solution.derive(Term(id, VersionSet(universe: registry.universe(of: id), indices: derivations[name]!)), cause: fact)
        }
        return solution
    }

    func testTheQueueOrdersDirectThenPromotedThenNearerThenMoreAskedForThenFewerCandidatesThenTheOrderMet() {
        let solution = solution(deriving: ["Zed": [0, 1, 2], "Able": [0, 1], "Mid": [0, 1], "Far": [1, 2]])
        func order(depths: [String: Int32], promoted: Set<String>, demand: [String: Int32] = [:]) -> [String] {
            var queue = DecisionQueue()
            for name in ["Zed", "Able", "Mid", "Far"] {
                queue.update(
                    ids[name]!, in: solution, registry: registry, depth: depths[name]!, demand: demand[name] ?? 1,
                    isPromoted: promoted.contains(name))
            }
            var order: [String] = []
            while let next = queue.popBest(in: solution, registry: registry) { order.append(registry.name(of: next)!.description) }
            return order
        }
        // Direct first (Mid has fewer candidates than Zed), then nearer, then fewer candidates.
        XCTAssertEqual(order(depths: ["Zed": 1, "Mid": 1, "Able": 2, "Far": 3], promoted: []), ["Mid", "Zed", "Able", "Far"])
        // Same depth and as many candidates: the order first met.
        XCTAssertEqual(order(depths: ["Zed": 1, "Mid": 1, "Able": 2, "Far": 2], promoted: []), ["Mid", "Zed", "Able", "Far"])
        // Same depth: the package more versions ask for first, whatever its candidates.
        XCTAssertEqual(order(depths: ["Zed": 1, "Mid": 1, "Able": 2, "Far": 2], promoted: [], demand: ["Far": 2]), ["Mid", "Zed", "Far", "Able"])
        XCTAssertEqual(order(depths: ["Zed": 1, "Mid": 1, "Able": 2, "Far": 3], promoted: [], demand: ["Far": 2]), ["Mid", "Zed", "Able", "Far"])
        // A promoted transitive package goes before other transitive ones, never before a direct one.
        XCTAssertEqual(order(depths: ["Zed": 1, "Mid": 1, "Able": 2, "Far": 3], promoted: ["Far", "Zed"]), ["Mid", "Zed", "Far", "Able"])
    }

    func testAPackageWithOneCandidateLeftGoesBeforeNearerTransitiveOnes() {
        let solution = solution(deriving: ["Zed": [0, 1, 2], "Able": [0, 1], "Mid": [0, 1], "Far": [2]])
        var queue = DecisionQueue()
        for (name, depth) in [("Zed", Int32(1)), ("Able", 2), ("Mid", 1), ("Far", 5)] {
            queue.update(ids[name]!, in: solution, registry: registry, depth: depth, demand: 1, isPromoted: false)
        }
        var order: [String] = []
        while let next = queue.popBest(in: solution, registry: registry) { order.append(registry.name(of: next)!.description) }
        XCTAssertEqual(order, ["Mid", "Zed", "Far", "Able"])
    }

    func testTheQueueDropsEntriesOutdatedByALaterChange() {
        var solution = solution(deriving: ["Zed": [0, 1, 2], "Able": [0, 1]])
        var queue = DecisionQueue()
        queue.update(ids["Zed"]!, in: solution, registry: registry, depth: 1, demand: 1, isPromoted: false)
        queue.update(ids["Able"]!, in: solution, registry: registry, depth: 2, demand: 1, isPromoted: false)
        solution.derive(Term(ids["Zed"]!, VersionSet(universe: 3, indices: [1])), cause: Incompatibility(terms: [], cause: .dependency))
        queue.update(ids["Zed"]!, in: solution, registry: registry, depth: 1, demand: 1, isPromoted: false)
        solution.decide(ids["Able"]!, versionAt: 1, universe: 3)
        XCTAssertEqual(queue.popBest(in: solution, registry: registry), ids["Zed"]!)
        XCTAssertNil(queue.popBest(in: solution, registry: registry), "Able is decided; its entry is stale")
    }

    func testTheIndexListsIncompatibilitiesNewestFirstAsTheyStood() {
        var index = IncompatibilityIndex()
        index.track(packageCount: registry.count)
        let zed = ids["Zed"]!
        let able = ids["Able"]!
        let first = Incompatibility(terms: [Term(zed, .full(universe: 3)), Term(able, .full(universe: 3), isPositive: false)], cause: .dependency)
        let second = Incompatibility(terms: [Term(zed, .full(universe: 3))], cause: .noVersions)
        index.add(first)
        let before = index.newestFirst(of: zed)
        index.add(second)
        XCTAssertEqual(index.newestFirst(of: zed).map(ObjectIdentifier.init), [second, first].map(ObjectIdentifier.init))
        XCTAssertEqual(before.map(ObjectIdentifier.init), [first].map(ObjectIdentifier.init))
        XCTAssertEqual(index.newestFirst(of: able).map(ObjectIdentifier.init), [first].map(ObjectIdentifier.init))
        XCTAssertEqual(Array(index.newestFirst(of: ids["Far"]!)).count, 0)
    }

    func testTheGraphKeepsWhatTheRootReachesAndFindsACycle() {
        let (zed, able, mid, far) = (ids["Zed"]!, ids["Able"]!, ids["Mid"]!, ids["Far"]!)
        registry.markConverted(.root, at: 0, targets: [zed, mid])
        registry.markConverted(zed, at: 2, targets: [able])
        registry.markConverted(able, at: 0, targets: [])
        registry.markConverted(mid, at: 1, targets: [far])
        registry.markConverted(far, at: 0, targets: [mid])
        let decisions: [SelectionGraph.Node] = [(.root, 0), (zed, 2), (able, 0), (mid, 1), (far, 0)]
        let graph = SelectionGraph(decisions: decisions, registry: registry)
        XCTAssertEqual(graph.reachable.map(\.package), [zed, able, mid, far])
        XCTAssertEqual(graph.cycle?.map(\.package), [mid, far])
        XCTAssertEqual(graph.cycle?.map(\.versionIndex), [1, 0])

        registry.markConverted(far, at: 1, targets: [])
        let acyclic = SelectionGraph(decisions: [(.root, 0), (zed, 2), (mid, 1), (far, 1)], registry: registry)
        XCTAssertNil(acyclic.cycle)
        XCTAssertEqual(acyclic.reachable.map(\.package), [zed, mid, far], "Able is not selected")
    }
}
