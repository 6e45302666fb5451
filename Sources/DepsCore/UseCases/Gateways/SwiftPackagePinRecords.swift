/// The files in which SwiftPM and Xcode record the versions of Swift packages (BEHAVIOUR 16):
/// `Deps/Package.swift`'s `.package(url:, exact:)`, `Deps/Package.resolved`, and the project's
/// own `Package.resolved` (a SwiftPM project's, an Xcode workspace's).
public protocol SwiftPackagePinRecords {
    /// Each such file that exists, with what it records of each package, by identity.
    func recordedPins() throws -> [SwiftPackagePinRecord]
}
