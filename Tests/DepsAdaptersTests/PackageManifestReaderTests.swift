import DepsCore
import DepsSwiftPM
import XCTest

/// The static reader of a package's `Package.swift` (BEHAVIOUR 12): the products of the shapes
/// real manifests take (Alamofire's, Moya's, Kingfisher's, SnapKit's layouts, written here in the
/// tests' own words), and the manifests only running them could answer for, named with the reason.
final class PackageManifestReaderTests: XCTestCase {
    func libraries(_ names: String...) -> PackageManifestReading {
        .products(names.map { SwiftPMProduct(name: $0, kind: .library) })
    }

    /// Alamofire's layout: a licence header whose comments hold quotes and parentheses, the
    /// arguments aligned after `Package(name:` on its line, a dynamic twin library, no trailing
    /// comma, nested `.when(platforms:)` in the targets.
    func testAnAlignedManifestUnderALicenceHeader() {
        let manifest = """
            // swift-tools-version: 6.0
            //
            //  Package.swift
            //
            //  Copyright (c) 2024 Example Software Foundation (http://example.org/)
            //  THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, products: [.library(name: "Fake")]
            //

            import PackageDescription

            let package = Package(name: "Alamofire",
                                  platforms: [.macOS(.v10_13),
                                              .iOS(.v12)],
                                  products: [
                                      .library(name: "Alamofire", targets: ["Alamofire"]),
                                      .library(name: "AlamofireDynamic", type: .dynamic, targets: ["Alamofire"])
                                  ],
                                  targets: [.target(name: "Alamofire",
                                                    path: "Source",
                                                    exclude: ["Info.plist"],
                                                    linkerSettings: [.linkedFramework("CFNetwork",
                                                                                      .when(platforms: [.iOS, .macOS]))]),
                                            .testTarget(name: "AlamofireTests", dependencies: ["Alamofire"], path: "Tests")],
                                  swiftLanguageModes: [.v5])

            """
        XCTAssertEqual(PackageManifestReader.read(manifest), libraries("Alamofire", "AlamofireDynamic"))
    }

    /// Moya's layout: dependencies and targets computed by functions (with `#if` and environment
    /// reads inside them), the products written out.
    func testProductsWrittenOutBesideComputedDependenciesAndTargets() {
        let manifest = """
            // swift-tools-version:5.3
            import PackageDescription
            import class Foundation.ProcessInfo

            let shouldTest = ProcessInfo.processInfo.environment["TEST"] == "1"

            func resolveDependencies() -> [Package.Dependency] {
                var dependencies: [Package.Dependency] = [
                    .package(url: "https://github.com/Alamofire/Alamofire.git", .upToNextMajor(from: "5.0.0")),
                ]
                #if os(macOS)
                if shouldTest { dependencies.append(.package(url: "https://github.com/Quick/Quick.git", from: "4.0.0")) }
                #endif
                return dependencies
            }

            func resolveTargets() -> [Target] {
                [
                    .target(name: "Moya", dependencies: [.product(name: "Alamofire", package: "Alamofire")]),
                    .target(name: "RxMoya", dependencies: ["Moya"]),
                ]
            }

            let package = Package(
                name: "Moya",
                platforms: [.macOS(.v10_12), .iOS(.v10)],
                products: [
                    .library(name: "Moya", targets: ["Moya"]),
                    .library(name: "CombineMoya", targets: ["CombineMoya"]),
                    .library(name: "ReactiveMoya", targets: ["ReactiveMoya"]),
                    .library(name: "RxMoya", targets: ["RxMoya"])
                ],
                dependencies: resolveDependencies(),
                targets: resolveTargets()
            )

            """
        XCTAssertEqual(PackageManifestReader.read(manifest), libraries("Moya", "CombineMoya", "ReactiveMoya", "RxMoya"))
    }

    /// Kingfisher's and SnapKit's layouts: one or two libraries, a trailing comma, a dynamic twin
    /// with a dash in its name.
    func testShortManifestsWithATrailingComma() {
        let kingfisher = """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Kingfisher",
                platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
                products: [
                    .library(name: "Kingfisher", targets: ["Kingfisher"])
                ],
                targets: [
                    .target(name: "Kingfisher", path: "Sources", resources: [.process("PrivacyInfo.xcprivacy")]),
                    .testTarget(name: "KingfisherTests", dependencies: ["Kingfisher"])
                ]
            )

            """
        XCTAssertEqual(PackageManifestReader.read(kingfisher), libraries("Kingfisher"))
        let snapKit = """
            // swift-tools-version:5.0
            import PackageDescription

            let package = Package(
                name: "SnapKit",
                platforms: [
                    .iOS(.v12),
                    .macOS(.v10_13),
                ],
                products: [
                    .library(name: "SnapKit", targets: ["SnapKit"]),
                    .library(name: "SnapKit-Dynamic", type: .dynamic, targets: ["SnapKit"]),
                ],
                targets: [
                    .target(name: "SnapKit", path: "Sources"),
                    .testTarget(name: "SnapKitTests", dependencies: ["SnapKit"]),
                ],
                swiftLanguageVersions: [
                    .v5
                ]
            )

            """
        XCTAssertEqual(PackageManifestReader.read(snapKit), libraries("SnapKit", "SnapKit-Dynamic"))
    }

