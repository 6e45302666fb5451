import DepsFailures

/// A package's own `Package.swift` at its locked version, read without building or running it
/// (`deps export swiftpm`).
public protocol PackageManifestSource: Sendable {
    /// The manifest of the code `request` names: read from the sandbox's folder when `inSandbox`
    /// (the sandbox holds exactly that code), else from the shared cache, fetched into it when
    /// missing. Throws `CodeFetchError` when the code cannot be had.
    func manifest(of request: CodeRequest, inSandbox: Bool) async throws -> FoundPackageManifest
}

/// What a package's manifest says, and the pin of the code it was read from (nil when read from
/// the sandbox, whose Manifest.lock records it).
public struct FoundPackageManifest: Sendable, Equatable {
    public let reading: PackageManifestReading
    public let pin: ContentPin?

    public init(reading: PackageManifestReading, pin: ContentPin?) {
        self.reading = reading
        self.pin = pin
    }
}
