/// What one file records of the Swift packages it names.
public struct SwiftPackagePinRecord: Sendable, Hashable {
    /// The file, relative to the project (`Deps/Package.resolved`).
    public let file: String
    /// By package identity.
    public let pins: [String: RecordedSwiftPackagePin]

    public init(file: String, pins: [String: RecordedSwiftPackagePin]) {
        self.file = file
        self.pins = pins
    }
}

/// A package's version as a file records it, and its revision where the file has one.
public struct RecordedSwiftPackagePin: Sendable, Hashable {
    public let version: String?
    public let revision: String?

    public init(version: String?, revision: String?) {
        self.version = version
        self.revision = revision
    }
}

extension Lockfile {
    /// The Swift packages this lock holds (BEHAVIOUR 16), by name, each with the library products
    /// `products` gives it (none when not asked).
    public func swiftPackagePins(products: (PackageName) -> [SwiftPackageManifest.Product] = { _ in [] }) -> [SwiftPackagePin] {
        rootPackages.compactMap { package in
            SwiftPackagePin(
                identity: package.name, source: externalSources[package.name], version: package.version,
                commit: checkoutOptions[package.name]?.commit, products: products(package.name))
        }
    }

    /// Where `records` disagree with the Swift packages this lock holds: a package at another
    /// version or revision, or missing from `Deps/Package.swift` (which names every one).
    public func problems(with records: [SwiftPackagePinRecord]) -> [SyncProblem] {
        var problems: [SyncProblem] = []
        for locked in swiftPackagePins() {
            let commit = checkoutOptions[locked.identity]?.commit
            // A package without a version is named by its reference and the commit it is pinned to.
            let lockedAs = locked.revision.map { Version(standingFor: "\(locked.version) (revision \($0))") } ?? locked.version
            for record in records {
                guard let recorded = record.pins[locked.packageIdentity] else {
                    if record.file.hasSuffix("Package.swift") {
                        problems.append(.swiftPackagePinDisagrees(file: record.file, locked.identity, locked: lockedAs, recorded: nil))
                    }
                    continue
                }
                // A package on a branch or a revision is recorded by its commit alone (SwiftPM's
                // pin has the branch beside it, or nothing but the revision), never a version.
                let versionDiffers = locked.revision == nil ? recorded.version != locked.version.description : recorded.version != nil
                let revisionDiffers = locked.revision != nil
                    ? recorded.revision != locked.revision
                    : recorded.revision != nil && commit != nil && recorded.revision != commit
                if versionDiffers || revisionDiffers {
                    problems.append(.swiftPackagePinDisagrees(file: record.file, locked.identity, locked: lockedAs, recorded: recorded))
                }
            }
        }
        return problems
    }
}
