import Foundation
import XCTest

/// BEHAVIOUR 12, end to end: real git packages (some with a Package.swift of their own, one tagged
/// `v1.2.0` for 1.2.0, one without any manifest, one whose manifest builds its products in code),
/// installed by the built binary, then exported; the exported lines build a fresh SwiftPM package.
final class ExportCommandTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }
    var shapesCommit = ""

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try makePackages()
    }

    /// A git repository at `Repos/<name>` holding `files`, committed and tagged `tag`; returns the commit.
    @discardableResult
    func repository(_ name: String, tag: String, files: [String: String]) throws -> String {
        let path = project.root + "/Repos/\(name)"
        for (file, text) in files { try project.write("Repos/\(name)/\(file)", text) }
        @discardableResult
        func git(_ arguments: [String]) throws -> String {
            try tool(["git"] + arguments, in: path, environment: TestGitRepository.identity)
        }
        try git(["init", "--quiet", "--initial-branch=main"])
        try git(["add", "-A"])
        try git(["commit", "--quiet", "-m", "Release \(tag)"])
        try git(["tag", tag])
        return try git(["rev-parse", "HEAD"])
    }

    func url(_ name: String) -> String { "file://\(project.root)/Repos/\(name)" }

    func makePackages() throws {
        try repository("Greeter", tag: "1.0.0", files: [
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Greeter",
                    products: [
                        .library(name: "Greeter", targets: ["Greeter"]),
                    ],
                    targets: [.target(name: "Greeter")]
                )

                """,
            "Sources/Greeter/Greeter.swift": "public func greeting(_ name: String) -> String { \"Hello, \\(name)!\" }\n",
        ])
        shapesCommit = try repository("Shapes", tag: "v1.2.0", files: [
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Shapes",
                    products: [
                        .library(name: "Shapes", targets: ["Shapes"]),
                        .library(name: "ShapeNames", type: .static, targets: ["ShapeNames"])
                    ],
                    targets: [
                        .target(name: "Shapes"),
                        .target(name: "ShapeNames"),
                    ]
                )

                """,
            "Sources/Shapes/Shapes.swift": "public func corners(ofSides sides: Int) -> Int { sides }\n",
            "Sources/ShapeNames/ShapeNames.swift": "public func shapeName(_ sides: Int) -> String { sides == 3 ? \"triangle\" : \"polygon\" }\n",
        ])
        try repository("Plain", tag: "2.0.0", files: ["Sources/Plain/Plain.swift": "public let plain = 2\n"])
        try repository("Odd", tag: "0.3.0", files: [
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let names = ["Odd", "OddExtras"]
                let package = Package(
                    name: "Odd",
                    products: names.map { .library(name: $0, targets: [$0]) },
                    targets: names.map { .target(name: $0) }
                )

                """,
            "Sources/Odd/Odd.swift": "public let odd = 3\n",
        ])
        try repository("Helper", tag: "0.1.0", files: [
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(name: \"Helper\", products: [.library(name: \"Helper\", targets: [\"Helper\"])], targets: [.target(name: \"Helper\")])\n",
            "Sources/Helper/Helper.swift": "public let help = 1\n",
        ])
        try project.write("Specs/Helper/0.1.0.yaml", "name: Helper\nversion: 0.1.0\nsource:\n  git: \(url("Helper"))\n  tag: 0.1.0\n")
        try project.write("Specs/Greeter/1.0.0.yaml", "name: Greeter\nversion: 1.0.0\nsource:\n  git: \(url("Greeter"))\n  tag: 1.0.0\n")
        try project.write("Specs/Shapes/1.2.0.yaml", """
            name: Shapes
            version: 1.2.0
            source:
              git: \(url("Shapes"))
              tag: v1.2.0
            subspecs:
              - name: Core
                source_files: Sources/Shapes/*.swift
              - name: Names
                source_files: Sources/ShapeNames/*.swift

            """)
        try project.write("Specs/Plain/2.0.0.yaml", "name: Plain\nversion: 2.0.0\nsource:\n  git: \(url("Plain"))\n  tag: 2.0.0\n")
        try project.write("Specs/Odd/0.3.0.yaml", "name: Odd\nversion: 0.3.0\nsource:\n  git: \(url("Odd"))\n  tag: 0.3.0\ndependencies:\n  Helper: ~> 0.1\n")
        try project.write("App/Depsfile", """
            sources:
              - ../Specs
            dependencies:
              Greeter: 1.0.0
              Shapes/Core: 1.2.0
              Shapes/Names: 1.2.0
              Plain:
              Odd:

            """)
    }

    var expectedText: String {
        """
        2 of 5 packages can move to SwiftPM.

        In Package.swift's `dependencies:`
            .package(url: "\(url("Greeter"))", exact: "1.0.0"),
            .package(url: "\(url("Shapes"))", revision: "\(shapesCommit)"),

        In a target's `dependencies:`
            .product(name: "Greeter", package: "Greeter"),
            .product(name: "Shapes", package: "Shapes"),
            .product(name: "ShapeNames", package: "Shapes"),
            // in place of Shapes/Core, Shapes/Names: SwiftPM has no subspecs, only Shapes's products

        Staying on deps, through Deps/Package.swift:
          Helper 0.1.0: Odd, which stays on deps, needs it (Deps/Package.swift builds them with what they need)
          Odd 0.3.0: its Package.swift cannot be read without running it: its `products:` is not a list written out but built in code (line 7)
          Plain 2.0.0: its code at 2.0.0 has no Package.swift of its own

        """
    }

    func testTheExportNamesWhatMovesAndWhatStaysAndItsLinesBuildAFreshPackage() throws {
        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 0, install.stderr)
        let lockBefore = try XCTUnwrap(project.lockfile)

        let export = try project.deps(["export", "swiftpm"], cache: cache)
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(export.stdout, expectedText)
        XCTAssertEqual(export.stderr, "")

        let json = try project.deps(["export", "swiftpm", "--json"], cache: cache)
        XCTAssertEqual(json.status, 0, json.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(document["command"] as? String, "export swiftpm")
        XCTAssertEqual(document["movable"] as? Int, 2)
        XCTAssertEqual(document["packages"] as? Int, 5)
        let exported = try XCTUnwrap(document["exported"] as? [[String: Any]])
        XCTAssertEqual(exported.map { $0["name"] as? String }, ["Greeter", "Shapes"])
        XCTAssertEqual(exported[0]["exact"] as? String, "1.0.0")
        XCTAssertNil(exported[0]["revision"], "a key that does not apply is left out")
        XCTAssertNil(exported[0]["subspecs"])
        XCTAssertEqual(exported[1]["revision"] as? String, shapesCommit)
        XCTAssertEqual(exported[1]["url"] as? String, url("Shapes"))
        XCTAssertEqual(exported[1]["subspecs"] as? [String], ["Shapes/Core", "Shapes/Names"])
        XCTAssertEqual((exported[1]["products"] as? [[String: String]]) ?? [], [
            ["name": "Shapes", "kind": "library"], ["name": "ShapeNames", "kind": "library"],
        ])
        let staying = try XCTUnwrap(document["staying"] as? [[String: Any]])
        XCTAssertEqual(staying.map { $0["name"] as? String }, ["Helper", "Odd", "Plain"])
        XCTAssertEqual(staying.map { $0["reason"] as? String }, ["needed-by", "unreadable-manifest", "no-manifest"])
        XCTAssertEqual(staying[0]["neededBy"] as? [String], ["Odd"])
        XCTAssertEqual(staying[1]["line"] as? Int, 7)
        XCTAssertNil(staying[2]["line"])

        // Without Deps/, the manifests come from the cache: the same answer.
        try FileManager.default.removeItem(atPath: project.app + "/Deps")
        let fromCache = try project.deps(["export", "swiftpm", "--offline"], cache: cache)
        XCTAssertEqual(fromCache.status, 0, fromCache.stderr)
        XCTAssertEqual(fromCache.stdout, expectedText)
        XCTAssertFalse(project.exists("App/Deps"), "export writes nothing into the project")
        XCTAssertEqual(project.lockfile, lockBefore)

        try buildAFreshPackage(with: export.stdout)
    }

    /// Writes a SwiftPM package that uses the exported lines as they are, builds it offline and runs it.
    func buildAFreshPackage(with text: String) throws {
        let lines = text.components(separatedBy: "\n")
        func block(after heading: String) -> String {
            let start = lines.firstIndex(of: heading)! + 1
            return lines[start...].prefix { !$0.isEmpty }.map { "        " + $0 }.joined(separator: "\n")
        }
        let consumer = project.root + "/Consumer"
        try project.write("Consumer/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Consumer",
                dependencies: [
            \(block(after: "In Package.swift's `dependencies:`"))
                ],
                targets: [
                    .executableTarget(name: "Consumer", dependencies: [
            \(block(after: "In a target's `dependencies:`"))
                    ]),
                ]
            )

            """)
        try project.write("Consumer/Sources/Consumer/main.swift", """
            import Greeter
            import ShapeNames
            import Shapes

            print(greeting("SwiftPM"), shapeName(corners(ofSides: 3)))

            """)
        let scratch = project.root + "/swiftpm"
        let arguments = [
            "swift", "build", "--package-path", consumer, "--scratch-path", scratch + "/build",
            "--cache-path", scratch + "/cache", "--config-path", scratch + "/config", "--security-path", scratch + "/security",
            "--disable-dependency-cache",
        ]
        var environment = ProcessInfo.processInfo.environment
        // Only file URLs: a proxy that refuses every connection proves nothing reaches the network.
        for proxy in ["http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
            environment[proxy] = "http://127.0.0.1:9"
        }
        environment["HOME"] = scratch + "/home"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        let (status, output) = try runLogged(arguments, in: project.root, environment: environment, log: project.root + "/swift-build.log")
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(try tool([scratch + "/build/debug/Consumer"]), "Hello, SwiftPM! triangle")
    }

    func testOfflineWithAnEmptyCacheNamesWhatIsMissing() throws {
        XCTAssertEqual(try project.deps(["install", "--lock-only"], cache: cache).status, 0)
        let lock = project.lockfile
        let empty = project.root + "/empty-cache"
        let export = try project.deps(["export", "swiftpm", "--offline"], cache: empty)
        XCTAssertEqual(export.status, 74, export.stderr)
        XCTAssertEqual(export.stdout, "")
        for name in ["Greeter", "Helper", "Odd", "Plain", "Shapes"] {
            XCTAssertTrue(export.stderr.contains("error: \(name): \(url(name)): "), export.stderr)
        }
        XCTAssertTrue(export.stderr.contains("--offline: the cache lacks 5 of the packages whose Package.swift deps export reads"), export.stderr)
        XCTAssertEqual(project.lockfile, lock)
        XCTAssertFalse(project.exists("App/Deps"))

        let json = try project.deps(["export", "swiftpm", "--offline", "--json"], cache: empty)
        XCTAssertEqual(json.status, 74)
        let error = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["error"] as? [String: Any])
        XCTAssertEqual((error["fetchFailures"] as? [[String: Any]])?.map { $0["kind"] as? String }, Array(repeating: "notCached", count: 5))
    }

    func testOutputWritesAFileAndNeverOverwritesOne() throws {
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let written = try project.deps(["export", "swiftpm", "--output", project.root + "/swiftpm.txt"], cache: cache)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, "Wrote \(project.root)/swiftpm.txt: 2 of 5 packages can move to SwiftPM.\n")
        XCTAssertEqual(try project.read("swiftpm.txt"), expectedText)

        try project.write("notes.json", "mine\n")
        let refused = try project.deps(["export", "swiftpm", "--json", "--output", project.root + "/notes.json"], cache: cache)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "error: \(project.root)/notes.json already exists; deps export never overwrites a file: remove it or choose another --output\n")
        XCTAssertEqual(try project.read("notes.json"), "mine\n")

        let nowhere = try project.deps(["export", "swiftpm", "--output", project.root + "/missing/swiftpm.txt"], cache: cache)
        XCTAssertEqual(nowhere.status, 74)
        XCTAssertEqual(nowhere.stderr, "\(project.root)/missing/swiftpm.txt: error: cannot write: no such file or directory\n")
        XCTAssertFalse(project.exists("missing"))
    }

    func testNoLockfileIsAnAnswerNotACrash() throws {
        let export = try project.deps(["export", "swiftpm"], cache: cache)
        XCTAssertEqual(export.status, 1)
        XCTAssertEqual(export.stderr, "No Depsfile.lock; run `deps install` first.\n")
    }
}
