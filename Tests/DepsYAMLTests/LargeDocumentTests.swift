import DepsYAML
import Foundation
import XCTest

/// A 10 MB file read from disk parses completely and correctly.
final class LargeDocumentTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("DepsYAMLTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    /// Eight lines and fourteen nodes per package.
    private func entry(_ index: Int) -> String {
        let name = "Package\(index)"
        return """
              \(name):
                version: 1.\(index % 100).\(index % 7)
                summary: '\(String(repeating: "A library that does something useful; ", count: 12))#\(index)'
                homepage: https://example.com/\(name)
                dependencies:
                  - Package\(index + 1) (~> 1.0)
                  - Package\(index + 2) (>= 2.0, < 3)
                checksum: \(String(repeating: "9f86d081", count: 8))

            """
    }

    func testATenMegabyteFileParses() throws {
        var text = "packages:\n"
        var count = 0
        while text.utf8.count < 10 * 1024 * 1024 {
            text += entry(count)
            count += 1
        }
        let file = directory.appendingPathComponent("large.yaml")
        try Data(text.utf8).write(to: file)
        let bytes = [UInt8](try Data(contentsOf: file))
        XCTAssertGreaterThanOrEqual(bytes.count, 10 * 1024 * 1024)

        let root = try XCTUnwrap(try YAMLParser.parse(bytes, fileName: "large.yaml"))
        let packages = try XCTUnwrap(root.value(forKey: "packages")?.mappingPairs)
        XCTAssertEqual(packages.count, count)
        XCTAssertGreaterThan(nodeCount(root), 200_000)

        let lastIndex = count - 1
        let last = try XCTUnwrap(packages.last)
        XCTAssertEqual(last.key.scalarValue, "Package\(lastIndex)")
        XCTAssertEqual(last.key.mark, YAMLMark(line: 2 + 8 * lastIndex, column: 3))
        XCTAssertEqual(last.value.value(forKey: "version")?.scalarValue, "1.\(lastIndex % 100).\(lastIndex % 7)")
        XCTAssertEqual(last.value.value(forKey: "summary")?.scalarValue?.hasSuffix("#\(lastIndex)"), true)
        XCTAssertEqual(
            last.value.value(forKey: "dependencies")?.sequenceItems?.compactMap(\.scalarValue),
            ["Package\(lastIndex + 1) (~> 1.0)", "Package\(lastIndex + 2) (>= 2.0, < 3)"]
        )
        XCTAssertEqual(last.value.value(forKey: "checksum")?.mark.line, 2 + 8 * lastIndex + 7)
        XCTAssertTrue(
            packages.allSatisfy { $0.value.mappingPairs?.count == 5 },
            "every package has its five keys"
        )
    }

    func testAnErrorAtTheEndOfALargeFileIsLocated() {
        var text = "packages:\n"
        for index in 0..<20_000 {
            text += entry(index)
        }
        text += "  Package0:\n    version: 2.0\n"
        let error = parseError(text)
        XCTAssertEqual(error?.line, 2 + 8 * 20_000)
        XCTAssertEqual(error?.problem.description, "duplicate key 'Package0'; it was first defined on line 2")
    }

    private func nodeCount(_ node: YAMLNode) -> Int {
        switch node.content {
        case .null, .scalar: return 1
        case .sequence(let items): return 1 + items.reduce(0) { $0 + nodeCount($1) }
        case .mapping(let pairs): return 1 + pairs.reduce(0) { $0 + nodeCount($1.key) + nodeCount($1.value) }
        }
    }
}
