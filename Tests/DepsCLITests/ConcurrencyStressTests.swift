import Foundation
import XCTest

/// Resolving against a CDN downloads in parallel, in child processes, while the resolver waits
/// between rounds, and fetches ahead what it will probably read, some of it slow to come. Repeated from a cold cache many times, every run must end as it should: the same
/// lock, exit status 0, and no abort or warning from the concurrency runtime (a task or a child
/// process left running at exit, a lock used after it was freed).
///
/// `DEPS_STRESS_RUNS` sets how many cold installs each test makes (the real-shaped one a third
/// as many): unset, a few, so that `swift test` stays quick; CI's step against the release build
/// runs 300.
final class ConcurrencyStressTests: XCTestCase {
    func testColdCDNInstallsEndCleanlyEveryTime() throws {
        let project = try TemporaryProject(self)
        let cdn = try RemoteSpecSourceTests.CDN(self, project: project)
        try publishGraph(cdn)
        try project.write("App/Depsfile", """
            sources:
              - \(cdn.url)
            dependencies:
              Firebase/Analytics:
              Firebase/Crashlytics:
              Moya: ~> 15.0
              Kingfisher: ~> 7.0
              SnapKit:

            """)
        let runs = ProcessInfo.processInfo.environment["DEPS_STRESS_RUNS"].flatMap(Int.init) ?? 6
        let lock = try installRepeatedly(project, runs: runs)
        for package in ["Firebase/Analytics", "FirebaseCrashlytics", "GoogleUtilities/Environment", "Moya/Core", "Alamofire"] {
            XCTAssertTrue(lock?.contains(package) ?? false, "\(package) missing:\n\(lock ?? "")")
        }
    }

