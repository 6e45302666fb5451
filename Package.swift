// swift-tools-version:6.1
import PackageDescription

// The layers of docs/ARCHITECTURE.md, innermost first. A target may only
// depend on the targets listed before it.
let package = Package(
    name: "deps",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "deps", targets: ["deps"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        // Frameworks & drivers: the system libyaml and a Swift layer over it that knows nothing of deps.
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "DepsYAML", dependencies: ["CYaml"]),

        // Entities, the resolver and the use cases: Swift standard library only.
        .target(name: "DepsCore"),

        // Interface adapters: codecs, spec sources, the project store, presenters.
        .target(
            name: "DepsAdapters",
            dependencies: [
                "DepsCore",
                "DepsYAML",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // Controllers and the composition root.
        .target(
            name: "DepsCLI",
            dependencies: [
                "DepsCore",
                "DepsAdapters",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "deps", dependencies: ["DepsCLI"]),

        // Benchmarks (run in release: swift run -c release deps-benchmarks).
        .executableTarget(
            name: "deps-benchmarks",
            dependencies: ["DepsCore", "DepsAdapters"],
            path: "Benchmarks/Sources"
        ),

        .testTarget(name: "DepsYAMLTests", dependencies: ["DepsYAML"]),
        .testTarget(name: "DepsCoreTests", dependencies: ["DepsCore"]),
        .testTarget(
            name: "DepsAdaptersTests",
            dependencies: ["DepsAdapters", "DepsCore", "DepsYAML"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "DepsCLITests", dependencies: ["deps"]),
    ]
)
