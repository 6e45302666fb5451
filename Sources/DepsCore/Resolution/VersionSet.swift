/// A set of versions of one package, exact over that package's known versions.
///
/// A package's versions come from its catalog listing, so the version space of each
/// package is finite: a set is a bitset over the indices of the known versions,
/// sorted oldest first. Intersection, union and complement are then exact and cheap,
/// and a rule such as "this requirement admits this prerelease" is simply whether the
/// bit is set. Sets of one package share one `universe` (the number of known versions).
struct VersionSet: Hashable, Sendable {
    /// How many versions the package has; the indices run from 0 to `universe - 1`.
    let universe: Int
    /// Bit `i % 64` of word `i / 64` says whether version `i` is in the set.
    /// Sets of up to 64 versions keep their single word inline.
    private var storage: Storage

    private enum Storage: Hashable, Sendable {
        case word(UInt64)
        case words([UInt64])
    }

    private init(universe: Int, storage: Storage) {
        self.universe = universe
        self.storage = storage
    }

    /// The empty set over `universe` versions.
    static func empty(universe: Int) -> VersionSet {
        universe <= 64
            ? VersionSet(universe: universe, storage: .word(0))
            : VersionSet(universe: universe, storage: .words(Array(repeating: 0, count: (universe + 63) / 64)))
    }

    /// Every known version.
    static func full(universe: Int) -> VersionSet {
        empty(universe: universe).complement
    }

    /// The versions at the given indices.
    init<Indices: Sequence<Int>>(universe: Int, indices: Indices) {
        self = .empty(universe: universe)
        for index in indices { insert(index) }
    }

    /// The versions from `lower` through `upper`, both included.
    init(universe: Int, from lower: Int, through upper: Int) {
        self.init(universe: universe, indices: lower...upper)
    }

    private var wordCount: Int {
        switch storage {
        case .word: 1
        case let .words(words): words.count
        }
    }

    private func word(_ index: Int) -> UInt64 {
        switch storage {
        case let .word(word): word
        case let .words(words): words[index]
        }
    }

    /// The bits of the last word that stand for real versions.
    private var lastWordMask: UInt64 {
        let used = universe - (wordCount - 1) * 64
        return used >= 64 ? ~0 : (UInt64(1) << UInt64(used)) &- 1
    }

    mutating func insert(_ index: Int) {
        precondition(index >= 0 && index < universe, "version index out of range")
        let bit = UInt64(1) << UInt64(index % 64)
        switch storage {
        case let .word(word):
            storage = .word(word | bit)
        case var .words(words):
            storage = .word(0) // release the array before mutating it in place
            words[index / 64] |= bit
            storage = .words(words)
        }
    }

    func contains(_ index: Int) -> Bool {
        guard index >= 0 && index < universe else { return false }
        return word(index / 64) & (UInt64(1) << UInt64(index % 64)) != 0
    }

    var isEmpty: Bool {
        switch storage {
        case let .word(word): word == 0
        case let .words(words): words.allSatisfy { $0 == 0 }
        }
    }

    /// How many versions are in the set.
    var count: Int {
        switch storage {
        case let .word(word): word.nonzeroBitCount
        case let .words(words): words.reduce(0) { $0 + $1.nonzeroBitCount }
        }
    }

    /// The index of the newest version in the set.
    var highest: Int? {
        for index in stride(from: wordCount - 1, through: 0, by: -1) {
            let bits = word(index)
            if bits != 0 { return index * 64 + 63 - bits.leadingZeroBitCount }
        }
        return nil
    }

    /// The indices in the set, oldest first.
    var indices: [Int] {
        var result: [Int] = []
        for index in 0..<wordCount {
            var bits = word(index)
            while bits != 0 {
                result.append(index * 64 + bits.trailingZeroBitCount)
                bits &= bits &- 1
            }
        }
        return result
    }

    /// Every known version that is not in the set.
    var complement: VersionSet {
        let mask = lastWordMask
        switch storage {
        case let .word(word):
            return VersionSet(universe: universe, storage: .word(~word & mask))
        case let .words(words):
            var flipped = words.map { ~$0 }
            flipped[flipped.count - 1] &= mask
            return VersionSet(universe: universe, storage: .words(flipped))
        }
    }

    func intersection(_ other: VersionSet) -> VersionSet { combined(with: other, &) }
    func union(_ other: VersionSet) -> VersionSet { combined(with: other, |) }
    func subtracting(_ other: VersionSet) -> VersionSet { combined(with: other) { $0 & ~$1 } }

    func isSubset(of other: VersionSet) -> Bool {
        precondition(universe == other.universe, "sets of different packages")
        for index in 0..<wordCount where word(index) & ~other.word(index) != 0 { return false }
        return true
    }

    func isDisjoint(with other: VersionSet) -> Bool {
        precondition(universe == other.universe, "sets of different packages")
        for index in 0..<wordCount where word(index) & other.word(index) != 0 { return false }
        return true
    }

    private func combined(with other: VersionSet, _ operation: (UInt64, UInt64) -> UInt64) -> VersionSet {
        precondition(universe == other.universe, "sets of different packages")
        switch (storage, other.storage) {
        case let (.word(a), .word(b)):
            return VersionSet(universe: universe, storage: .word(operation(a, b)))
        case let (.words(a), .words(b)):
            var result = a
            for index in result.indices { result[index] = operation(a[index], b[index]) }
            return VersionSet(universe: universe, storage: .words(result))
        default:
            preconditionFailure("sets of one universe share a storage kind")
        }
    }
}
