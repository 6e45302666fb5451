/// Where a spec's `source:` points. A relative location is a path taken from where it was
/// written: a directory spec repository relocates it to its own folder when it reads the spec,
/// and a fetcher takes it from the project directory.
public enum CodeLocation {
    public static func isRelative(_ location: String) -> Bool {
        !location.hasPrefix("/") && !location.contains("://") && !location.hasPrefix("git@") && !location.hasPrefix("~")
    }
}
