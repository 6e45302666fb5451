// swift-tools-version:6.2
import PackageDescription

// The layers of docs/ARCHITECTURE.md, innermost first. A target may only
// depend on the targets listed before it.
let package = Package(
    name: "deps",
    platforms: [.macOS(.v15)],
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
        // The exit statuses, and the protocol by which every error deps throws says which it ends with.
        .target(name: "DepsFailures"),

        // Frameworks & drivers: the system libyaml and a Swift layer over it that knows nothing of deps.
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "DepsYAML", dependencies: ["CYaml", "DepsFailures"]),
        // libcurl, loaded by the first transfer (its headers from libcurl4-openssl-dev; nothing linked).
        .target(name: "CLibcurl"),
        // Running a child process, and HTTP through libcurl: they know nothing of deps either.
        // HTTPTransport is what the adapters ask of HTTP, so that tests can stand in for it.
        // Termination signals: a section they wait for, and what is cleaned up when one arrives.
        .target(name: "DepsSignals", dependencies: ["DepsFailures"]),
        .target(name: "DepsProcess", dependencies: ["DepsSignals", "DepsFailures", .product(name: "Subprocess", package: "swift-subprocess")]),
        .target(name: "DepsHTTP", dependencies: ["CLibcurl", "DepsFailures"]),
        // Xcode's project file (an OpenStep property list), read with every byte's place kept and
        // edited in place; it knows nothing of deps either.
        .target(name: "DepsPropertyList", dependencies: ["DepsFailures"]),

        // The file system: atomic writes, locks, the tree walk and copy, temporary paths.
        .target(name: "DepsFileSystem", dependencies: ["DepsSignals", "DepsFailures", .product(name: "Crypto", package: "swift-crypto")]),
        // One git mirror: clone or fetch a bare mirror, read its refs, extract a commit's tree;
        // GitMirroring and GitMirrorOpener are what the adapters ask of one.
        .target(name: "DepsGit", dependencies: ["DepsProcess", "DepsFileSystem", "DepsFailures"]),

        // Entities, the resolver and the use cases: Swift standard library only (and the exit statuses).
        .target(name: "DepsCore", dependencies: ["DepsFailures"]),

        // Interface adapters. Files: deps' own Depsfile, lock and spec codecs, the project store and lock.
        .target(
            name: "DepsFiles",
            dependencies: ["DepsCore", "DepsYAML", "DepsFileSystem", "DepsProcess", "DepsSignals", "DepsFailures", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // CocoaPods' files: the Podfile (read statically, else evaluated with Ruby), Podfile.lock, podspec.json.
        .target(name: "DepsCocoaPods", dependencies: ["DepsCore", "DepsFiles", "DepsYAML", "DepsFileSystem", "DepsProcess", "DepsFailures"]),
        // The shared cache's layout (v1/) and its locking rule, which the code fetchers and the
        // spec repositories share.
        .target(name: "DepsCache", dependencies: ["DepsFileSystem", "DepsFailures"]),
        // The sandbox's layout in a project (Deps/, Deps/<Name>, Deps/Manifest.lock), names and
        // paths only, which the sandbox and the SwiftPM integration share.
        .target(name: "DepsSandboxLayout", dependencies: ["DepsCore", "DepsFileSystem"]),
        // Code: the fetchers, the cache's inventory and the sandbox.
        .target(
            name: "DepsCode",
            dependencies: ["DepsCore", "DepsFiles", "DepsCache", "DepsSandboxLayout", "DepsFileSystem", "DepsGit", "DepsHTTP", "DepsProcess", "DepsSignals", "DepsFailures"]
        ),
        // Spec repositories: directories, git repositories and CDNs. A git external source's
        // checkout and a mirror's code come through gateways the composition root gives.
        .target(
            name: "DepsSpecSources",
            dependencies: [
                "DepsCore", "DepsFiles", "DepsCocoaPods", "DepsCache", "DepsFileSystem", "DepsGit", "DepsHTTP", "DepsProcess", "DepsYAML", "DepsFailures",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Deps/Package.swift and SwiftPM's file rules; a package's code in Deps/<Name> where
        // DepsSandboxLayout says, else through the CodeFetcher it is given.
        .target(name: "DepsSwiftPM", dependencies: ["DepsCore", "DepsSandboxLayout", "DepsFileSystem", "DepsFailures"]),
        // Swift packages as a source (BEHAVIOUR 16): each release's manifest as SwiftPM evaluates
        // it, through the cache's git mirrors or a package registry's API, kept by commit (or
        // archive checksum) and toolchain.
        .target(
            name: "DepsSwiftPackages",
            dependencies: [
                "DepsCore", "DepsFiles", "DepsYAML", "DepsCache", "DepsGit", "DepsHTTP", "DepsFileSystem", "DepsProcess", "DepsFailures",
                "DepsSwiftPM",
            ]
        ),
        // The user's Xcode projects: Deps/ wired into their targets, and CocoaPods taken out.
        .target(name: "DepsXcode", dependencies: ["DepsCore", "DepsPropertyList", "DepsFileSystem", "DepsFailures"]),
        // Text and JSON: what the user reads.
        .target(name: "DepsPresenters", dependencies: ["DepsCore", "DepsFailures"]),

        // Controllers and the composition root.
        .target(
            name: "DepsCLI",
            dependencies: [
                "DepsCore",
                "DepsFailures",
                "DepsSandboxLayout",
                "DepsFiles",
                "DepsCocoaPods",
                "DepsCache",
                "DepsCode",
                "DepsSpecSources",
                "DepsSwiftPackages",
                "DepsSwiftPM",
                "DepsXcode",
                "DepsPresenters",
                "DepsFileSystem",
                "DepsGit",
                "DepsProcess",
                "DepsSignals",
                "DepsHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "deps", dependencies: ["DepsCLI", "DepsSignals"]),

        // Benchmarks (run in release: swift run -c release deps-benchmarks).
        .executableTarget(
            name: "deps-benchmarks",
            dependencies: ["DepsCore", "DepsFiles", "DepsSpecSources", "DepsPresenters", "DepsFileSystem"],
            path: "Benchmarks/Sources"
        ),
        // Real Swift package graphs resolved by deps and by SwiftPM, side by side (BEHAVIOUR 16).
        .executableTarget(
            name: "deps-swiftpm-graphs",
            dependencies: ["DepsCore", "DepsSwiftPackages", "DepsCache", "DepsFileSystem", "DepsGit"],
            path: "Benchmarks/SwiftPackages",
            exclude: ["cli.sh"]
        ),

        // PyPI's openstep_parser run on a project file, the independent reader the Xcode tests check deps' edits with.
        .target(name: "IndependentProjectReader", path: "Tests/Support/IndependentProjectReader"),
        // A loopback HTTP server the tests start, to stand in for remote hosts.
        .target(name: "LoopbackHTTPServer", path: "Tests/Support/LoopbackHTTPServer"),
        .target(name: "SeededRandom", path: "Tests/Support/SeededRandom"),
        .target(name: "ResolutionFixtures", dependencies: ["DepsCore", "SeededRandom"], path: "Tests/Support/ResolutionFixtures"),
        // A file system in memory, so that adapters are tested without the disk.
        .target(name: "InMemoryFileSystem", dependencies: ["DepsFailures", "DepsFileSystem"], path: "Tests/Support/InMemoryFileSystem"),
        // A real folder under the system's temporary directory for one test, removed after it.
        .target(name: "TemporaryFolders", path: "Tests/Support/TemporaryFolders"),
        // Fakes of the HTTP and git drivers (a table of URLs, repositories in memory), so that
        // adapters are tested without the network or a git process, on either file system.
        .target(name: "DriverFakes", dependencies: ["DepsFailures", "DepsHTTP", "DepsGit", "DepsFileSystem"], path: "Tests/Support/DriverFakes"),

        .testTarget(name: "DepsYAMLTests", dependencies: ["DepsYAML", "DepsFailures", "DepsPresenters", "SeededRandom"]),
        // The project-file reader on real apps' project files (Tests/Fixtures/XcodeProjects).
        .testTarget(name: "DepsPropertyListTests", dependencies: ["DepsPropertyList", "DepsFailures", "DepsPresenters"]),
        .testTarget(name: "DepsHTTPTests", dependencies: ["DepsHTTP", "DepsProcess", "DepsFailures", "DepsPresenters", "LoopbackHTTPServer"]),
        // In-memory fakes of the core's gateways (spec sources, the project store, the sandbox, the
        // code fetcher, the cache), for any test of the use cases.
        .target(name: "DepsCoreFakes", dependencies: ["DepsCore"], path: "Tests/Support/DepsCoreFakes"),
        .testTarget(name: "DepsCoreTests", dependencies: ["DepsCore", "DepsCoreFakes", "SeededRandom", "ResolutionFixtures"]),
        .testTarget(name: "InMemoryFileSystemTests", dependencies: ["DepsFailures", "DepsPresenters", "InMemoryFileSystem", "DepsFileSystem"]),
        // The driver fakes answer as the real drivers do.
        .testTarget(
            name: "DriverFakesTests",
            dependencies: ["DepsFailures", "DepsPresenters", "DriverFakes", "InMemoryFileSystem", "DepsHTTP", "DepsGit", "DepsFileSystem", "LoopbackHTTPServer"]
        ),
        // Adapters of one target each, on the in-memory file system and the driver fakes.
        .testTarget(
            name: "DepsSpecSourcesTests",
            dependencies: [
                "DepsCache", "DepsFailures", "DepsSpecSources", "DepsCode", "DepsCore", "DepsFiles", "DepsFileSystem", "DepsGit", "DepsHTTP", "DepsPresenters",
                "DepsSwiftPM", "DriverFakes", "InMemoryFileSystem", "LoopbackHTTPServer", "TemporaryFolders",
            ]
        ),
        .testTarget(
            name: "DepsCodeTests",
            dependencies: [
                "DepsCache", "DepsFailures", "DepsCode", "DepsCore", "DepsFiles", "DepsFileSystem", "DepsGit", "DepsHTTP", "DepsPresenters", "DriverFakes",
                "InMemoryFileSystem", "TemporaryFolders",
            ]
        ),
        // deps' own files (the Depsfile, the lock, specs) read and written, on real files.
        .testTarget(
            name: "DepsFilesTests",
            dependencies: [
                "DepsCode", "DepsCore", "DepsFailures", "DepsFileSystem", "DepsFiles", "DepsPresenters", "DepsSpecSources", "DepsSwiftPM", "DepsYAML",
                "SeededRandom", "TemporaryFolders",
            ],
            exclude: ["Fixtures"]
        ),
        // CocoaPods' files (Podfiles, Podfile.locks, podspecs) read, from real projects and pods.
        .testTarget(
            name: "DepsCocoaPodsTests",
            dependencies: [
                "DepsCocoaPods", "DepsCode", "DepsCore", "DepsFailures", "DepsFileSystem", "DepsFiles", "DepsPresenters", "DepsProcess", "DepsSpecSources",
                "DepsSwiftPM", "SeededRandom", "TemporaryFolders",
            ],
            exclude: ["Fixtures"]
        ),
        // The presenters: every sentence a user reads, from data built by hand.
        .testTarget(name: "DepsPresentersTests", dependencies: ["DepsPresenters", "DepsCore", "DepsFailures", "ResolutionFixtures"]),
        // What crosses adapters: the adapters on one in-memory file system, git's failures as
        // deps words them, locks between readers and writers, SwiftPM's manifests read.
        .testTarget(
            name: "DepsAdaptersTests",
            dependencies: [
                "DepsCache", "DepsCode", "DepsCore", "DepsFailures", "DepsFileSystem", "DepsFiles", "DepsGit", "DepsPresenters", "DepsSandboxLayout",
                "DepsSpecSources", "DepsSwiftPM", "InMemoryFileSystem", "TemporaryFolders",
            ]
        ),
        // Swift packages' manifests evaluated by the real swift, from git repositories the tests
        // make and from a package registry a loopback server stands in for.
        .testTarget(
            name: "DepsSwiftPackagesTests",
            dependencies: ["DepsSwiftPackages", "DepsCore", "DepsCache", "DepsGit", "DepsHTTP", "DepsFileSystem", "DepsFailures", "DepsPresenters", "LoopbackHTTPServer"]
        ),
        // The project-file reader and the Xcode integration, on real apps' project files.
        .testTarget(
            name: "DepsXcodeTests",
            dependencies: ["DepsXcode", "DepsPropertyList", "DepsCore", "DepsFileSystem", "DepsFailures", "DepsPresenters", "IndependentProjectReader"]
        ),
        .testTarget(
            name: "DepsCLITests",
            dependencies: ["deps", "DepsCLI", "DepsPresenters", "DepsYAML", "DepsProcess", "DepsFailures", "DepsCore", "LoopbackHTTPServer", "IndependentProjectReader"]
        ),
    ]
)

// An async function runs on its caller's executor unless it asks for another: a command enters
// Swift concurrency once, on the main thread, and only work that runs in parallel (fetches in a
// task group, child processes) starts threads.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
}

// deps' own code is optimised in debug builds too: the tests read real Xcode projects, Podfiles
// and ten-megabyte files and run the deps binary thousands of times, and unoptimised byte loops
// and generics made them up to four times slower. The tests
// and their support stay unoptimised. DEPS_ONONE=1 builds deps' code unoptimised, for a debugger.
if Context.environment["DEPS_ONONE"] == nil {
    for target in package.targets where target.type == .executable || target.type == .regular && !(target.path ?? "").hasPrefix("Tests/") {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"], .when(configuration: .debug))]
    }
}
