import DepsProcess
import DepsCore
import DepsCocoaPods
import DepsFiles
import DepsFileSystem
import Foundation
import TemporaryFolders
import XCTest
import DepsPresenters

/// Every real CocoaPods project under Tests/Fixtures/CocoaPods (a Podfile and the Podfile.lock of
/// the same commit) imported with the real reader, codecs and files, as `deps import` does:
/// either the Depsfile says what Podfile.lock's DEPENDENCIES say, by meaning, and Depsfile.lock's
/// PACKAGES are its PODS version for version; or the import is refused, naming every line or
/// entry at fault, and nothing is written.
final class CocoaPodsPairImportTests: XCTestCase {
    /// What importing one project does.
    enum Outcome: Equatable {
        /// Imported: PACKAGES are the PODS; the Depsfile's dependencies are DEPENDENCIES by
        /// meaning except for `differing`, the pods whose dependency the Podfile.lock does not say
        /// as the Podfile does, which the import reports as a stale lock's (BEHAVIOUR 10).
        case imported(differing: [String] = [])
        /// The Podfile needs Ruby to run: these lines are named, each once.
        case dynamicPodfile(lines: [Int])
        /// The Podfile.lock holds entries deps' lock cannot say: these are named.
        case lockRefused(entries: [String])
        /// The Podfile names sources deps cannot take (a podspec at a URL) for these pods, and
        /// its lock the same pods.
        case sourcesRefused(pods: [String], entries: [String])
    }

    /// Counted by reading each file; the README of Tests/Fixtures/CocoaPods says why.
    static let expected: [String: Outcome] = [
        // `Keys` is added by the cocoapods-keys plugin, which deps does not run.
        "Artsy-Authentication": .imported(differing: ["Keys"]),
        "Artsy-UIButtons": .imported(),
        "Auth-Firebase": .imported(),
        "CouchTracker": .imported(),
        "Moya": .imported(),
        "Nimble-Code-Challenge": .imported(),
        // The commit replaced URBMediaFocusViewController with SimpleImageViewer in the Podfile
        // and left the lock as it was.
        "Rocket.Chat.iOS": .imported(differing: ["SimpleImageViewer", "URBMediaFocusViewController"]),
        "Rocket.Chat.iOS-2017-07": .imported(),
        // YapDatabase's 18 subspecs of subspecs are locked as they are (BEHAVIOUR 2.3).
        "Signal-iOS": .imported(),
        // A method with a parameter, called four times.
        "WordPress-iOS": .dynamicPodfile(lines: [100, 101, 102, 103]),
        // A conditional on ENV (37) and a `:head` requirement (75).
        "eidolon": .dynamicPodfile(lines: [37, 75]),
        "energy": .imported(differing: ["Keys"]),
        // A conditional (8), `puts` (16 interpolating, 18), `ENV` (17, 19).
        "home-assistant-iOS": .dynamicPodfile(lines: [8, 16, 17, 18, 19]),
        "quickstart-ios-analytics": .imported(),
        "simplenote-ios": .imported(),
    ]

    /// With `--static`: the Podfiles that need Ruby are refused, every such line named.
    func testEveryPairImportsExactlyOrIsRefusedNamingWhy() async throws {
        let projects = try CocoaPodsFixtures.projects()
        XCTAssertEqual(Set(projects), Set(Self.expected.keys), "every fixture project has its expected outcome")
        XCTAssertGreaterThanOrEqual(projects.count, 12)
        var outcomes: [String: Outcome] = [:]
        for project in projects {
            outcomes[project] = try await importPair(project, staticOnly: true)
        }
        for project in projects {
            XCTAssertEqual(outcomes[project], Self.expected[project], project)
        }
    }

    /// What Ruby changes: the Podfiles the static reader refuses are evaluated (BEHAVIOUR 10).
    static let expectedWithRuby: [String: Outcome] = [
        // Evaluated, it names four pods' podspecs by URL, which a Depsfile cannot take.
        "WordPress-iOS": .sourcesRefused(
            pods: ["React", "yoga", "Folly", "react-native-safe-area"], entries: ["Folly", "React", "react-native-safe-area", "yoga"]),
        // Evaluated, only the `:head` requirement (75) is left, which no Ruby makes a version.
        "eidolon": .dynamicPodfile(lines: [75]),
        "home-assistant-iOS": .imported(),
    ]

