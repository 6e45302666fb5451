import DepsCore
import XCTest

/// Which locked packages get no library product (BEHAVIOUR 8.4): a spec naming no source file and
/// no vendored binary (a tool pod) that depends on nothing with a product; an umbrella whose
/// dependencies build something keeps its product, and an Xcode target does not link the rest.
final class PackagesWithoutProductTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }

    func spec(_ name: String, sourceFiles: [String], vendored: [String] = [], dependencies: [String] = []) -> Specification {
        Specification(
            name: self.name(name), version: try! Version("1.0.0"), dependencies: dependencies.map { Dependency(self.name($0)) },
            checksum: "c", sourceFiles: sourceFiles.map { try! SourceFileGlob($0) },
            build: BuildAttributes(
                sourceFiles: sourceFiles.map { try! SourceFileGlob($0) }, vendoredFrameworks: vendored.map { try! SourceFileGlob($0) }))
    }

    func testAToolPodHasNoProductAndAnUmbrellaOfBuiltPackagesHasOne() {
        let specs = [
            spec("SwiftLint", sourceFiles: []),
            spec("Kit", sourceFiles: ["Sources/**/*.swift"]),
            spec("Umbrella", sourceFiles: [], dependencies: ["Kit"]),
            spec("ToolSet", sourceFiles: [], dependencies: ["SwiftLint"]),
            spec("Binary", sourceFiles: [], vendored: ["Binary.xcframework"]),
        ]
        let lock = Lockfile(
            packages: specs.map { spec in
                LockedPackage(name: spec.name, version: spec.version, dependencies: spec.dependencies)
            },
            dependencies: specs.map { Dependency($0.name) }, specRepos: [], externalSources: [:], specChecksums: [:],
            depsfileChecksum: "", depsVersion: DepsRelease.version)
        let without = SandboxPackageManifest.packagesWithoutProduct(
            in: lock, specifications: Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0) }), platform: nil)
        XCTAssertEqual(without, [name("SwiftLint"), name("ToolSet")])

        let xcode = XcodeSettings(
            projects: ["App.xcodeproj"], targets: [XcodeTargetRequest(name: "App", packages: [name("Kit"), name("SwiftLint")])])
        let integration = try? xcode.integration(
            dependencies: lock.dependencies, lockfile: lock, targetNames: ["App.xcodeproj": ["App"]], sandboxFolder: "Deps",
            withoutProducts: without)
        XCTAssertEqual(integration?.projects.first?.targets.first?.products, ["Kit"])
    }
}
