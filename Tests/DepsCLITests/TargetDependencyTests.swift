import Foundation
import XCTest

/// Every target declares the targets it imports (docs/ARCHITECTURE.md): SwiftPM lets a module a
/// target reaches only through another one be imported all the same, so the layering that
/// Package.swift states could drift from the one the code has. The manifest is read as SwiftPM
/// evaluates it (`swift package dump-package`), and every `import` of a target of this package,
/// in Sources, Tests and Benchmarks, must name a declared dependency.
final class TargetDependencyTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testEveryImportedTargetIsADeclaredDependency() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch folder of its own: `swift test`, which runs this, holds the lock on `.build`.
        let scratch = NSTemporaryDirectory() + "deps-dump-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        process.arguments = ["timeout", "120", "swift", "package", "--scratch-path", scratch, "dump-package"]
        process.currentDirectoryURL = Self.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try XCTUnwrap(manifest["targets"] as? [[String: Any]])
        let names = Set(targets.compactMap { $0["name"] as? String })
        XCTAssertTrue(names.isSuperset(of: ["DepsCore", "DepsCLI", "DepsFailures", "DepsCoreTests"]), "\(names)")

        let importLine = try NSRegularExpression(pattern: #"^\s*(?:@\w+\s+)*(?:public |package |internal )?import (\w+)"#)
        var undeclared: [String] = []
        var checked = 0
        for target in targets {
            guard let name = target["name"] as? String, let type = target["type"] as? String else { continue }
            var declared: Set<String> = [name]
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                for (_, value) in dependency {
                    if let first = (value as? [Any])?.first as? String { declared.insert(first) }
                }
            }
            let folder = (target["path"] as? String) ?? ((type == "test" ? "Tests/" : "Sources/") + name)
            let directory = Self.root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: directory.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
                for (index, line) in text.components(separatedBy: "\n").enumerated() {
                    let range = NSRange(line.startIndex..., in: line)
                    guard let match = importLine.firstMatch(in: line, range: range),
                          let moduleRange = Range(match.range(at: 1), in: line) else { continue }
                    let module = String(line[moduleRange])
                    checked += 1
                    if names.contains(module), !declared.contains(module) {
                        undeclared.append("\(folder)/\(relative):\(index + 1): \(name) imports \(module)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 500, "the imports were not found under \(Self.root.path)")
        XCTAssertEqual(undeclared, [], "declare these in Package.swift")
    }
}
