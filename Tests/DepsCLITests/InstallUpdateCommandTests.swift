import Foundation
import XCTest

/// `deps install` and `deps update`, run as the built binary on real files (BEHAVIOUR 4.1, 4.2).
final class InstallUpdateCommandTests: XCTestCase {
    var project: TemporaryProject!

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try project.publish([
            "Alamofire": ["4.9.0": [:], "4.9.1": [:], "5.0.0": [:], "5.6.4": [:], "5.9.1": [:]],
            "Moya": ["14.0.0": ["Alamofire": "~> 4.9"], "15.0.0": ["Alamofire": "~> 5.0"]],
            "SnapKit": ["5.0.0": [:], "5.7.1": [:]],
            "AlamofireImage": ["4.2.0": ["Alamofire": "~> 5.1"], "4.3.0": ["Alamofire": "~> 5.8"]],
        ])
    }

    /// Locks Moya 14.0.0, Alamofire 4.9.1 and SnapKit 5.0.0, then loosens SnapKit to any version.
    func lockOldVersions() throws {
        try project.depsfile(["Moya": "~> 14.0", "SnapKit": "5.0.0"])
        XCTAssertEqual(try project.deps("install").status, 0)
        try project.depsfile(["Moya": "~> 14.0", "SnapKit": ""])
        XCTAssertEqual(try project.deps("install").status, 0)
    }

    func testFirstInstallWritesTheLockAndSaysWhatItInstalled() throws {
        try project.depsfile(["Moya": "~> 15.0", "SnapKit": ""])
        let outcome = try project.deps("install")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stdout, """
            Installing Alamofire (5.9.1)
            Installing Moya (15.0.0)
            Installing SnapKit (5.7.1)
            2 dependencies from the Depsfile, 3 total packages locked.

            """)
        XCTAssertEqual(outcome.stderr, "")
        XCTAssertEqual(project.lockfile, """
            PACKAGES:
              - Alamofire (5.9.1)
              - Moya (15.0.0):
                - Alamofire (~> 5.0)
              - SnapKit (5.7.1)

            DEPENDENCIES:
              - Moya (~> 15.0)
              - SnapKit

            SPEC REPOS:
              ../Specs:
                - Alamofire
                - Moya
                - SnapKit

            SPEC CHECKSUMS:
              Alamofire: \(try project.sha256("Specs/Alamofire/5.9.1.yaml"))
              Moya: \(try project.sha256("Specs/Moya/15.0.0.yaml"))
              SnapKit: \(try project.sha256("Specs/SnapKit/5.7.1.yaml"))

            DEPSFILE CHECKSUM: \(try project.sha256("App/Depsfile"))

            DEPS: 0.1.0

            """)
    }

    func testASecondInstallLeavesTheLockfileBytesAndModificationTimeAlone() throws {
        try project.depsfile(["Moya": "~> 15.0"])
        try project.deps("install")
        let path = project.app + "/Depsfile.lock"
        let past = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
        let before = project.lockfile
        let outcome = try project.deps("install", "--verbose")
        XCTAssertEqual(outcome.status, 0)
        XCTAssertEqual(outcome.stdout, "Using Alamofire (5.9.1)\nUsing Moya (15.0.0)\n1 dependency from the Depsfile, 2 total packages locked.\n")
        XCTAssertEqual(project.lockfile, before)
        XCTAssertEqual(project.lockfileModificationDate, past)
    }

    func testInstallAfterTheRepositoryGainedVersionsMovesNothing() throws {
        try lockOldVersions()
        let before = project.lockfile
        try project.publish(["Alamofire": ["4.9.2": [:]], "Moya": ["14.0.1": ["Alamofire": "~> 4.9"]], "SnapKit": ["5.8.0": [:]]])
        let outcome = try project.deps("install")
        XCTAssertEqual(outcome.stdout, "2 dependencies from the Depsfile, 3 total packages locked.\n")
        XCTAssertEqual(project.lockfile, before)
    }

    func testANewDependencyResolvesAloneAndKeepsTheSharedPin() throws {
        try project.depsfile(["AlamofireImage": "4.2.0"])
        try project.deps("install")
        try project.publish(["Alamofire": ["5.10.0": [:]]])
        try project.depsfile(["AlamofireImage": "4.2.0", "Moya": "~> 15.0"])
        let outcome = try project.deps("install")
        XCTAssertEqual(outcome.stdout, "Installing Moya (15.0.0)\n2 dependencies from the Depsfile, 3 total packages locked.\n")
        XCTAssertTrue(project.lockfile!.contains("  - Alamofire (5.9.1)\n"))
    }

    func testARequirementEditedToStillAdmitThePinMovesNothingButOneThatExcludesItMovesIt() throws {
        try lockOldVersions()
        try project.depsfile(["Moya": ">= 14.0, < 16", "SnapKit": ""])
        var outcome = try project.deps("install")
        XCTAssertEqual(outcome.stdout, "2 dependencies from the Depsfile, 3 total packages locked.\n")
        XCTAssertTrue(project.lockfile!.contains("  - Moya (>= 14.0, < 16)\n"))
        XCTAssertTrue(project.lockfile!.contains("  - Moya (14.0.0):\n"))

        try project.depsfile(["Moya": "~> 15.0", "SnapKit": ""])
        outcome = try project.deps("install")
        XCTAssertEqual(outcome.stdout, """
            Installing Alamofire 5.9.1 (was 4.9.1)
            Installing Moya 15.0.0 (was 14.0.0)
            2 dependencies from the Depsfile, 3 total packages locked.

            """)
    }

    func testARemovedDependencyLeavesTheLockWithItsOrphans() throws {
        try lockOldVersions()
        try project.depsfile(["SnapKit": ""])
        let outcome = try project.deps("install")
        XCTAssertEqual(outcome.stdout, "Removing Alamofire\nRemoving Moya\n1 dependency from the Depsfile, 1 total package locked.\n")
        XCTAssertFalse(project.lockfile!.contains("Alamofire"))
    }

    func testUpdateWithoutNamesMovesEverythingToTheNewest() throws {
        try lockOldVersions()
        try project.depsfile(["Moya": "", "SnapKit": ""])
        try project.deps("install")
        let outcome = try project.deps("update")
        XCTAssertEqual(outcome.status, 0)
        XCTAssertEqual(outcome.stdout, """
            Updating Alamofire 4.9.1 -> 5.9.1
            Updating Moya 14.0.0 -> 15.0.0
            Updating SnapKit 5.0.0 -> 5.7.1
            2 dependencies from the Depsfile, 3 total packages locked.

            """)
    }

    func testUpdateNameMovesItAndItsOrphansButNotSharedDependencies() throws {
        try project.depsfile(["Moya": "", "AlamofireImage": "", "SnapKit": ""])
        try project.publish(["Moya": ["15.0.0": ["Alamofire": "~> 5.0", "SnapKit": "~> 5.0"]]])
        try project.deps("install")
        try project.publish([
            "Moya": ["15.1.0": ["Alamofire": "~> 5.0"]], "Alamofire": ["5.10.0": [:]], "SnapKit": ["5.8.0": [:]],
        ])
        let outcome = try project.deps("update", "Moya")
        XCTAssertEqual(outcome.stdout, "Updating Moya 15.0.0 -> 15.1.0\n3 dependencies from the Depsfile, 4 total packages locked.\n")
        XCTAssertTrue(project.lockfile!.contains("  - Alamofire (5.9.1)\n"), "shared with AlamofireImage, so it stays")
    }

    func testUpdateOfANameThatAPinHoldsBackSaysWhenUpdatingMoreWouldNotMoveIt() throws {
        try lockOldVersions()
        let outcome = try project.deps("update", "Alamofire")
        XCTAssertEqual(outcome.status, 0)
        XCTAssertEqual(outcome.stdout, """
            Moya 14.0.0 (pinned) requires Alamofire ~> 4.9, and updating Moya too would not let Alamofire move
            2 dependencies from the Depsfile, 3 total packages locked.

            """)
        // Indeed: Moya ~> 14.0 has no version that takes Alamofire 5.
        XCTAssertEqual(try project.deps("update", "Alamofire", "Moya").stdout, "2 dependencies from the Depsfile, 3 total packages locked.\n")
    }

    /// The command a held-back package's line offers really moves it: Moya 14.0.1 takes Alamofire 5.
    func testUpdateOfANameThatAPinHoldsBackOffersACommandThatMovesIt() throws {
        try lockOldVersions()
        try project.publish(["Moya": ["14.0.1": ["Alamofire": ">= 4.9, < 6"]]])
        let outcome = try project.deps("update", "Alamofire")
        XCTAssertEqual(outcome.stdout, """
            Moya 14.0.0 (pinned) requires Alamofire ~> 4.9; run deps update Alamofire Moya
            2 dependencies from the Depsfile, 3 total packages locked.

            """)
        let offered = try project.deps("update", "Alamofire", "Moya")
        XCTAssertEqual(offered.stdout, """
            Updating Alamofire 4.9.1 -> 5.9.1
            Updating Moya 14.0.0 -> 14.0.1
            2 dependencies from the Depsfile, 3 total packages locked.

            """)
    }

    func testUpdateWithoutNamesReplacesALockfileWithMergeConflicts() throws {
        try lockOldVersions()
        let lock = try XCTUnwrap(project.lockfile)
        try project.write("App/Depsfile.lock", lock.replacingOccurrences(
            of: "  - SnapKit (5.0.0)\n", with: "<<<<<<< HEAD\n  - SnapKit (5.0.0)\n=======\n  - SnapKit (5.7.1)\n>>>>>>> other\n"))
        XCTAssertEqual(try project.deps("install").status, 65, "install keeps pins, so it needs a readable lock")
        let outcome = try project.deps("update")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stderr.hasPrefix("warning: Depsfile.lock could not be read, so it was resolved anew and was replaced:\nDepsfile.lock:"), outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("Installing Moya (14.0.0)"), outcome.stdout)
        XCTAssertEqual(try project.deps("check").status, 0)
        XCTAssertEqual(try project.deps("update", "Moya").status, 0)
    }

    func testUpdateOfUnknownNamesIsAUsageErrorAndWritesNothing() throws {
        try lockOldVersions()
        let before = project.lockfile
        let outcome = try project.deps("update", "Moya", "Nope")
        XCTAssertEqual(outcome.status, 64)
        XCTAssertEqual(outcome.stdout, "")
        XCTAssertEqual(outcome.stderr, "error: Nope is neither in Depsfile.lock nor in the Depsfile\n")
        XCTAssertEqual(project.lockfile, before)
    }

    func testAPinThatBlocksANewDependencyFailsWithTheRemedyAndLeavesTheLock() throws {
        try lockOldVersions()
        let before = project.lockfile
        let modified = project.lockfileModificationDate
        // Moya may be any version, but the lock pins 14.0.0, which needs Alamofire ~> 4.9.
        try project.depsfile(["Moya": "", "SnapKit": "", "AlamofireImage": "~> 4.2"])
        let outcome = try project.deps("install")
        XCTAssertEqual(outcome.status, 1)
        XCTAssertEqual(outcome.stdout, "")
        XCTAssertTrue(outcome.stderr.contains("Depsfile.lock pins"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("deps update Alamofire Moya"), outcome.stderr)
        XCTAssertEqual(project.lockfile, before)
        XCTAssertEqual(project.lockfileModificationDate, modified)
    }

    func testAPackageNoSourceHasIsNamedWithTheSourcesAndTheClosestName() throws {
        try project.depsfile(["Almofire": "~> 5.0"])
        let outcome = try project.deps("install")
        XCTAssertEqual(outcome.status, 1)
        XCTAssertEqual(outcome.stderr, "Unable to find a specification for Almofire in sources: ../Specs\nDid you mean Alamofire?\n")
        XCTAssertNil(project.lockfile)
    }

    /// Every one of the Depsfile's pods that no source has is named in one run.
    func testEveryPackageNoSourceHasIsNamedInOneRun() throws {
        try project.depsfile(["Almofire": "~> 5.0", "Moya": "", "Snapkitt": "", "Zzz": ""])
        let outcome = try project.deps("install")
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.stderr.hasPrefix("Unable to find a specification for "), outcome.stderr)
        let named = ["Almofire", "Snapkitt", "Zzz"].filter { outcome.stderr.contains($0) }
        XCTAssertEqual(named.count, 3, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains(" either.\n"), outcome.stderr)
        XCTAssertFalse(outcome.stderr.contains("Moya"), outcome.stderr)
    }

    func testDryRunPrintsTheChangesAndWritesNothing() throws {
        try project.depsfile(["SnapKit": ""])
        let outcome = try project.deps("install", "--dry-run")
        XCTAssertEqual(outcome.stdout, """
            Installing SnapKit (5.7.1)
            1 dependency from the Depsfile, 1 total package locked.
            Dry run: Depsfile.lock was not written.

            """)
        XCTAssertNil(project.lockfile)
    }

    func testJSONDescribesTheChanges() throws {
        try lockOldVersions()
        try project.depsfile(["Moya": "~> 15.0", "SnapKit": ""])
        let outcome = try project.deps("install", "--json")
        XCTAssertEqual(outcome.status, 0)
        let document = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(document["command"] as? String, "install")
        XCTAssertEqual(document["lockfileChanged"] as? Bool, true)
        XCTAssertEqual(document["packages"] as? Int, 3)
        let changes = document["changes"] as! [[String: Any]]
        XCTAssertEqual(changes.map { $0["name"] as! String }, ["Alamofire", "Moya", "SnapKit"])
        XCTAssertEqual(changes.map { $0["change"] as! String }, ["updated", "updated", "unchanged"])
        XCTAssertEqual(changes[0]["from"] as? String, "4.9.1")
        XCTAssertEqual(changes[0]["to"] as? String, "5.9.1")
        XCTAssertNil(document["heldBack"], "a key that does not apply is left out")
    }

    func testQuietPrintsNothingOnSuccess() throws {
        try project.depsfile(["SnapKit": ""])
        let outcome = try project.deps("install", "--quiet")
        XCTAssertEqual(outcome.status, 0)
        XCTAssertEqual(outcome.stdout, "")
        XCTAssertNotNil(project.lockfile)
    }
}
