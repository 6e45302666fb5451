import DepsCore
import Foundation
import ResolutionFixtures
import XCTest

/// The resolver against exhaustive search on random small repositories.
///
/// `swift test` runs 1,000 repositories; DEPS_ORACLE_RUNS sets how many and
/// DEPS_ORACLE_SEED the first seed (repository i uses seed + i), so a failure
/// replays with DEPS_ORACLE_SEED=<its seed> DEPS_ORACLE_RUNS=1.
final class ResolverOracleTests: XCTestCase {
    func testResolverAgreesWithExhaustiveSearch() throws {
        let environment = ProcessInfo.processInfo.environment
        let runs = environment["DEPS_ORACLE_RUNS"].flatMap { Int($0) } ?? 1_000
        let firstSeed = environment["DEPS_ORACLE_SEED"].flatMap { UInt64($0) } ?? 20_261_121
        var solved = 0
        var failed = 0
        for offset in 0..<UInt64(runs) {
            let repository = RandomRepository(seed: firstSeed &+ offset)
            if try check(repository) { solved += 1 } else { failed += 1 }
        }
        print("oracle: \(runs) repositories from seed \(firstSeed): \(solved) resolved, \(failed) without resolution")
        // Both outcomes must be well represented for the comparison to mean something.
        XCTAssertGreaterThan(solved, runs / 5, "seeds from \(firstSeed)")
        XCTAssertGreaterThan(failed, runs / 10, "seeds from \(firstSeed)")
    }

    /// The same over repositories where half the versions are prereleases, so that whether a
    /// prerelease is admitted depends on which versions are chosen.
    func testResolverAgreesWithExhaustiveSearchOnPrereleaseHeavyGraphs() throws {
        let environment = ProcessInfo.processInfo.environment
        let runs = environment["DEPS_ORACLE_RUNS"].flatMap { Int($0) } ?? 1_000
        let firstSeed = environment["DEPS_ORACLE_SEED"].flatMap { UInt64($0) } ?? 20_261_125
        var solved = 0
        var failed = 0
        var prereleasesChosen = 0
        for offset in 0..<UInt64(runs) {
            let repository = RandomRepository(seed: firstSeed &+ offset, prereleaseHeavy: true)
            if try check(repository) { solved += 1 } else { failed += 1 }
            if case let .resolved(versions) = try outcome(of: repository, shuffled: false),
               versions.values.contains(where: { (try? Version($0))?.isPrerelease == true }) {
                prereleasesChosen += 1
            }
        }
        print("oracle (prerelease-heavy): \(runs) repositories from seed \(firstSeed): \(solved) resolved "
            + "(\(prereleasesChosen) with a prerelease), \(failed) without resolution")
        XCTAssertGreaterThan(solved, runs / 5, "seeds from \(firstSeed)")
        XCTAssertGreaterThan(failed, runs / 10, "seeds from \(firstSeed)")
        XCTAssertGreaterThan(prereleasesChosen, runs / 10, "seeds from \(firstSeed)")
    }

    /// Checks one repository; returns whether it has a resolution.
    private func check(_ repository: RandomRepository) throws -> Bool {
        let oracle = try BruteForceOracle(repository)
        let expected = oracle.hasResolution()
        let context = "\n\(repository)"
        let plain = try outcome(of: repository, shuffled: false)
        let shuffled = try outcome(of: repository, shuffled: true)
        XCTAssertEqual(plain, shuffled, "a shuffled catalog changed the outcome\(context)")

        switch plain {
        case let .resolved(versions):
            XCTAssertTrue(expected, "resolved \(versions) where exhaustive search finds nothing\(context)")
            var selection: [String: Version] = [:]
            for (name, version) in versions { selection[name] = try Version(version) }
            if let problem = oracle.problem(with: selection) {
                XCTFail("invalid resolution \(versions.sorted { $0.key < $1.key }): \(problem)\(context)")
            } else if let raisable = oracle.raisablePackage(in: selection) {
                XCTFail("\(raisable.name) could be \(raisable.version) in \(versions.sorted { $0.key < $1.key })\(context)")
            }
            // BEHAVIOUR 3: when an answer exists in which every direct dependency has its newest
            // version that the Depsfile admits, the answer holds each at that version, or at a
            // newer prerelease that the answer's own requirements admit.
            if let newest = oracle.newestDirectsIfResolvable() {
                for (name, version) in newest where selection[name].map({ $0 < version }) ?? true {
                    XCTFail("\(name) is \(selection[name].map(\.description) ?? "missing") where \(version) resolves with every direct dependency newest\(context)")
                }
            }
        case let .failed(failure):
            XCTAssertFalse(expected, "failed where exhaustive search finds a resolution:\n\(failure.derivation)\(context)")
            XCTAssertTrue(failure.derivation.concludesThatResolvingFails, context)
            switch failure.kind {
            case let .missingPackage(name, _):
                XCTAssertNil(repository.table[name.description], "\(name) is not missing\(context)")
            case let .cycle(names):
                XCTAssertEqual(names.first, names.last, context)
            case .noSolution:
                break
            }
            if !failure.suggestedUpdate.isEmpty {
                var pins = repository.pins
                for name in failure.suggestedUpdate { pins[name.description] = nil }
                XCTAssertTrue(try BruteForceOracle(repository, pins: pins).hasResolution(),
                              "updating \(failure.suggestedUpdate) does not help\(context)")
                XCTAssertFalse(failure.derivation.facts.isEmpty, context)
            }
        }
        return expected
    }

    private enum Outcome: Equatable {
        case resolved([String: String])
        case failed(ResolutionFailure)
    }

    private func outcome(of repository: RandomRepository, shuffled: Bool) throws -> Outcome {
        let catalog = TableCatalog(repository.table, shuffledBy: shuffled ? repository.seed : nil)
        do {
            return .resolved(try ResolutionFixture.resolve(catalog, repository.root, pins: repository.pins))
        } catch let failure as ResolutionFailure {
            return .failed(failure)
        }
    }
}

extension Derivation {
    /// Whether the last step says that the Depsfile cannot be resolved: no terms, or only
    /// the Depsfile's.
    var concludesThatResolvingFails: Bool {
        let terms = steps[conclusion].terms
        return terms.isEmpty || (terms.count == 1 && terms[0].subject == .depsfile && terms[0].isPositive)
    }
}
