/// Which of the Depsfile's sources each package's specs are read from, decided once for a
/// resolution (or a check) from the Depsfile, the lock and the pins that stand.
///
/// A package comes from the first source that has it, and that source gives all of its versions
/// (as CocoaPods searches sources), except:
/// - a dependency that names its source (`source:`) takes its package (every subspec of it) from
///   that source alone;
/// - a locked package whose pin stands keeps the source its lock recorded, while that source still
///   has it: a later-listed source never shadows the one a locked package came from, while a
///   package free to move (`deps update NAME`, a full update) is searched in the sources' order
///   again, so that a source listed first (a team's patched fork) wins once it is updated.
public struct SourceChoice: Sendable, Equatable {
    /// Where one package's specs are looked for before (or instead of) the sources' order.
    public enum Preference: Sendable, Equatable {
        /// The source a dependency names: the package comes from it alone.
        case only(String)
        /// The source the lock recorded, for a package whose pin stands: the package comes from it
        /// while it has the package, else from the first source that has it.
        case recorded(String)
    }

    /// By package (root) name; a package absent is searched in the sources' order.
    private let preferences: [PackageName: Preference]

    /// The choice for a resolution with `pins`: only the packages they pin keep the source the
    /// lock recorded (a pinned subspec keeps its package's).
    public init(manifest: Manifest, lockfile: Lockfile?, pins: [PackageName: Version]) {
        var recorded: [PackageName: String] = [:]
        if let lockfile {
            for root in Set(pins.keys.map(\.root)) {
                if let label = lockfile.source(of: root) { recorded[root] = label }
            }
        }
        self.init(manifest: manifest, recorded: recorded)
    }

    /// The choice for reading a lock as it stands (a check, an export, a sandbox plan): every
    /// package keeps the source the lock recorded for it.
    public static func keepingEveryRecordedSource(manifest: Manifest, lockfile: Lockfile?) -> SourceChoice {
        var recorded: [PackageName: String] = [:]
        for repo in lockfile?.specRepos ?? [] {
            for name in repo.packages where recorded[name] == nil { recorded[name] = repo.source }
        }
        return SourceChoice(manifest: manifest, recorded: recorded)
    }

    private init(manifest: Manifest, recorded: [PackageName: String]) {
        var preferences = recorded.mapValues(Preference.recorded)
        for root in Set(manifest.dependencies.map(\.name.root)) {
            if let label = manifest.namedSource(of: root) { preferences[root] = .only(label) }
        }
        self.preferences = preferences
    }

    /// Where a package (or a subspec, for its package) is looked for first; nil when it is
    /// searched in the sources' order.
    public func preference(for name: PackageName) -> Preference? {
        preferences[name.root]
    }
}
