import SeededRandom
import DepsYAML


/// Random trees of strings, empty values, sequences and mappings, with strings built from
/// the pieces that trouble YAML writers most.
struct RandomTreeGenerator {
    static let nastyPieces: [String] = [
        ": ", ":", "#", " #", "# ", "-", "- ", "--", "---", "...", "?", "? ", ",", "[", "]", "{", "}",
        "*", "&", "!", "!!", "%", "@", "`", "'", "''", "\"", "\\", "|", ">", "<", "=", "~",
        " ", "  ", "\t", "\n", "\n\n", "\r\n", "\r", "\0", "\u{07}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}",
        "\u{A0}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}",
        "yes", "no", "on", "true", "1.10", "5.0", "0x1F", "1e3", ".inf", "null", "Null", "NULL", "nULL",
        "é", "日本語", "🚀", "e\u{301}", "Alamofire", "Moya (15.0.0)", "(~> 5.0)", ">= 4.0, < 6", "../../Specs",
        "https://example.com/a.git", "a", "Z9",
    ]

    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func string() -> String {
        let count = Int.random(in: 0...5, using: &random)
        return (0..<count).map { _ in Self.nastyPieces.randomElement(using: &random)! }.joined()
    }

    mutating func tree(depth: Int) -> YAMLNode {
        let roll = Int.random(in: 0..<10, using: &random)
        if depth == 0 || roll < 4 {
            return roll == 0 ? .null : .scalar(string())
        }
        let count = Int.random(in: 0...4, using: &random)
        if roll < 7 {
            return .sequence((0..<count).map { _ in tree(depth: depth - 1) })
        }
        var keys = Set<String>()
        var pairs: [(String, YAMLNode)] = []
        for _ in 0..<count {
            let key = string()
            if keys.insert(key).inserted {
                pairs.append((key, tree(depth: depth - 1)))
            }
        }
        return .mapping(pairs)
    }
}
