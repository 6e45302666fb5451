import Crypto
import DepsCore
import DepsFiles
import DepsFileSystem
import DepsYAML
import DepsFailures

/// CocoaPods' sharding of a spec repository, read the same way from a directory, a git
/// repository and a CDN: `CocoaPods-version.yml` gives `prefix_lengths` (`[1, 1, 1]` in trunk),
/// and a package's shard is the first hexadecimal digits of the MD5 of its name, cut by those
/// lengths (`Alamofire` → `d`, `a`, `2`).
enum CocoaPodsShards {
    static let versionFile = "CocoaPods-version.yml"
    /// Trunk's `prefix_lengths`.
    static let trunkPrefixLengths = [1, 1, 1]

    /// `prefix_lengths` of a `CocoaPods-version.yml`; none when the document or the key is absent.
    static func prefixLengths(in bytes: [UInt8], shownAs: String) throws -> [Int] {
        let parsed: YAMLNode?
        do {
            parsed = try YAMLParser.parse(bytes, fileName: shownAs)
        } catch {
            throw MalformedInputError(error)
        }
        guard let document = parsed else { return [] }
        guard document.mappingPairs != nil else {
            throw MalformedInputError(file: shownAs, at: document, SpecRepositoryProblem.shardsNotAMapping(found: document.valueKind))
        }
        guard let node = document.value(forKey: "prefix_lengths"), !node.isNull else { return [] }
        guard let items = node.sequenceItems else {
            throw MalformedInputError(file: shownAs, at: node, SpecRepositoryProblem.prefixLengthsNotAList(found: node.valueKind))
        }
        var lengths: [Int] = []
        for item in items {
            guard let length = item.scalarValue.flatMap({ Int($0) }), (1...8).contains(length) else {
                throw MalformedInputError(
                    file: shownAs, at: item, SpecRepositoryProblem.invalidPrefixLength(item.scalarValue, found: item.valueKind))
            }
            lengths.append(length)
        }
        guard lengths.reduce(0, +) <= 32 else {
            throw MalformedInputError(file: shownAs, at: node, SpecRepositoryProblem.prefixLengthsTooLong)
        }
        return lengths
    }

    /// The shard folders of a name: its MD5 in lower-case hexadecimal, cut by `lengths`.
    static func fragments(of name: PackageName, _ lengths: [Int]) -> [String] {
        guard !lengths.isEmpty else { return [] }
        let hex = Array(SHA256Digest.lowercaseHex(Insecure.MD5.hash(data: Array(name.description.utf8))))
        var shards: [String] = []
        var offset = 0
        for length in lengths {
            shards.append(String(hex[offset..<(offset + length)]))
            offset += length
        }
        return shards
    }
}

extension MalformedInputError {
    /// A spec repository problem at `node` of `file`.
    fileprivate init(file: String, at node: YAMLNode, _ problem: SpecRepositoryProblem) {
        self.init(file: file, line: node.mark.line > 0 ? node.mark.line : nil, problem: .specRepository(problem))
    }
}
