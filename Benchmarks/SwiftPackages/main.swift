import DepsCache
import DepsCore
import DepsFileSystem
import DepsGit
import DepsSwiftPackages
import Foundation

// deps-swiftpm-graphs: resolves real Swift package graphs with deps' resolver (through
// SwiftPackageSpecSource) and with `swift package resolve`, side by side, cold (empty caches)
// and warm (caches full; SwiftPM's `swift package update`), and says whether both chose the same
// packages, versions and revisions (BEHAVIOUR 16). It needs the packages' repositories: on a
// machine whose git reads github.com addresses from a local folder through a global
// `url.<folder>.insteadOf` (deps' git reads no system configuration), name that folder with
// DEPS_GITHUB_COPIES.
//
//   swift run -c release deps-swiftpm-graphs                                  the roots below
//   swift run -c release deps-swiftpm-graphs vapor/vapor 4.122.3 [...]       OWNER/NAME VERSION pairs

let defaultRoots = [
    ("apple/swift-log", "1.16.2"), ("apple/swift-configuration", "1.4.0"), ("apple/swift-openapi-generator", "1.14.3"),
    ("hummingbird-project/hummingbird", "2.28.1"), ("vapor/vapor", "4.122.3"),
]
let given = Array(CommandLine.arguments.dropFirst())
let roots = given.isEmpty ? defaultRoots : stride(from: 0, to: given.count - 1, by: 2).map { (given[$0], given[$0 + 1]) }
let work = NSTemporaryDirectory() + "deps-swiftpm-graphs-\(UUID().uuidString)"
let copies = ProcessInfo.processInfo.environment["DEPS_GITHUB_COPIES"] ?? "/opt/swift-packages/"
try FileManager.default.createDirectory(atPath: work + "/home", withIntermediateDirectories: true)
try "[url \"\(copies)\"]\n\tinsteadOf = https://github.com/\n".write(toFile: work + "/home/.gitconfig", atomically: true, encoding: .utf8)
setenv("HOME", work + "/home", 1)
defer { try? FileManager.default.removeItem(atPath: work) }

/// Seconds `swift package COMMAND` takes in `app`, with its own scratch and cache folders.
func swiftPM(_ command: String, in app: String, caches: String) throws -> Double {
    let start = ContinuousClock.now
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "--scratch-path", caches + "/scratch", "--cache-path", caches + "/cache", command]
    process.currentDirectoryURL = URL(fileURLWithPath: app)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    return seconds(ContinuousClock.now - start)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

final class Opener: SpecSourceOpener {
    let source: SwiftPackageSpecSource
    init(_ source: SwiftPackageSpecSource) { self.source = source }
    func openSource(_ label: String) async throws -> SpecSource { source }
    func externalSpecification(of name: PackageName, from source: ExternalSource, pinnedTo commit: String?) async throws -> Specification {
        throw CocoaError(.featureUnsupported)
    }
}

/// deps' answer (identity: "version revision") and its time, with the cache at `cache`.
func deps(url: String, identity: String, requirement: String, cache cacheFolder: String) async throws -> ([String: String], Double, Int) {
    let start = ContinuousClock.now
    let cache = CodeCache(root: LocalPath(cacheFolder), fileSystem: POSIXFileSystem())
    try cache.prepare()
    let environment = ProcessInfo.processInfo.environment
    let loader = SwiftManifestLoader(
        cache: cache, toolchain: try await SwiftManifestLoader.toolchain(environment: environment), environment: environment)
    let source = SwiftPackageSpecSource(label: "swiftpm", locations: [url], loader: loader, cache: cache)
    let manifest = Manifest(
        sources: ["swiftpm"], dependencies: [Dependency(try PackageName(identity), try Requirement(requirement))], checksum: "")
    let catalog = try await SpecCatalog.open(
        manifest: manifest, lockfile: nil, choice: SourceChoice(manifest: manifest, lockfile: nil, pins: [:]), opener: Opener(source))
    let packages = try await catalog.reading {
        try catalog.resolvedPackages(try Resolver(catalog: catalog).resolve(manifest.dependencies, pins: [:]))
    }
    var answer: [String: String] = [:]
    for package in packages {
        answer[package.name.description] = "\(package.version) \(source.release(of: package.name, version: package.version)?.commit ?? "?")"
    }
    return (answer, seconds(ContinuousClock.now - start), loader.evaluations)
}

print("| root | packages | same as SwiftPM | deps cold | deps warm | SwiftPM cold | SwiftPM warm |")
print("| --- | --- | --- | --- | --- | --- | --- |")
var allAgree = true
for (index, (repository, version)) in roots.enumerated() {
    let name = String(repository.split(separator: "/").last ?? "")
    let url = "https://github.com/\(repository).git"
    let major = Int(version.split(separator: ".").first ?? "0") ?? 0
    let app = work + "/app\(index)"
    try FileManager.default.createDirectory(atPath: app + "/Sources/App", withIntermediateDirectories: true)
    try "print(0)\n".write(toFile: app + "/Sources/App/main.swift", atomically: true, encoding: .utf8)
    try """
        // swift-tools-version:6.1
        import PackageDescription
        let package = Package(name: "App", dependencies: [.package(url: "\(url)", from: "\(version)")], targets: [.executableTarget(name: "App")])

        """.write(toFile: app + "/Package.swift", atomically: true, encoding: .utf8)
    let swiftCold = try swiftPM("resolve", in: app, caches: work + "/spm\(index)")
    let swiftWarm = try swiftPM("update", in: app, caches: work + "/spm\(index)")
    let resolved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: app + "/Package.resolved"))) as? [String: Any]
    var reference: [String: String] = [:]
    for pin in resolved?["pins"] as? [[String: Any]] ?? [] {
        let state = pin["state"] as? [String: Any]
        reference[pin["identity"] as? String ?? "?"] = "\(state?["version"] as? String ?? "?") \(state?["revision"] as? String ?? "?")"
    }
    let requirement = ">= \(version), < \(major + 1).0.0"
    let (cold, coldTime, _) = try await deps(url: url, identity: name.lowercased(), requirement: requirement, cache: work + "/deps\(index)")
    let (warm, warmTime, warmEvaluations) = try await deps(url: url, identity: name.lowercased(), requirement: requirement, cache: work + "/deps\(index)")
    let agree = cold == reference && warm == reference && warmEvaluations == 0
    allAgree = allAgree && agree
    func f(_ value: Double) -> String { String(format: "%.2f s", value) }
    print("| \(repository) \(version) | \(reference.count) | \(agree ? "yes" : "NO") | \(f(coldTime)) | \(f(warmTime)) | \(f(swiftCold)) | \(f(swiftWarm)) |")
    if !agree {
        for key in Set(cold.keys).union(reference.keys).sorted() where cold[key] != reference[key] {
            print("  \(key): deps \(cold[key] ?? "-"), SwiftPM \(reference[key] ?? "-")")
        }
    }
}
exit(allAgree ? 0 : 1)
