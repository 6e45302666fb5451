import DepsYAML
import XCTest
import DepsFailures
import DepsPresenters

/// Parses `text` as the file `Depsfile`, failing the test on an error.
func parsed(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> YAMLNode? {
    do {
        return try YAMLParser.parse(Array(text.utf8), fileName: "Depsfile")
    } catch {
        XCTFail("unexpected error: \(error)", file: file, line: line)
        return nil
    }
}

/// The error parsing `bytes` as the file `Depsfile` gives, failing the test when it parses.
func parseError(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> YAMLError? {
    do {
        let root = try YAMLParser.parse(bytes, fileName: "Depsfile")
        XCTFail("expected an error, got \(String(describing: root))", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

func parseError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> YAMLError? {
    parseError(Array(text.utf8), file: file, line: line)
}

/// Asserts that `node` is a mapping and returns the value under the scalar key `key`.
func value(_ key: String, in node: YAMLNode?, file: StaticString = #filePath, line: UInt = #line) -> YAMLNode? {
    guard let node, let found = node.value(forKey: key) else {
        XCTFail("no key '\(key)' in \(String(describing: node))", file: file, line: line)
        return nil
    }
    return found
}
