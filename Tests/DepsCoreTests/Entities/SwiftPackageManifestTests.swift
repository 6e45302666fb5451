import DepsCore
import XCTest

/// What SwiftPM resolves for a package (BEHAVIOUR 16), on manifests built here: identities from
/// URLs, versions from semver tags, and the dependencies a package's products need, less what
/// only tests use and what sits behind traits that are off.
final class SwiftPackageManifestTests: XCTestCase {
    func version(_ text: String) -> Version { try! Version(text) }

    func testAnIdentityIsTheURLsLastPartLowerCasedWithoutGit() {
        for location in [
            "https://github.com/apple/swift-log.git", "https://github.com/apple/swift-log", "https://github.com/Apple/Swift-Log.git/",
            "git@github.com:apple/swift-log.git", "/src/swift-log",
        ] {
            XCTAssertEqual(SwiftPackageIdentity(location: location).description, "swift-log", location)
        }
        XCTAssertEqual(SwiftPackageIdentity("Yams"), SwiftPackageIdentity(location: "https://github.com/jpsim/Yams.git"))
    }

    func testReleasesAreTheSemanticVersionTagsWithOrWithoutV() {
        let releases = SwiftPackageRelease.releases(fromTags: [
            ("1.0.0", "a"), ("v1.1.0", "b"), ("1.1.0", "c"), ("v1.2.0-beta.1", "d"), ("2.0", "e"), ("latest", "f"),
            ("v1.4.0", "h"),
        ])
        XCTAssertEqual(releases.map(\.tag), ["1.0.0", "1.1.0", "v1.2.0-beta.1", "v1.4.0"])
        XCTAssertEqual(releases.map(\.commit), ["a", "c", "d", "h"])
    }

    /// swift-configuration declares Yams behind a trait, swift-openapi-generator declares packages
    /// only its test support uses: SwiftPM resolves neither, so neither may deps.
    func manifest() -> SwiftPackageManifest {
        func dependency(_ name: String, _ requirement: SwiftPackageManifest.Requirement) -> SwiftPackageManifest.Dependency {
            .init(identity: SwiftPackageIdentity(location: "https://example.com/\(name).git"), location: "https://example.com/\(name).git", requirement: requirement)
        }
        return SwiftPackageManifest(
            name: "Config",
            dependencies: [
                dependency("swift-log", .range(lower: version("1.5.0"), upper: version("2.0.0"))),
                dependency("Yams", .exact(version("5.1.0"))),
                dependency("swift-snapshot-testing", .branch("main")),
                dependency("swift-algorithms", .revision(String(repeating: "a", count: 40))),
                dependency("swift-collections", .range(lower: version("1.1.0"), upper: version("1.2.0"))),
                dependency("unused", .range(lower: version("1.0.0"), upper: version("2.0.0"))),
            ],
            products: [
                .init(name: "Configuration", targets: ["Configuration"]),
                .init(name: "ConfigurationTools", targets: ["Tools"]),
            ],
            targets: [
                .init(name: "Configuration", dependencies: [
                    .product("Logging", package: "swift-log"), .product("Yams", package: "Yams", traits: ["YAML"]), .target("Support"),
                ]),
                .init(name: "Support", dependencies: [.byName("swift-collections")]),
                .init(name: "Tools", dependencies: [.product("Algorithms", package: "swift-algorithms")]),
                .init(name: "ConfigurationTests", isTest: true, dependencies: [
                    .byName("Configuration"), .product("SnapshotTesting", package: "swift-snapshot-testing"),
                ]),
            ],
            traits: [.init(name: "default", enabledTraits: ["Logging"]), .init(name: "Logging"), .init(name: "YAML"),
                     .init(name: "Full", enabledTraits: ["YAML", "Logging"])])
    }

    func testTestOnlyAndTraitGatedDependenciesAreNotResolved() {
        let manifest = manifest()
        XCTAssertEqual(manifest.enabledTraits(), ["Logging"])
        XCTAssertEqual(manifest.enabledTraits(requested: ["Full"]), ["Full", "YAML", "Logging"])
        XCTAssertEqual(manifest.enabledTraits(requested: []), [])

        let byDefault = manifest.requiredDependencies(enabledTraits: manifest.enabledTraits())
        XCTAssertEqual(byDefault.map(\.dependency.identity.description), ["swift-log", "swift-algorithms", "swift-collections"])
        XCTAssertEqual(byDefault.first?.products, ["Logging"])
        // A byName dependency on a package is a product named as the package.
        XCTAssertEqual(byDefault.last?.products, ["swift-collections"])

        let withYAML = manifest.requiredDependencies(enabledTraits: manifest.enabledTraits(requested: ["YAML"]))
        XCTAssertTrue(withYAML.contains { $0.dependency.identity.description == "yams" })
        // Only the products a dependent uses count: Configuration does not need swift-algorithms.
        let one = manifest.requiredDependencies(products: ["Configuration"], enabledTraits: [])
        XCTAssertEqual(one.map(\.dependency.identity.description), ["swift-log", "swift-collections"])
        XCTAssertEqual(one.first?.dependency.requirement, .range(lower: version("1.5.0"), upper: version("2.0.0")))
    }
}

