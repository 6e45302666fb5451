import DepsCode
import DepsFiles
import DepsFileSystem
import DepsSpecSources
import DepsSwiftPM
import DepsCore
import DepsPresenters
import Foundation
import TemporaryFolders
import XCTest
import DepsFailures

final class FileProjectStoreTests: XCTestCase {
    func lockfile(_ version: String) throws -> Lockfile {
        let snapKit = try PackageName("SnapKit")
        return Lockfile(
            packages: [LockedPackage(name: snapKit, version: try Version(version), dependencies: [])],
            dependencies: [Dependency(snapKit)],
            specRepos: [SpecRepoEntry(source: "Specs", packages: [snapKit])],
            externalSources: [:],
            specChecksums: [snapKit: String(repeating: "0", count: 64)],
            depsfileChecksum: String(repeating: "1", count: 64),
            depsVersion: "0.1.0")
    }

    func testReadsTheDepsfileWithTheChecksumOfItsBytes() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Depsfile", "sources:\n  - Specs\ndependencies:\n  SnapKit:\n")
        let manifest = try FileProjectStore(directory: LocalPath(directory.path)).readManifest()
        XCTAssertEqual(manifest.sources, ["Specs"])
        // sha256 of the bytes above, as `sha256sum` prints it.
        XCTAssertEqual(manifest.checksum, "1332f601be723d7e5624febbff1d3c2b2f8fb75d3eac8ffaa429c1012110397d")
    }

    func testNoLockfileReadsAsNil() throws {
        let directory = try TemporaryDirectory(self)
        XCTAssertNil(try FileProjectStore(directory: LocalPath(directory.path)).readLockfile())
    }

    func testMissingDepsfileAndADirectoryInItsPlaceAreFileErrors() throws {
        let directory = try TemporaryDirectory(self)
        XCTAssertThrowsError(try FileProjectStore(directory: LocalPath(directory.path)).readManifest()) { error in
            XCTAssertEqual(error as? UnavailableError, UnavailableError(location: "Depsfile", reason: .noManifest(directory: directory.path)))
            let message = ErrorTextPresenter.message(for: error) ?? ""
            XCTAssertTrue(message.hasPrefix("Depsfile: error: no Depsfile in \(directory.path); `deps init` writes one"), message)
        }
        try FileManager.default.createDirectory(atPath: directory.path + "/Depsfile", withIntermediateDirectories: false)
        XCTAssertThrowsError(try FileProjectStore(directory: LocalPath(directory.path)).readManifest()) { error in
            XCTAssertEqual("\(error)", "Depsfile: error: is a directory, not a file")
        }
    }

    func testWritesAtomicallyAndLeavesNoTemporaryFiles() throws {
        let directory = try TemporaryDirectory(self)
        let store = FileProjectStore(directory: LocalPath(directory.path))
        XCTAssertTrue(try store.writeLockfile(try lockfile("5.7.1")))
        XCTAssertEqual(try store.readLockfile(), try lockfile("5.7.1"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["Depsfile.lock"])
        XCTAssertEqual(try directory.read("Depsfile.lock"), LockfileCodec().encode(try lockfile("5.7.1")))
    }

    func testSameContentIsNotRewritten() throws {
        let directory = try TemporaryDirectory(self)
        let store = FileProjectStore(directory: LocalPath(directory.path))
        try store.writeLockfile(try lockfile("5.7.1"))
        let path = directory.path + "/Depsfile.lock"
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
        XCTAssertFalse(try store.writeLockfile(try lockfile("5.7.1")))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, past)
        XCTAssertTrue(try store.writeLockfile(try lockfile("5.8.0")))
        XCTAssertNotEqual(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, past)
    }

    func testAFailedWriteThrowsAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: directory.path + "/Depsfile.lock", withIntermediateDirectories: false)
        XCTAssertThrowsError(try FileProjectStore(directory: LocalPath(directory.path)).writeLockfile(try lockfile("5.8.0"))) { error in
            XCTAssertTrue(error is FileAccessError, "\(error)")
            XCTAssertTrue("\(error)".hasPrefix("Depsfile.lock: error: cannot write:"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["Depsfile.lock"])
    }
}
