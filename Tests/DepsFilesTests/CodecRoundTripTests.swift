import SeededRandom
import DepsCode
import DepsFiles
import DepsFileSystem
import DepsSpecSources
import DepsSwiftPM
import DepsCore
import DepsYAML
import Foundation
import TemporaryFolders
import XCTest
import DepsPresenters

/// Every value deps writes it can read back (BEHAVIOUR 7): locks built from random odd values
/// are written, read back equal and written again byte for byte; the Depsfile a user would
/// write with the same dependencies reads back to the same dependencies (no drift); a starter
/// Depsfile reads back its sources.
final class CodecRoundTripTests: XCTestCase {
    let codec = LockfileCodec()

    /// How many random locks `testRandomLocksReadBackEqual` builds.
    static let randomCases = 600

    func testRandomLocksReadBackEqual() throws {
        var values = OddValues(seed: 0x5EED_0001)
        for index in 0..<Self.randomCases {
            let lock = values.lockfile()
            try assertRoundTrip(lock, "case \(index)")
            try assertDepsfileReadsBack(lock.dependencies, sources: lock.specRepos.map(\.source), "case \(index)")
        }
    }

    func testHardValuesReadBackEqual() throws {
        let hard = [
            "../odd`name", "`", "``", "```x``", "`lead", "trail`", "a`b``c```d", ") (", "x) (from `y`, tag `z`)",
            "a, ~> 1.0", "from `x`", "line\nbreak", "tab\there", "\u{1B}[31mred\u{1B}[0m", "bell\u{07}", "del\u{7F}",
            "nel\u{85}", "\"double\"", "'single'", "colon: value", "#hash", "a #b", " lead", "trail ", "  both  ", " ",
            "ünïcödé", "日本語/パス", "🚀", "e\u{301}", "`\u{301}", " \u{301}", "\u{301}", "\u{FEFF}bom", "\u{2028}", "~", "null",
            "- dash", "? q", "[x]", "{x}", "%x", "\\back\\slash", "C:\\odd\\path", "\r\n", String(repeating: "long/", count: 300),
        ]
        for (index, value) in hard.enumerated() {
            let name = try PackageName("Odd\(index)")
            let reference = try GitReference.reading(key: "branch", value: "b`" + value.filter { !$0.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F } } + "`")
            let sources: [ExternalSource] = [
                .path(value), .git(url: value, reference), .git(url: value, .defaultBranch), .git(url: value, .defaultBranch, submodules: true),
            ]
            for source in sources {
                let dependency = Dependency(name, try Requirement("~> 1.0"), externalSource: source)
                let lock = Lockfile(
                    packages: [LockedPackage(name: name, version: try Version("1.0.0"), dependencies: [dependency])],
                    dependencies: [dependency, Dependency(try PackageName("Plain"), externalSource: source)],
                    specRepos: [SpecRepoEntry(source: value, packages: [try PackageName("Plain")])],
                    externalSources: [name: source],
                    specChecksums: [name: String(repeating: "a", count: 64)],
                    depsfileChecksum: String(repeating: "b", count: 64),
                    depsVersion: "0.1.0",
                    checkoutOptions: [name: CheckoutOption(git: value, commit: String(repeating: "c", count: 40))])
                try assertRoundTrip(lock, "hard value \(index) \(value.debugDescription)")
                try assertDepsfileReadsBack(lock.dependencies, sources: [value], "hard value \(index)")
            }
            // A Swift package on a branch: its PACKAGES entry is its reference, not a version.
            let branch = SwiftPackageReference.branch("b`" + value.filter { !$0.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F } } + "`")
            for source in [ExternalSource.unversionedPackage(url: value, branch), .unversionedPackage(url: value, .revision("0aF1"))] {
                let dependency = Dependency(name, externalSource: source)
                let lock = Lockfile(
                    packages: [LockedPackage(name: name, version: .unversioned(source.swiftPackageReference!), dependencies: [dependency])],
                    dependencies: [dependency], specRepos: [], externalSources: [name: source],
                    specChecksums: [name: String(repeating: "a", count: 64)], depsfileChecksum: String(repeating: "b", count: 64),
                    depsVersion: "0.1.0", checkoutOptions: [name: CheckoutOption(git: value, commit: String(repeating: "c", count: 40))])
                try assertRoundTrip(lock, "hard value \(index) \(value.debugDescription) on \(source)")
            }
            // A spec file: the lock's dependency entries say `from` as for a folder, and EXTERNAL
            // SOURCES tells them apart.
            let plain = try PackageName("Plain")
            let file = ExternalSource.podspec(value + ".podspec.json")
            let dependency = Dependency(name, try Requirement("~> 1.0"), externalSource: file)
            let lock = Lockfile(
                packages: [LockedPackage(name: name, version: try Version("1.0.0"), dependencies: [dependency])],
                dependencies: [dependency, Dependency(plain, externalSource: file)], specRepos: [],
                externalSources: [name: file, plain: file], specChecksums: [name: String(repeating: "a", count: 64)],
                depsfileChecksum: String(repeating: "b", count: 64), depsVersion: "0.1.0")
            try assertRoundTrip(lock, "hard value \(index) \(value.debugDescription) as a podspec")
            try assertDepsfileReadsBack(lock.dependencies, sources: [value], "hard value \(index) as a podspec")
        }
    }

    func testValuesWithoutABacktickAreWrittenAsBeforeAndOthersAreFenced() throws {
        let local = Dependency(try PackageName("LocalKit"), try Requirement("~> 1.0"), externalSource: .path("../Local Kit (2)"))
        let tagged = Dependency(try PackageName("Net"), externalSource: .git(url: "https://e.org/n.git", .tag("v`2`")))
        let odd = Dependency(try PackageName("Odd"), externalSource: .path("`../odd``name"))
        let lock = Lockfile(
            packages: [], dependencies: [local, tagged, odd], specRepos: [], externalSources: [:], specChecksums: [:],
            depsfileChecksum: String(repeating: "b", count: 64), depsVersion: "0.1.0")
        let text = codec.encode(lock)
        XCTAssertTrue(text.contains("  - LocalKit (from `../Local Kit (2)`, ~> 1.0)\n"), text)
        XCTAssertTrue(text.contains("  - Net (from `https://e.org/n.git`, tag `` v`2` ``)\n"), text)
        XCTAssertTrue(text.contains("  - Odd (from ``` `../odd``name ```)\n"), text)
        XCTAssertEqual(try codec.decode(Array(text.utf8)), lock)
    }

    func testMalformedFencesAreRefusedWithTheLine() throws {
        for entry in ["A (from `` x`)", "A (from ``x``)", "A (from `` ``)", "A (from `unclosed)", "A (from ``` x ``)", "A (from `x`, tag `` v)"] {
            let text = "PACKAGES:\n  - A (1.0)\n\nDEPENDENCIES:\n  - \"\(entry)\"\n\nSPEC REPOS:\n  {}\n\nSPEC CHECKSUMS:\n  {}\n\n"
                + "DEPSFILE CHECKSUM: \(String(repeating: "b", count: 64))\n\nDEPS: 0.1.0\n"
            XCTAssertThrowsError(try codec.decode(Array(text.utf8)), entry) { error in
                XCTAssertTrue("\(error)".hasPrefix("Depsfile.lock:5: error: expected `"), "\(error)")
            }
        }
    }

    /// NUL reads back from YAML, but a path or a command-line argument ends at its first NUL:
    /// a location holding one is refused where it is read, with the line and the value escaped.
    func testANULInALocationIsRefusedWithTheLineAndTheEscapedValue() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Lockfile.golden.yaml")
        let golden = try String(contentsOf: url, encoding: .utf8)
        for (original, replacement, expected) in [
            ("    path: ../LocalKit\n", "    path: \"../Local\\0Kit\"\n",
             "Depsfile.lock:22: error: the path of LocalKit cannot hold a NUL character: '../Local\\u{0}Kit'"),
            ("  - LocalKit (from `../LocalKit`)", "  - \"LocalKit (from `../Local\\0Kit`)\"",
             "Depsfile.lock:10: error: the external source of LocalKit cannot hold a NUL character: '../Local\\u{0}Kit'"),
            ("    git: https://github.com/Alamofire/Alamofire.git\n", "    git: \"https://x\\0y\"\n",
             "Depsfile.lock:33: error: the git URL of Alamofire cannot hold a NUL character: 'https://x\\u{0}y'"),
            ("  ../../Specs:\n", "  \"../../Sp\\0ecs\":\n",
             "Depsfile.lock:15: error: a spec repository cannot hold a NUL character: '../../Sp\\u{0}ecs'"),
        ] {
            let text = golden.replacingOccurrences(of: original, with: replacement)
            XCTAssertNotEqual(text, golden, original)
            XCTAssertThrowsError(try codec.decode(Array(text.utf8)), replacement) { error in
                XCTAssertEqual("\(error)", expected)
            }
        }
        for (depsfile, expected) in [
            ("sources:\n  - ../Specs\ndependencies:\n  Odd:\n    path: \"../a\\0b\"\n",
             "Depsfile:5: error: the path of Odd cannot hold a NUL character: '../a\\u{0}b'"),
            ("sources:\n  - ../Specs\ndependencies:\n  Odd:\n    git: \"https://a\\0b\"\n    tag: v1\n",
             "Depsfile:5: error: the git URL of Odd cannot hold a NUL character: 'https://a\\u{0}b'"),
            ("sources:\n  - \"../Sp\\0ecs\"\ndependencies:\n",
             "Depsfile:2: error: a source cannot hold a NUL character: '../Sp\\u{0}ecs'"),
        ] {
            XCTAssertThrowsError(try DepsfileCodec().decode(Array(depsfile.utf8), checksum: "c"), depsfile) { error in
                XCTAssertEqual("\(error)", expected)
            }
        }
    }

    func testStarterDepsfilesReadBackTheirSources() throws {
        var values = OddValues(seed: 0x5EED_0002)
        for index in 0..<100 {
            let directory = try TemporaryDirectory(self)
            let store = FileProjectStore(directory: LocalPath(directory.path))
            var sources: [String] = []
            for _ in 0..<Int.random(in: 1...4, using: &values.random) {
                let source = values.text(allowingControls: false)
                if !source.isEmpty, !sources.contains(source) { sources.append(source) }
            }
            guard !sources.isEmpty else { continue }
            _ = try InitInteractor(store: store).initialize(sources: sources)
            XCTAssertEqual(try store.readManifest().sources, sources, "case \(index)")
        }
    }

    // MARK: Helpers

    func assertRoundTrip(_ lock: Lockfile, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = codec.encode(lock)
        let decoded: Lockfile
        do {
            decoded = try codec.decode(Array(text.utf8))
        } catch {
            return XCTFail("\(what): \(error)\n\(text)", file: file, line: line)
        }
        XCTAssertEqual(decoded, lock, "\(what)\n\(text)", file: file, line: line)
        XCTAssertEqual(codec.encode(decoded), text, what, file: file, line: line)
    }

    /// The Depsfile a user would write for `dependencies`, through the YAML writer, reads back
    /// to the same dependencies: `deps check` would see no drift.
    func assertDepsfileReadsBack(
        _ dependencies: [Dependency], sources: [String], _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let entries: [(String, YAMLNode)] = dependencies.map { dependency in
            var fields: [(String, YAMLNode)] = []
            switch dependency.externalSource {
            case let .path(path)?: fields.append(("path", .scalar(path)))
            case let .podspec(file)?: fields.append(("podspec", .scalar(file)))
            case let .package(url)?: fields.append(("package", .scalar(url)))
            case let .registry(url)?: fields.append(("registry", .scalar(url)))
            case let .unversionedPackage(url, reference)?:
                fields.append(("package", .scalar(url)))
                fields.append((reference.field.key, .scalar(reference.field.value)))
            case let .git(url, reference, submodules)?:
                fields.append(("git", .scalar(url)))
                if let field = reference.field { fields.append((field.key, .scalar(field.value))) }
                if submodules { fields.append(("submodules", .scalar("true"))) }
            case nil: return (dependency.name.description, dependency.requirement.isAny ? .null : .scalar(dependency.requirement.description))
            }
            if !dependency.requirement.isAny { fields.append(("version", .scalar(dependency.requirement.description))) }
            return (dependency.name.description, .mapping(fields))
        }
        var unique: [String] = []
        for source in sources where !source.isEmpty && !unique.contains(source) { unique.append(source) }
        let text = YAMLEmitter.emit(.mapping([("sources", .sequence(unique.map { .scalar($0) })), ("dependencies", .mapping(entries))]))
        do {
            let manifest = try DepsfileCodec().decode(Array(text.utf8), checksum: "c")
            XCTAssertEqual(manifest.sources, unique, what, file: file, line: line)
            XCTAssertEqual(manifest.dependencies.sorted { $0.name < $1.name }, dependencies, "\(what)\n\(text)", file: file, line: line)
        } catch {
            XCTFail("\(what): \(error)\n\(text)", file: file, line: line)
        }
    }
}