    /// The CDN benchmark's fixture: 24 real-world pods (the Firebase family, Alamofire, Moya, Rx,
    /// Kingfisher, ...) with their version histories, served on loopback by the benchmark's own
    /// server with 5 ms added to each response; Firebase subspecs, Moya, Kingfisher and SnapKit, from a cold cache
    /// each time. The release build is where a task group waited on by the main thread crashed.
    func testRealShapedCDNInstallsEndCleanlyEveryTime() throws {
        let project = try TemporaryProject(self)
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let benchmark = repository.appendingPathComponent("Benchmarks/CDN").path
        let fixture = project.root + "/fixture"
        let generate = try DepsBinary.run(["python3", benchmark + "/generate.py", fixture, "0"], executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", benchmark + "/server.py", fixture + "/cdn", project.root + "/port", project.root + "/server.log", "5"]
        server.standardError = FileHandle.nullDevice
        try server.run()
        addTeardownBlock { server.terminate(); server.waitUntilExit() }
        var port = ""
        for _ in 0..<200 where port.isEmpty {
            port = (try? String(contentsOfFile: project.root + "/port", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if port.isEmpty { usleep(50_000) }
        }
        XCTAssertFalse(port.isEmpty, "the CDN server did not start")
        try project.write("App/Depsfile", """
            sources:
              - http://127.0.0.1:\(port)/
            platform: ios 15.0
            dependencies:
              Firebase/Analytics:
              Firebase/Crashlytics:
              Moya: ~> 15.0
              Kingfisher:
              SnapKit:

            """)
        let runs = ProcessInfo.processInfo.environment["DEPS_STRESS_RUNS"].flatMap(Int.init).map { max(1, $0 / 3) } ?? 2
        try installRepeatedly(project, runs: runs)
    }

    /// Installs the project's Depsfile `runs` times, each from a cold cache and without a lock:
    /// every run must exit with 0, print nothing from the runtime's failures and choose the same
    /// lock. Returns that lock.
    @discardableResult
    private func installRepeatedly(_ project: TemporaryProject, runs: Int) throws -> String? {
        var firstLock: String?
        for run in 0..<runs {
            try? FileManager.default.removeItem(atPath: project.root + "/App/Depsfile.lock")
            let outcome = try DepsBinary.run(
                ["install", "--lock-only", "--project", project.root + "/App"],
                environment: ["DEPS_CACHE_DIR": project.root + "/cache-\(run)"])
            XCTAssertEqual(outcome.status, 0, "run \(run): \(outcome.stderr)")
            for sign in ["MISUSE", "Assertion", "Fatal error", "crashed", "leaked"] {
                XCTAssertFalse(outcome.stderr.contains(sign), "run \(run): \(outcome.stderr)")
            }
            let lock = try XCTUnwrap(project.lockfile, "run \(run)")
            if let firstLock { XCTAssertEqual(lock, firstLock, "run \(run) chose other versions") } else { firstLock = lock }
            try? FileManager.default.removeItem(atPath: project.root + "/cache-\(run)")
            if outcome.status != 0 { break }
        }
        return firstLock
    }

    /// A graph shaped like Firebase's family (subspecs in lockstep, shared utilities with
    /// subspecs), Moya's subspecs over Alamofire, and two standalone pods, several versions each.
    private func publishGraph(_ cdn: RemoteSpecSourceTests.CDN) throws {
        for version in ["10.27.0", "10.28.0", "10.29.0", "11.0.0", "11.1.0"] {
            try cdn.publish("Firebase", version, podspec: podspec("Firebase", version, subspecs: [
                ("CoreOnly", ["FirebaseCore": "= \(version)"]),
                ("Core", ["Firebase/CoreOnly": "", "FirebaseAnalytics": "~> \(version)"]),
                ("Analytics", ["Firebase/Core": ""]),
                ("Crashlytics", ["Firebase/CoreOnly": "", "FirebaseCrashlytics": "~> \(version)"]),
            ], defaults: ["Core"]))
            try cdn.publish("FirebaseCore", version, dependencies: ["GoogleUtilities/Environment": "~> 7.12", "FirebaseCoreInternal": "~> \(version)"])
            try cdn.publish("FirebaseCoreInternal", version, dependencies: ["GoogleUtilities/NSData+zlib": "~> 7.12"])
            try cdn.publish("FirebaseAnalytics", version, dependencies: ["FirebaseCore": "~> \(version)", "GoogleUtilities/Network": "~> 7.12"])
            try cdn.publish("FirebaseCrashlytics", version, dependencies: ["FirebaseCore": "~> \(version)", "GoogleUtilities/Environment": "~> 7.12"])
        }
        for version in ["7.12.0", "7.13.0", "7.13.3", "8.0.0"] {
            try cdn.publish("GoogleUtilities", version, podspec: podspec("GoogleUtilities", version, subspecs: [
                ("Environment", [:]),
                ("Logger", ["GoogleUtilities/Environment": ""]),
                ("Network", ["GoogleUtilities/Logger": ""]),
                ("NSData+zlib", [:]),
            ], defaults: []))
        }
        for version in ["14.0.0", "15.0.0", "15.0.3"] {
            let alamofire = version.hasPrefix("14") ? "~> 4.1" : "~> 5.0"
            try cdn.publish("Moya", version, podspec: podspec("Moya", version, subspecs: [
                ("Core", ["Alamofire": alamofire]),
                ("RxSwift", ["Moya/Core": "", "RxSwift": "~> 6.0"]),
            ], defaults: ["Core"]))
        }
        for version in ["4.9.1", "5.6.4", "5.8.1", "5.9.1"] { try cdn.publish("Alamofire", version) }
        for version in ["6.5.0", "6.8.0"] { try cdn.publish("RxSwift", version) }
        for version in ["7.10.0", "7.12.0"] { try cdn.publish("Kingfisher", version) }
        // The newest Kingfisher, which the Depsfile does not allow, needs a pod whose podspec is
        // slow to come: what is fetched ahead for it is still on its way when the answer is known.
        try cdn.publish("Kingfisher", "8.1.0", dependencies: ["KingfisherWebP": "~> 2.0"])
        for version in ["1.4.0", "2.0.1"] {
            try cdn.publish("KingfisherWebP", version)
            let path = try RemoteSpecSourceTests.CDN.specPath("KingfisherWebP", version)
            cdn.server.serve(path, .delayed(seconds: 0.1, Array("{\"name\": \"KingfisherWebP\", \"version\": \"\(version)\"}".utf8)))
        }
        for version in ["5.6.0", "5.7.1"] { try cdn.publish("SnapKit", version) }
    }

    private func podspec(_ name: String, _ version: String, subspecs: [(String, [String: String])], defaults: [String]) -> String {
        func dependencies(_ table: [String: String]) -> String {
            table.sorted { $0.key < $1.key }.map { "\"\($0.key)\": [\($0.value.isEmpty ? "" : "\"\($0.value)\"")]" }.joined(separator: ", ")
        }
        let subspecText = subspecs.map { "{\"name\": \"\($0.0)\", \"dependencies\": {\(dependencies($0.1))}}" }.joined(separator: ", ")
        let defaultText = defaults.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {"name": "\(name)", "version": "\(version)", "summary": "\(name) for tests", "license": {"type": "MIT"},
             "source": {"git": "https://example.invalid/\(name).git", "tag": "\(version)"},
             "default_subspecs": [\(defaultText)], "subspecs": [\(subspecText)]}
            """
    }
}
