/// The release of deps, written into every lockfile's `DEPS:` line.
public enum DepsRelease {
    public static let version = "0.1.0"
}
