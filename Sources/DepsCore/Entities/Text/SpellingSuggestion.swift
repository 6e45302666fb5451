/// Finds the words closest to a misspelt one, for "did you mean" hints: a package name no
/// source has, or an unknown key in a file.
///
/// Closest first: the same word in another case (`alamofire` → `Alamofire`), the same letters
/// and digits (`FooCore` → `Foo-Core`), a word that starts with this one (`Lottie` →
/// `lottie-ios`), then a word a few edits away (`Kingfishr` → `Kingfisher`).
public enum SpellingSuggestion {
    public static func closest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(word.lowercased().utf8)
        let targetCore = alphanumerics(target)
        let allowance = max(1, min(3, target.count / 3))
        var scored: [(score: Int, candidate: String)] = []
        for candidate in Set(candidates) where candidate != word {
            let folded = Array(candidate.lowercased().utf8)
            let core = alphanumerics(folded)
            if folded == target {
                scored.append((0, candidate))
            } else if core == targetCore {
                scored.append((1, candidate))
            } else if targetCore.count >= 4, core.starts(with: targetCore) {
                scored.append((2, candidate))
            } else if abs(folded.count - target.count) <= allowance {
                let distance = editDistance(folded, target)
                if distance <= allowance { scored.append((2 + distance, candidate)) }
            }
        }
        scored.sort { $0.score != $1.score ? $0.score < $1.score : $0.candidate < $1.candidate }
        // The same word in another spelling says it all; nearer misses would only distract.
        if let best = scored.first?.score, best <= 1 { scored.removeAll { $0.score > 1 } }
        return scored.prefix(limit).map(\.candidate)
    }

    /// Edit distance counting insertions, deletions, substitutions and the transposition of two
    /// neighbours (`paht` → `path` is one edit).
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    private static func alphanumerics(_ bytes: [UInt8]) -> [UInt8] {
        bytes.filter { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) }
    }
}

extension PackageName {
    /// Up to three names close to this one (see `SpellingSuggestion`), closest first.
    public func closest(among names: [PackageName]) -> [PackageName] {
        let byText = Dictionary(names.map { ($0.description, $0) }, uniquingKeysWith: { first, _ in first })
        return SpellingSuggestion.closest(to: description, among: Array(byText.keys)).compactMap { byText[$0] }
    }
}