/// Random values of every kind a lock holds, built from the pieces that trouble a writer most.
struct OddValues {
    static let pieces: [String] = [
        "`", "``", "```", ") (", "(", ")", ", ", ",", "from ", "from `", "tag `", "`, tag `", "~> 1.0", " ", "  ", "\t", "\n",
        "\r\n", "\u{1B}[31m", "\u{07}", "\u{7F}", "\u{85}", "\u{9F}", "\"", "'", "''", ":", ": ", "#", " #", "é", "e\u{301}",
        "\u{301}", "日本語", "🚀", "\u{FEFF}", "\u{2028}", "\u{FFFE}", "../", "~", "null", "-", "? ", "[", "{", "}", "%", "&", "*",
        "!", "|", ">", "\\", "a", "Z", "1.0", "https://example.com/", ".git", "x",
    ]
    static let names = ["Alamofire", "Moya", "a", "Z9", "x.y", "x_y", "x+y", "x-y", "A1.b_c+d-e", "Moya/Core", "q/r-s"]
    static let versions = ["1", "1.0", "1.10", "5.0", "1.0.0", "0.0.1", "10.20.30.40", "2.0.0-beta.4", "1.0.0.beta1", "1.0.1b", "3.2016.0521", "70000.1"]
    static let operators = ["=", "!=", ">", "<", ">=", "<=", "~>"]
    static let hex = Array("0123456789abcdef")

    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// Text from 0 to 6 pieces; without C0 controls and DEL when `allowingControls` is false.
    mutating func text(allowingControls: Bool = true) -> String {
        var result = (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
        if !allowingControls {
            result.unicodeScalars.removeAll { $0.value < 0x20 || $0.value == 0x7F }
        }
        return result
    }

    mutating func nonEmptyText() -> String {
        let value = text()
        return value.isEmpty ? "`" : value
    }

    /// A git tag or branch: no spaces or controls, not starting with `-`.
    mutating func reference() -> String {
        var value = text()
        value.unicodeScalars.removeAll { $0.value <= 0x20 || $0.value == 0x7F }
        while value.hasPrefix("-") { value.removeFirst() }
        return value.isEmpty ? "v`1`" : value
    }

    mutating func digits(_ count: Int) -> String {
        String((0..<count).map { _ in Self.hex.randomElement(using: &random)! })
    }

    mutating func name() -> PackageName {
        var text = Self.names.randomElement(using: &random)!
        if chance(50) { text += String(Int.random(in: 0..<1000, using: &random)) }
        if chance(5) { text = "L" + String(repeating: "o", count: 127) }
        return try! PackageName(text)
    }

    mutating func version() -> Version {
        try! Version(Self.versions.randomElement(using: &random)!)
    }

    mutating func requirement() -> Requirement {
        guard chance(70) else { return .any }
        let constraints = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            "\(Self.operators.randomElement(using: &random)!) \(version())"
        }
        return try! Requirement(constraints.joined(separator: ", "))
    }

