import DepsFailures

/// How the project builds with the sandbox: `Deps/Package.swift` (BEHAVIOUR 8.4).
public protocol ProjectIntegration: Sendable {
    /// Whether the integration files exist (a no-op install with an in-sync sandbox leaves them
    /// alone) and depend on `lock`'s Swift packages at their locked versions (BEHAVIOUR 16).
    func isWritten(for lock: Lockfile) -> Bool
    /// Every file below a package's code folder, as paths relative to it.
    func files(in folder: SandboxFolder) throws -> [String]
    /// Writes the integration files, only when their content changes; returns whether it did.
    func write(_ manifest: SandboxPackageManifest) throws -> Bool
    /// Every file below fetched code not yet placed in the sandbox (`FetchedCode.tree`), as paths relative to it.
    func files(inTree tree: String) throws -> [String]
    /// One file's bytes, relative to a package's code folder; nil when it cannot be read.
    func contents(of file: String, in folder: SandboxFolder) -> [UInt8]?
    /// The same for fetched code not yet placed.
    func contents(of file: String, inTree tree: String) -> [UInt8]?
}

extension ProjectIntegration {
    public func files(inTree tree: String) throws -> [String] { [] }
    public func contents(of file: String, in folder: SandboxFolder) -> [UInt8]? { nil }
    public func contents(of file: String, inTree tree: String) -> [UInt8]? { nil }
}
