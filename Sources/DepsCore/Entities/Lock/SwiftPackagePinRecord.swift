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
    /// Where `records` disagree with the Swift packages this lock holds: a package at another
    /// version or revision, or missing from `Deps/Package.swift` (which names every one).
    public func problems(with records: [SwiftPackagePinRecord]) -> [SyncProblem] {
        var problems: [SyncProblem] = []
        for package in rootPackages {
            guard let identity = SwiftPackagePin(identity: package.name, source: externalSources[package.name], version: package.version)?
                .packageIdentity else { continue }
            let commit = checkoutOptions[package.name]?.commit
            for record in records {
                guard let pin = record.pins[identity] else {
                    if record.file.hasSuffix("Package.swift") {
                        problems.append(.swiftPackagePinDisagrees(file: record.file, package.name, locked: package.version, recorded: nil))
                    }
                    continue
                }
                let versionDiffers = pin.version != package.version.description
                let revisionDiffers = pin.revision != nil && commit != nil && pin.revision != commit
                if versionDiffers || revisionDiffers {
                    problems.append(.swiftPackagePinDisagrees(file: record.file, package.name, locked: package.version, recorded: pin))
                }
            }
        }
        return problems
    }
}
