@testable import DepsCore
import SeededRandom
import XCTest

final class VersionSetTests: XCTestCase {
    func testSetOperationsOnASmallUniverse() {
        let a = VersionSet(universe: 5, indices: [0, 1, 2])
        let b = VersionSet(universe: 5, indices: [2, 3])
        XCTAssertEqual(a.intersection(b).indices, [2])
        XCTAssertEqual(a.union(b).indices, [0, 1, 2, 3])
        XCTAssertEqual(a.subtracting(b).indices, [0, 1])
        XCTAssertEqual(a.complement.indices, [3, 4])
        XCTAssertEqual(VersionSet.full(universe: 5).indices, [0, 1, 2, 3, 4])
        XCTAssertTrue(VersionSet.empty(universe: 5).isEmpty)
        XCTAssertEqual(a.count, 3)
        XCTAssertEqual(a.highest, 2)
        XCTAssertNil(VersionSet.empty(universe: 5).highest)
    }

    func testComplementStaysWithinTheUniverse() {
        for universe in [0, 1, 63, 64, 65, 130] {
            let empty = VersionSet.empty(universe: universe)
            XCTAssertEqual(empty.complement.count, universe, "universe \(universe)")
            XCTAssertEqual(empty.complement.complement, empty, "universe \(universe)")
            XCTAssertEqual(VersionSet.full(universe: universe).highest, universe == 0 ? nil : universe - 1)
        }
    }

    func testRangeHoldsBothEnds() {
        XCTAssertEqual(VersionSet(universe: 70, from: 62, through: 66).indices, [62, 63, 64, 65, 66])
    }

    func testSubsetAndDisjointness() {
        let small = VersionSet(universe: 100, indices: [3, 70])
        let large = VersionSet(universe: 100, indices: [3, 4, 70, 99])
        let other = VersionSet(universe: 100, indices: [5, 71])
        XCTAssertTrue(small.isSubset(of: large))
        XCTAssertFalse(large.isSubset(of: small))
        XCTAssertTrue(small.isDisjoint(with: other))
        XCTAssertFalse(small.isDisjoint(with: large))
        XCTAssertTrue(VersionSet.empty(universe: 100).isSubset(of: small))
    }

    /// Every operation agrees with `Set<Int>` on random sets of random universes.
    func testOperationsAgreeWithSetsOfIndices() {
        var random = SplitMix64(seed: 7)
        for round in 0..<500 {
            let universe = Int.random(in: 0...150, using: &random)
            func draw() -> Set<Int> {
                Set((0..<universe).filter { _ in Bool.random(using: &random) })
            }
            let (x, y) = (draw(), draw())
            let (a, b) = (VersionSet(universe: universe, indices: x), VersionSet(universe: universe, indices: y))
            let context = "round \(round), universe \(universe)"
            XCTAssertEqual(a.indices, x.sorted(), context)
            XCTAssertEqual(a.intersection(b).indices, x.intersection(y).sorted(), context)
            XCTAssertEqual(a.union(b).indices, x.union(y).sorted(), context)
            XCTAssertEqual(a.subtracting(b).indices, x.subtracting(y).sorted(), context)
            XCTAssertEqual(a.complement.indices, Set(0..<universe).subtracting(x).sorted(), context)
            XCTAssertEqual(a.isSubset(of: b), x.isSubset(of: y), context)
            XCTAssertEqual(a.isDisjoint(with: b), x.isDisjoint(with: y), context)
            XCTAssertEqual(a.count, x.count, context)
            XCTAssertEqual(a.highest, x.max(), context)
            XCTAssertEqual(a == b, x == y, context)
        }
    }
}
