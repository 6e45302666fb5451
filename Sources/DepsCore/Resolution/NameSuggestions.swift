/// Close names for a package that no source has: the same name in another case
/// (`alamofire` → `Alamofire`), the same letters and digits (`FooCore` → `Foo-Core`),
/// or a name a few edits away.
enum NameSuggestions {
    static func closest(to wanted: PackageName, among names: [PackageName], limit: Int = 3) -> [PackageName] {
        let target = Array(wanted.folded.utf8)
        let targetCore = alphanumerics(target)
        let allowance = max(1, min(3, target.count / 3))
        var scored: [(score: Int, name: PackageName)] = []
        for name in Set(names) where name != wanted {
            let candidate = Array(name.folded.utf8)
            if candidate == target {
                scored.append((0, name))
            } else if alphanumerics(candidate) == targetCore {
                scored.append((1, name))
            } else if abs(candidate.count - target.count) <= allowance {
                let distance = editDistance(candidate, target)
                if distance <= allowance { scored.append((1 + distance, name)) }
            }
        }
        scored.sort { $0.score != $1.score ? $0.score < $1.score : $0.name < $1.name }
        return scored.prefix(limit).map(\.name)
    }

    private static func alphanumerics(_ bytes: [UInt8]) -> [UInt8] {
        bytes.filter { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) }
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
