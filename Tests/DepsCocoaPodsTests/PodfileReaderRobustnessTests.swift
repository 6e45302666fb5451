import DepsCore
import DepsCocoaPods
import SeededRandom
import XCTest

/// Whatever a Podfile holds, the reader ends, and either reads it or names lines: cut short
/// anywhere (an unterminated string, block or heredoc), or with bytes changed at random.
final class PodfileReaderRobustnessTests: XCTestCase {
    static var fixtures: [String] {
        get throws { try CocoaPodsFixtures.projects() }
    }

    func outcome(_ bytes: [UInt8]) -> Int {
        do {
            return try PodfileReader().read(bytes).podfile.declarations.count
        } catch {
            XCTAssertFalse(error.errors.isEmpty)
            XCTAssertTrue(error.errors.allSatisfy { $0.line >= 1 && $0.line <= bytes.count(where: { $0 == 0x0A }) + 1 })
            return -1
        }
    }

    func testEveryPrefixOfTheFixtures() throws {
        for name in try Self.fixtures {
            let bytes = try PodfileReaderFixtureTests.fixture(name)
            for length in stride(from: 0, through: bytes.count, by: 13) {
                _ = outcome(Array(bytes.prefix(length)))
            }
        }
    }

    func testRandomChanges() throws {
        var random = SplitMix64(seed: 19)
        let alphabet = Array("'\"#{}()[]|:=>,.%/<~-\n do end if def `\\".utf8)
        for name in try Self.fixtures {
            let original = try PodfileReaderFixtureTests.fixture(name)
            for _ in 0..<60 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let position = Int.random(in: 0..<bytes.count, using: &random)
                    bytes[position] = alphabet.randomElement(using: &random) ?? 0x20
                }
                _ = outcome(bytes)
            }
        }
    }
}
