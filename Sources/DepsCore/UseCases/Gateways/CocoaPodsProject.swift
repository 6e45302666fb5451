import DepsFailures

/// A CocoaPods project's own files, read and never changed (`deps import`).
public protocol CocoaPodsProject: AnyObject {
    /// The Podfile, read statically, or evaluated with Ruby where the static reader cannot follow
    /// it (unless the project was opened to read statically only); nil when the project has none.
    /// Throws when it cannot be read, naming every line at fault.
    func readPodfile() async throws -> ReadPodfile?
    /// The Podfile.lock; nil when the project has none.
    func readPodfileLock() throws -> PodfileLock?
}