    /// The oldest layout (tools version 3, as Moya 8 had): `Target(...)` and no products at all.
    func testAManifestWithoutProductsDeclaresNone() {
        let manifest = """
            import PackageDescription

            let package = Package(
                name: "Moya",
                targets: [
                    Target(name: "Moya"),
                    Target(name: "RxMoya", dependencies: [.Target(name: "Moya")])
                ],
                dependencies: [
                    .Package(url: "https://github.com/Alamofire/Alamofire", majorVersion: 4)
                ],
                exclude: [".build"]
            )

            """
        XCTAssertEqual(PackageManifestReader.read(manifest), .products([]))
    }

    func testExecutablesPluginsAndOtherKindsAndLiteralForms() {
        let manifest = #"""
            // swift-tools-version:5.9
            import PackageDescription

            /* A nested /* block */ comment: products: [.library(name: "Hidden")] */
            let package = Package(
                name: "Tools",
                products: [
                    Product.executable(name: "swift-tool", targets: ["Tool"]),
                    .plugin(name: "ToolPlugin", targets: ["ToolPlugin"]),
                    .library(name: #"Raw"Name"#, targets: ["Raw"]),
                    .library(name: "Escaped\"Quote", targets: ["Quote"]),
                    .library(
                        name: "Spread",
                        type: .static,
                        targets: ["Spread"]
                    ),
                ],
                targets: []
            )

            """#
        XCTAssertEqual(PackageManifestReader.read(manifest), .products([
            SwiftPMProduct(name: "swift-tool", kind: .executable),
            SwiftPMProduct(name: "ToolPlugin", kind: .plugin),
            SwiftPMProduct(name: #"Raw"Name"#, kind: .library),
            SwiftPMProduct(name: "Escaped\"Quote", kind: .library),
            SwiftPMProduct(name: "Spread", kind: .library),
        ]))
    }

    func package(products: String, after: String = "") -> String {
        """
        // swift-tools-version:5.9
        import PackageDescription

        let name = "Kit"
        let package = Package(
            name: "Kit",
            products: \(products),
            targets: [.target(name: "Kit")]
        )
        \(after)
        """
    }

    func testProductsOnlyRunningTheManifestCouldTellAreNamedWithTheReasonAndLine() {
        let cases: [(String, PackageManifestReading)] = [
            (package(products: "[\"Kit\"].map { .library(name: $0, targets: [$0]) }"),
             .unreadable(reason: .productBuiltInCode, line: 7)),
            (package(products: "[.library(name: \"Kit\", targets: [\"Kit\"])].filter { _ in true }"),
             .unreadable(reason: .productsListThroughCode, line: 7)),
            (package(products: "allProducts"),
             .unreadable(reason: .productsBuiltInCode, line: 7)),
            (package(products: "[.library(name: name, targets: [\"Kit\"])]"),
             .unreadable(reason: .productNameNotALiteral(kind: "library"), line: 7)),
            (package(products: "[.library(name: \"\\(name)Core\", targets: [\"Kit\"])]"),
             .unreadable(reason: .productNameInterpolated(kind: "library"), line: 7)),
            (package(products: "[\n#if os(macOS)\n.library(name: \"Kit\", targets: [\"Kit\"]),\n#endif\n]"),
             .unreadable(reason: .productsUnderConditions, line: 8)),
            (package(products: "[.library(name: \"Kit\", targets: [\"Kit\"])] + extraProducts"),
             .unreadable(reason: .productsListThroughCode, line: 7)),
            (package(products: "[makeProduct()]"),
             .unreadable(reason: .productBuiltInCode, line: 7)),
            (package(products: "[.library(name: \"Kit\", targets: [\"Kit\"])]", after: "package.products.append(.library(name: \"More\", targets: []))\n"),
             .unreadable(reason: .productsChangedAfterDeclaration, line: 10)),
            ("// swift-tools-version:5.9\n", .unreadable(reason: .noPackageDeclaration, line: nil)),
        ]
        for (manifest, expected) in cases {
            XCTAssertEqual(PackageManifestReader.read(manifest), expected, manifest)
        }
    }

    /// A manifest saved with Windows line endings reads the same, lines counted alike.
    func testLinesEndingInCarriageReturns() {
        let manifest = package(products: "[\n// one library\n.library(name: \"Kit\", targets: [\"Kit\"]),\n]")
        XCTAssertEqual(PackageManifestReader.read(manifest.replacing("\n", with: "\r\n")), libraries("Kit"))
        let unreadable = package(products: "[\n// built\nmakeProduct(),\n]").replacing("\n", with: "\r\n")
        XCTAssertEqual(PackageManifestReader.read(unreadable),
                       .unreadable(reason: .productBuiltInCode, line: 9))
    }

    func testAProductWithoutANameIsUnreadable() {
        XCTAssertEqual(
            PackageManifestReader.read(package(products: "[.library(targets: [\"Kit\"])]")),
            .unreadable(reason: .productWithoutName(kind: "library"), line: 7))
    }

    /// Cut short anywhere, a manifest reads as something or as unreadable, and never traps.
    func testEveryPrefixOfAManifestReadsWithoutTrapping() {
        let manifest = package(products: "[.library(name: \"Kit\", targets: [\"Kit\"]), .executable(name: #\"k\"#, targets: [])]")
        for length in 0...manifest.count {
            _ = PackageManifestReader.read(String(manifest.prefix(length)))
        }
        XCTAssertEqual(PackageManifestReader.read(manifest), .products([
            SwiftPMProduct(name: "Kit", kind: .library), SwiftPMProduct(name: "k", kind: .executable),
        ]))
    }
}
