import Foundation
import XCTest

/// A real directory under the system's temporary directory, removed when the test ends.
public final class TemporaryDirectory {
    public let path: String

    public init(_ test: XCTestCase) throws {
        let base = NSTemporaryDirectory() + "deps-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
        test.addTeardownBlock { [path] in try? FileManager.default.removeItem(atPath: path) }
    }

    @discardableResult
    public func write(_ relativePath: String, _ text: String) throws -> String {
        try write(relativePath, bytes: Array(text.utf8))
    }

    @discardableResult
    public func write(_ relativePath: String, bytes: [UInt8]) throws -> String {
        let full = path + "/" + relativePath
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    public func read(_ relativePath: String) throws -> String {
        try String(contentsOfFile: path + "/" + relativePath, encoding: .utf8)
    }
}
