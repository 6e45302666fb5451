import DepsCore
import DepsYAML

/// Where a CocoaPods CDN keeps its files, and how its index files read (BEHAVIOUR 9).
enum CDNLayout {
    /// The file that gives `prefix_lengths`.
    static let versionFile = "CocoaPods-version.yml"

    /// `all_pods_versions_a_b_c.txt`: the packages of one shard.
    static func indexPath(_ fragments: [String]) -> String {
        "all_pods_versions_\(fragments.joined(separator: "_")).txt"
    }

    /// `Specs/1/2/3/Name/1.0.0/Name.podspec.json`.
    static func specPath(_ name: PackageName, _ spelling: String, _ fragments: [String]) -> String {
        (["Specs"] + fragments + [name.description, spelling, "\(name).podspec.json"]).joined(separator: "/")
    }

    /// A shard index's lines by package name (`Name/1.0.0/1.1.0`), with their line numbers.
    static func parseIndex(_ bytes: [UInt8]) -> [String: (line: Int, text: Substring)] {
        var table: [String: (line: Int, text: Substring)] = [:]
        let text = Substring(String(decoding: bytes, as: UTF8.self))
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            guard !trimmed.isEmpty else { continue }
            let name = String(trimmed.prefix { $0 != "/" })
            if table[name] == nil { table[name] = (number, trimmed) }
        }
        return table
    }

    /// The newest release, else the newest prerelease: the version the resolver tries first.
    static func newest(in versions: some Collection<Version>) -> Version? {
        versions.filter { !$0.isPrerelease }.max() ?? versions.max()
    }

    /// `prefix_lengths` from `CocoaPods-version.yml` (none: not sharded).
    static func prefixLengths(_ bytes: [UInt8], fileURL: String) throws -> [Int] {
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(bytes, fileName: fileURL)
        } catch {
            throw MalformedInputError(error)
        }
        var lengths: [Int] = []
        if let node = root?.value(forKey: "prefix_lengths"), !node.isNull {
            guard let items = node.sequenceItems else {
                throw MalformedInputError(file: fileURL, line: node.mark.line, message: "prefix_lengths is not a list")
            }
            for item in items {
                guard let length = item.scalarValue.flatMap({ Int($0) }), (1...8).contains(length) else {
                    throw MalformedInputError(
                        file: fileURL, line: item.mark.line,
                        message: "prefix_lengths holds '\(CDNFileLoader.shown(item.scalarValue ?? "?"))', not a length from 1 to 8")
                }
                lengths.append(length)
            }
            guard lengths.reduce(0, +) <= 32 else {
                throw MalformedInputError(file: fileURL, line: node.mark.line, message: "prefix_lengths add up to more than an MD5's 32 digits")
            }
        } else if root?.mappingPairs == nil {
            throw MalformedInputError(file: fileURL, message: "expected a mapping with prefix_lengths")
        }
        return lengths
    }
}
