/// Finds the words closest to a misspelt one, for "did you mean" hints.
public enum SpellingSuggestion {
    /// Candidates within a small edit distance of `word` (case-insensitive), closest first, then by name.
    public static func closest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(word.lowercased().unicodeScalars)
        let threshold = max(2, target.count / 3)
        var scored: [(distance: Int, candidate: String)] = []
        for candidate in candidates where candidate != word {
            let folded = Array(candidate.lowercased().unicodeScalars)
            if folded == target {
                scored.append((0, candidate))
                continue
            }
            let distance = editDistance(target, folded, limit: threshold)
            if distance <= threshold { scored.append((distance, candidate)) }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.candidate < $1.candidate }
        return scored.prefix(limit).map(\.candidate)
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
