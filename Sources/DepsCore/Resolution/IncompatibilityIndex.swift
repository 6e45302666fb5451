/// Every incompatibility the solver knows, listed under each package it has a term for.
///
/// The lists are threaded through one array (each entry links to the previous entry of
/// the same package), so a package costs one integer and its incompatibilities come
/// newest first, the order unit propagation visits them in.
struct IncompatibilityIndex {
    private var entries: [(incompatibility: Incompatibility, next: Int)] = []
    /// The position of each package's newest entry; -1 when it has none.
    private var newest: [Int] = []

    /// Makes room for packages registered since the last call.
    mutating func track(packageCount: Int) {
        while newest.count < packageCount { newest.append(-1) }
    }

    mutating func add(_ incompatibility: Incompatibility) {
        for term in incompatibility.terms {
            entries.append((incompatibility, newest[term.package.index]))
            newest[term.package.index] = entries.count - 1
        }
    }

    /// The package's incompatibilities, newest first, as they stand now (later additions
    /// are not visited).
    func newestFirst(of package: PackageID) -> Listing {
        Listing(entries: entries, position: newest[package.index])
    }

    struct Listing: Sequence, IteratorProtocol {
        fileprivate let entries: [(incompatibility: Incompatibility, next: Int)]
        fileprivate var position: Int

        mutating func next() -> Incompatibility? {
            guard position >= 0 else { return nil }
            let entry = entries[position]
            position = entry.next
            return entry.incompatibility
        }
    }
}