    mutating func gitReference() -> GitReference {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: try! GitReference.reading(key: "tag", value: reference())
        case 1: try! GitReference.reading(key: "branch", value: reference())
        case 2: .defaultBranch
        default: try! GitReference.reading(key: "commit", value: digits(40))
        }
    }

    mutating func externalSource() -> ExternalSource {
        chance(50) ? .path(nonEmptyText()) : .git(url: nonEmptyText(), gitReference(), submodules: chance(30))
    }

    /// Up to `count` distinct names.
    mutating func names(_ count: Int) -> [PackageName] {
        var seen: Set<PackageName> = []
        return (0..<count).map { _ in name() }.filter { seen.insert($0).inserted }
    }

    mutating func dependency(_ name: PackageName, externalSources: Bool) -> Dependency {
        Dependency(name, requirement(), externalSource: externalSources && chance(40) ? externalSource() : nil)
    }

    mutating func lockfile() -> Lockfile {
        let packageNames = names(Int.random(in: 0...8, using: &random))
        // A package and its subspecs share one version, as in every lock deps writes.
        var versionsOfRoots: [PackageName: Version] = [:]
        let packages = packageNames.map { name in
            let version = versionsOfRoots[name.root] ?? version()
            versionsOfRoots[name.root] = version
            return LockedPackage(name: name, version: version, dependencies: names(Int.random(in: 0...3, using: &random)).map {
                dependency($0, externalSources: chance(10))
            })
        }
        let dependencies = names(Int.random(in: 0...6, using: &random)).map { dependency($0, externalSources: true) }
        var specRepos: [SpecRepoEntry] = []
        var sources: [String] = []
        var unassigned = packageNames
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            var source = nonEmptyText()
            if chance(3) { source = String(repeating: "k`", count: 600) }
            guard !sources.contains(source) else { continue }
            sources.append(source)
            let taken = Int.random(in: 0...unassigned.count, using: &random)
            specRepos.append(SpecRepoEntry(source: source, packages: Array(unassigned.prefix(taken))))
            unassigned.removeFirst(taken)
        }
        var externalSources: [PackageName: ExternalSource] = [:]
        var specChecksums: [PackageName: String] = [:]
        var checkoutOptions: [PackageName: CheckoutOption] = [:]
        var sourceChecksums: [PackageName: String] = [:]
        for name in packageNames {
            // A dependency entry names a spec file as it names a folder: only EXTERNAL SOURCES tells them apart.
            if chance(30) { externalSources[name] = chance(20) ? .podspec(nonEmptyText()) : externalSource() }
            if chance(80) { specChecksums[name] = digits(64) }
            if chance(30) { checkoutOptions[name] = CheckoutOption(git: nonEmptyText(), commit: digits(40), submodules: chance(30)) }
            if chance(20) { sourceChecksums[name] = digits(64) }
        }
        return Lockfile(
            packages: packages, dependencies: dependencies, specRepos: specRepos, externalSources: externalSources,
            specChecksums: specChecksums, depsfileChecksum: digits(64), depsVersion: version().description,
            checkoutOptions: checkoutOptions, sourceChecksums: sourceChecksums)
    }
}
