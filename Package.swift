// swift-tools-version:6.2
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
        // Child processes (git, curl, tar) with async waiting and cancellation; without its
        // Foundation trait, so deps does not load Foundation at start-up.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2", traits: []),
    ],
    targets: [
        // Frameworks & drivers: the system libyaml and a Swift layer over it that knows nothing of deps.
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "DepsYAML", dependencies: ["CYaml"]),
        // Running a child process, and HTTP GET through the system curl: they know nothing of deps either.
        .target(name: "DepsProcess", dependencies: [.product(name: "Subprocess", package: "swift-subprocess")]),
        .target(name: "DepsHTTP", dependencies: ["DepsProcess"]),

        // Entities, the resolver and the use cases: Swift standard library only.
        .target(name: "DepsCore"),

        // Interface adapters: codecs, spec sources, the project store, presenters.
        .target(
            name: "DepsAdapters",
            dependencies: [
                "DepsCore",
                "DepsYAML",
                "DepsProcess",
                "DepsHTTP",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // Controllers and the composition root.
        .target(
            name: "DepsCLI",
            dependencies: [
                "DepsCore",
                "DepsAdapters",
                "DepsProcess",
                "DepsHTTP",
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

        // A loopback HTTP server the tests start, to stand in for remote hosts.
        .target(name: "LoopbackHTTPServer", path: "Tests/Support/LoopbackHTTPServer"),
        .target(name: "SeededRandom", path: "Tests/Support/SeededRandom"),
        .target(name: "ResolutionFixtures", dependencies: ["DepsCore", "SeededRandom"], path: "Tests/Support/ResolutionFixtures"),

        .testTarget(name: "DepsYAMLTests", dependencies: ["DepsYAML", "SeededRandom"]),
        .testTarget(name: "DepsHTTPTests", dependencies: ["DepsHTTP", "DepsProcess", "LoopbackHTTPServer"]),
        .testTarget(name: "DepsCoreTests", dependencies: ["DepsCore", "SeededRandom", "ResolutionFixtures"]),
        .testTarget(
            name: "DepsAdaptersTests",
            dependencies: ["DepsAdapters", "DepsCore", "DepsYAML", "SeededRandom", "ResolutionFixtures"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "DepsCLITests", dependencies: ["deps", "DepsCLI", "DepsYAML", "LoopbackHTTPServer"]),
    ]
)