    func testWithRubyThePodfilesThatNeedItAreEvaluated() async throws {
        try XCTSkipIf(ChildProcess.executablePath(of: "ruby") == nil, "no ruby on PATH: Podfile evaluation is not tested here")
        var outcomes: [String: Outcome] = [:]
        for project in try CocoaPodsFixtures.projects() {
            outcomes[project] = try await importPair(project, staticOnly: false)
        }
        for (project, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(outcome, Self.expectedWithRuby[project] ?? Self.expected[project], project)
        }
    }

    /// Imports one project in a temporary folder and checks what was (or was not) written.
    func importPair(_ project: String, staticOnly: Bool) async throws -> Outcome {
        let directory = try TemporaryDirectory(self)
        try directory.write("Podfile", bytes: try CocoaPodsFixtures.podfile(project))
        try directory.write("Podfile.lock", bytes: try CocoaPodsFixtures.podfileLock(project))
        let path = LocalPath(directory.path)
        let interactor = ImportInteractor(
            cocoaPods: CocoaPodsProjectFiles(directory: path, staticOnly: staticOnly), destination: FileProjectStore(directory: path))
        let result: ProjectImport
        do {
            result = try await interactor.importProject(dryRun: false)
        } catch let error as PodfileRefusal {
            assertNothingWritten(directory, project)
            let lines = error.errors.map(\.line)
            XCTAssertEqual(lines, Array(Set(lines)).sorted(), "\(project): each dynamic line named once, in order")
            return .dynamicPodfile(lines: lines)
        } catch let error as PodfileImportError {
            assertNothingWritten(directory, project)
            guard error.podfileGaps.isEmpty else {
                return .sourcesRefused(pods: error.podfileGaps.map(\.name.description), entries: error.lockProblems.map(\.pod))
            }
            return .lockRefused(entries: error.lockProblems.map(\.pod))
        }
        let podfileLock = try PodfileLockCodec().decode(try CocoaPodsFixtures.podfileLock(project))
        let store = FileProjectStore(directory: path)
        let manifest = try store.readManifest()
        let lockfile = try XCTUnwrap(try store.readLockfile(), project)

        // Depsfile.lock's PACKAGES are the PODS, version for version.
        XCTAssertEqual(
            Set(lockfile.packages.map { "\($0.name) (\($0.version))" }),
            Set(podfileLock.pods.map { "\($0.name) (\($0.version))" }), project)
        XCTAssertEqual(lockfile.packages.count, podfileLock.pods.count, project)

        // The Depsfile's dependencies are the Podfile.lock's DEPENDENCIES by meaning, but for
        // those the import itself reports as changed since the lock was written.
        let depsfile = Dictionary(uniqueKeysWithValues: manifest.dependencies.map { ($0.name.description, $0) })
        let locked = Dictionary(uniqueKeysWithValues: podfileLock.dependencies.map { ($0.name, $0) })
        var differing = Set(locked.keys).symmetricDifference(depsfile.keys)
        for (name, dependency) in locked {
            guard let imported = depsfile[name] else { continue }
            let expectedSource = dependency.externalLocation.map { _ in
                podfileLock.externalSources[PodfileLock.root(of: name)].flatMap(Self.depsfileSource)
            }
            if Set(imported.requirement.constraints) != Set(dependency.requirement.constraints)
                || imported.externalSource != expectedSource ?? nil {
                differing.insert(name)
            }
        }
        let drift = result.staleLock.map { $0.modified + $0.added + $0.removed } ?? []
        XCTAssertEqual(Set(drift.map(\.description)), differing, "\(project): what the import reports as changed")
        return .imported(differing: differing.sorted())
    }

    /// What a Podfile.lock EXTERNAL SOURCES entry means in a Depsfile.
    static func depsfileSource(_ source: PodExternalSource) -> ExternalSource? {
        switch source {
        case let .path(path): .path(path)
        case let .git(url, nil, submodules): .git(url: url, .defaultBranch, submodules: submodules)
        case let .git(url, .tag(tag)?, submodules): .git(url: url, .tag(tag), submodules: submodules)
        case let .git(url, .branch(branch)?, submodules): .git(url: url, .branch(branch), submodules: submodules)
        case let .git(url, .commit(commit)?, submodules): .git(url: url, .commit(commit), submodules: submodules)
        case .podspec, .download: nil
        }
    }

    func assertNothingWritten(_ directory: TemporaryDirectory, _ project: String, line: UInt = #line) {
        for name in ["Depsfile", "Depsfile.lock"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path + "/" + name), "\(project): \(name)", line: line)
        }
    }
}

