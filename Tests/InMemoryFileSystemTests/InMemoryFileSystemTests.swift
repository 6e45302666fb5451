import DepsFileSystem
import InMemoryFileSystem
import Synchronization
import XCTest
import DepsFailures
import DepsPresenters
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The in-memory file system answers as `POSIXFileSystem` does for what the adapters use.
final class InMemoryFileSystemTests: XCTestCase {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testFilesFoldersAndKinds() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("hello", to: "/project/Sources/A.swift")
        fileSystem.makeSpecialFile(at: "/project/fifo")

        XCTAssertEqual(fileSystem.kind(of: "/project"), .directory)
        XCTAssertEqual(fileSystem.kind(of: "/project/Sources/A.swift"), .file)
        XCTAssertEqual(fileSystem.kind(of: "/project/fifo"), .other)
        XCTAssertNil(fileSystem.kind(of: "/project/missing"))
        XCTAssertEqual(text(try fileSystem.readFile("/project/Sources/A.swift", shownAs: "A.swift")), "hello")
        XCTAssertEqual(try fileSystem.directoryEntries("/project", shownAs: "project"), ["Sources", "fifo"])
        XCTAssertNil(try fileSystem.directoryEntries("/project/missing", shownAs: "missing"))
        XCTAssertNil(try fileSystem.directoryEntries("/project/Sources/A.swift", shownAs: "A.swift"))
        XCTAssertTrue(fileSystem.isFilledDirectory("/project"))
        try fileSystem.makeDirectories("/project/Empty", shownAs: "Empty")
        XCTAssertFalse(fileSystem.isFilledDirectory("/project/Empty"))
    }

    func testReadFailuresNameThePathAsShown() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("x", to: "/a/file")
        fileSystem.makeSpecialFile(at: "/a/fifo")
        let cases: [(LocalPath, String)] = [
            ("/a/missing", "no such file or directory"),
            ("/a", "is a directory, not a file"),
            ("/a/fifo", "is not a regular file"),
            ("/a/file/below", "not a directory"),
        ]
        for (path, reason) in cases {
            XCTAssertThrowsError(try fileSystem.readFile(path, shownAs: "shown")) { error in
                XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["shown", reason], "\(path)")
            }
        }
    }

    func testSymbolicLinksAreFollowedForKindsAndWrittenThrough() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("old", to: "/shared/Depsfile")
        try fileSystem.makeDirectories("/project", shownAs: "project")
        try fileSystem.makeSymbolicLink(at: "/project/Depsfile", to: "../shared/Depsfile", shownAs: "Depsfile")
        try fileSystem.makeSymbolicLink(at: "/project/dangling", to: "nowhere", shownAs: "dangling")

        XCTAssertEqual(fileSystem.kind(of: "/project/Depsfile"), .file)
        XCTAssertEqual(fileSystem.linkTarget(of: "/project/Depsfile"), "../shared/Depsfile")
        XCTAssertNil(fileSystem.kind(of: "/project/dangling"))
        XCTAssertTrue(fileSystem.entryExists("/project/dangling"))
        XCTAssertEqual(try fileSystem.resolvingLinks("/project/Depsfile", shownAs: "Depsfile"), "/project/../shared/Depsfile")

        try fileSystem.writeAtomically(Array("new".utf8), to: "/project/Depsfile", shownAs: "Depsfile")
        XCTAssertEqual(fileSystem.linkTarget(of: "/project/Depsfile"), "../shared/Depsfile")
        XCTAssertEqual(text(try fileSystem.readFile("/shared/Depsfile", shownAs: "Depsfile")), "new")

        try fileSystem.makeSymbolicLink(at: "/loop", to: "/loop", shownAs: "loop")
        XCTAssertThrowsError(try fileSystem.writeAtomically([], to: "/loop", shownAs: "loop")) { error in
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["loop", "cannot write: too many levels of symbolic links"])
        }
        XCTAssertThrowsError(try fileSystem.makeSymbolicLink(at: "/loop", to: "x", shownAs: "loop")) { error in
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["loop", "cannot link: file exists"])
        }
    }

    func testAtomicWriteKeepsPermissionsAndRefusesWhatItMayNotReplace() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("#!/bin/sh", to: "/tool", mode: 0o755)
        try fileSystem.writeAtomically(Array("#!/bin/bash".utf8), to: "/tool", shownAs: "tool")
        XCTAssertEqual(fileSystem.permissions(of: "/tool"), 0o755)

        fileSystem.write("locked", to: "/Depsfile.lock", mode: 0o444)
        try fileSystem.makeDirectories("/Deps", shownAs: "Deps")
        let refusals: [(LocalPath, String)] = [
            ("/Depsfile.lock", "cannot write: it is read-only"),
            ("/Deps", "cannot write: it is a directory, not a file"),
            ("/missing/file", "cannot write: no such file or directory"),
        ]
        for (path, reason) in refusals {
            XCTAssertThrowsError(try fileSystem.writeAtomically([1], to: path, shownAs: "shown")) { error in
                XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["shown", reason], "\(path)")
            }
        }
        XCTAssertEqual(text(try fileSystem.readFile("/Depsfile.lock", shownAs: "lock")), "locked")

        fileSystem.setPermissions(0o555, of: "/Deps")
        XCTAssertThrowsError(try fileSystem.writeAtomically([1], to: "/Deps/Manifest.lock", shownAs: "Deps/Manifest.lock")) { error in
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["Deps/Manifest.lock", "cannot write: permission denied"])
        }
        XCTAssertThrowsError(try fileSystem.checkWritableFolder("/Deps", shownAs: "Deps")) { error in
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["Deps", "cannot write: the folder is read-only"])
        }
        XCTAssertEqual(fileSystem.readOnlyReason(of: "/Deps"), .system(EACCES))
        XCTAssertNoThrow(try fileSystem.checkWritableFolder("/Missing", shownAs: "Missing"))
    }

    func testWriteIfChangedLeavesAnUnchangedFileAlone() throws {
        let fileSystem = InMemoryFileSystem()
        XCTAssertTrue(try fileSystem.writeIfChanged(Array("a".utf8), to: "/Deps/Manifest.lock", shownAs: "M", makingFolderShownAs: "Deps"))
        let written = fileSystem.modificationCount(of: "/Deps/Manifest.lock")
        XCTAssertFalse(try fileSystem.writeIfChanged(Array("a".utf8), to: "/Deps/Manifest.lock", shownAs: "M"))
        XCTAssertEqual(fileSystem.modificationCount(of: "/Deps/Manifest.lock"), written)
        fileSystem.touch("/Deps/Manifest.lock")
        XCTAssertNotEqual(fileSystem.modificationCount(of: "/Deps/Manifest.lock"), written)
    }

    func testMakeDirectoriesRefusesWhatElseIsThere() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("x", to: "/file")
        try fileSystem.makeSymbolicLink(at: "/dangling", to: "/nowhere", shownAs: "dangling")
        XCTAssertThrowsError(try fileSystem.makeDirectories("/file", shownAs: "file")) { error in
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["file", "cannot create the folder: something else is there"])
        }
        XCTAssertThrowsError(try fileSystem.makeDirectories("/dangling", shownAs: "dangling")) { error in
            XCTAssertEqual(
                (error as? FileAccessError).map { [$0.path, $0.reason] }, ["dangling", "cannot create the folder: it is a symbolic link to a missing folder"])
        }
        try fileSystem.makeDirectories("/a/b/c", shownAs: "c")
        XCTAssertEqual(fileSystem.allPaths, ["/a", "/a/b", "/a/b/c", "/dangling", "/file"])
    }

    func testWalkListsDepthFirstInNameOrderAndFollowsLinksOnce() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("12345", to: "/root/b/file")
        fileSystem.write("", to: "/root/.hidden/x")
        fileSystem.write("", to: "/root/a")
        try fileSystem.makeSymbolicLink(at: "/root/b/self", to: "..", shownAs: "self")
        try fileSystem.makeSymbolicLink(at: "/root/c", to: "b", shownAs: "c")

        XCTAssertEqual(fileSystem.walk("/root"), [
            FileTreeEntry(relativePath: ".hidden", isDirectory: true, linkTarget: nil),
            FileTreeEntry(relativePath: ".hidden/x", isDirectory: false, linkTarget: nil, size: 0),
            FileTreeEntry(relativePath: "a", isDirectory: false, linkTarget: nil, size: 0),
            FileTreeEntry(relativePath: "b", isDirectory: true, linkTarget: nil),
            FileTreeEntry(relativePath: "b/file", isDirectory: false, linkTarget: nil, size: 5),
            FileTreeEntry(relativePath: "b/self", isDirectory: false, linkTarget: ".."),
            FileTreeEntry(relativePath: "c", isDirectory: false, linkTarget: "b"),
        ])
        XCTAssertEqual(fileSystem.walk("/root", includingHidden: false, followingLinksToFolders: true).map(\.relativePath), [
            "a", "b", "b/file", "b/self", "c",
        ])
    }

    func testMoveRenamesAWholeTreeAndRefusesANonEmptyFolder() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("x", to: "/Deps/.A.1.tmp/Sources/A.swift")
        fileSystem.write("y", to: "/Deps/B/B.swift")
        try fileSystem.move("/Deps/.A.1.tmp", to: "/Deps/A", shownAs: "Deps/A")
        XCTAssertEqual(fileSystem.allPaths, ["/Deps", "/Deps/A", "/Deps/A/Sources", "/Deps/A/Sources/A.swift", "/Deps/B", "/Deps/B/B.swift"])
        XCTAssertThrowsError(try fileSystem.move("/Deps/A", to: "/Deps/B", shownAs: "Deps/B")) { error in
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["Deps/B", "cannot rename into place: directory not empty"])
        }
        XCTAssertThrowsError(try fileSystem.move("/Deps/C", to: "/Deps/D", shownAs: "Deps/D")) { error in
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["Deps/D", "cannot rename into place: no such file or directory"])
        }
    }

    func testCopyTreeCopiesFilesWithPermissionsAndLinksAsLinks() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("run", to: "/cache/A/bin/tool", mode: 0o755)
        try fileSystem.makeSymbolicLink(at: "/cache/A/link", to: "bin/tool", shownAs: "link")
        try fileSystem.makeDirectories("/Deps", shownAs: "Deps")
        try fileSystem.copyTree("/cache/A", to: "/Deps/A", shownAs: "Deps/A")
        XCTAssertEqual(fileSystem.walk("/Deps/A"), fileSystem.walk("/cache/A"))
        XCTAssertEqual(fileSystem.permissions(of: "/Deps/A/bin/tool"), 0o755)
        XCTAssertEqual(fileSystem.linkTarget(of: "/Deps/A/link"), "bin/tool")

        XCTAssertThrowsError(try fileSystem.copyTree("/cache/A", to: "/Deps/A", shownAs: "Deps/A")) { error in
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["Deps/A", "cannot copy the code: .: file exists"])
        }
        fileSystem.makeSpecialFile(at: "/cache/B/fifo")
        XCTAssertThrowsError(try fileSystem.copyTree("/cache/B", to: "/Deps/B", shownAs: "Deps/B")) { error in
            XCTAssertEqual(
                (error as? FileAccessError).map { [$0.path, $0.reason] }, ["Deps/B", "cannot copy the code: fifo is not a file, a folder or a symbolic link"])
        }
    }

    func testRemovals() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("x", to: "/Deps/A/a")
        try fileSystem.makeDirectories("/Deps/Empty", shownAs: "Empty")
        try fileSystem.makeSymbolicLink(at: "/Deps/L", to: "A", shownAs: "L")

        fileSystem.removeFile("/Deps/A")
        fileSystem.removeEmptyDirectory("/Deps/A")
        XCTAssertEqual(fileSystem.kind(of: "/Deps/A"), .directory)
        fileSystem.removeFile("/Deps/L")
        XCTAssertEqual(fileSystem.kind(of: "/Deps/A/a"), .file)
        fileSystem.removeEmptyDirectory("/Deps/Empty")
        fileSystem.removeTree("/Deps/A")
        fileSystem.removeTree("/Deps/Nothing")
        XCTAssertEqual(fileSystem.allPaths, ["/Deps"])
    }

    func testAFullOrReadOnlyFileSystemRefusesWrites() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("x", to: "/project/Depsfile")
        XCTAssertNil(fileSystem.fileSystemProblem(at: "/project"))
        fileSystem.problem = .full
        XCTAssertEqual(fileSystem.fileSystemProblem(at: "/project"), .system(ENOSPC))
        XCTAssertThrowsError(try fileSystem.writeAtomically([], to: "/project/Depsfile", shownAs: "Depsfile")) { error in
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["Depsfile", "cannot write: no space left on device"])
        }
        fileSystem.problem = .readOnly
        XCTAssertEqual(fileSystem.readOnlyReason(of: "/project"), .system(EROFS))
    }

    func testALockFileIsMadeAndLeftAndAMissingFolderIsNamedAsPOSIXNamesIt() async throws {
        let fileSystem = InMemoryFileSystem()
        try fileSystem.makeDirectories("/cache", shownAs: "cache")
        let held = try await fileSystem.withFileLock("/cache/entry.lock", shownAs: "entry") { "held" }
        XCTAssertEqual(held, "held")
        XCTAssertEqual(fileSystem.kind(of: "/cache/entry.lock"), .file)
        for system in [fileSystem, POSIXFileSystem()] as [any FileSystem] {
            do {
                try await system.withFileLock(LocalPath("/no-such-folder-\(getpid())/entry.lock"), shownAs: "entry") {}
                XCTFail("locked in a missing folder")
            } catch {
                XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["entry", "cannot lock: no such file or directory"])
            }
        }
    }

    func testAHeldLockKeepsAnotherTaskWaitingUntilItIsReleased() async throws {
        let fileSystem = InMemoryFileSystem()
        try fileSystem.makeDirectories("/cache", shownAs: "cache")
        let log = EventLog()
        try await fileSystem.withFileLock("/cache/entry.lock", shownAs: "entry") {
            log.events.withLock { $0.append("first in") }
            let second = Task {
                try await fileSystem.withWritingOrReadingLock("/cache/entry.lock", shownAs: "entry") { access in
                    log.events.withLock { $0.append("second in, \(access)") }
                }
            }
            for _ in 0..<200 { await Task.yield() }
            log.events.withLock { $0.append("first out") }
            // The second waits for this body's end, so it is not awaited here.
            _ = second
        }
        try await fileSystem.withFileLock("/cache/entry.lock", shownAs: "entry") {
            log.events.withLock { $0.append("third in") }
        }
        // The third took the lock after the first, so the second had its turn or is still waiting.
        for _ in 0..<200 where log.events.withLock({ $0.count }) < 4 { await Task.yield() }
        XCTAssertEqual(log.events.withLock { Array($0.prefix(2)) }, ["first in", "first out"])
        XCTAssertEqual(log.events.withLock { Set($0.dropFirst(2)) }, ["second in, writing", "third in"])
    }

    func testAReadOnlyFolderIsLockedSharedOrNotAtAllAsItsFilesAllow() async throws {
        let fileSystem = InMemoryFileSystem()
        try fileSystem.makeDirectories("/cache/git", shownAs: "git")
        try await fileSystem.withFileLock("/cache/git/made.lock", shownAs: "made") {}
        fileSystem.setPermissions(0o555, of: "/cache/git")
        fileSystem.setPermissions(0o444, of: "/cache/git/made.lock")

        let existing = try await fileSystem.withWritingOrReadingLock("/cache/git/made.lock", shownAs: "made") { $0 }
        XCTAssertEqual(existing, .readingOnly(reason: .system(EACCES)))
        let missing = try await fileSystem.withWritingOrReadingLock("/cache/git/never.lock", shownAs: "never") { $0 }
        XCTAssertEqual(missing, .readingOnly(reason: .system(EACCES)))
        XCTAssertNil(fileSystem.kind(of: "/cache/git/never.lock"))
        do {
            try await fileSystem.withFileLock("/cache/git/never.lock", shownAs: "never") {}
            XCTFail("took an exclusive lock in a read-only folder")
        } catch {
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["never", "cannot lock: permission denied"])
        }
    }
}

/// What tasks did, in the order they did it.
private final class EventLog: Sendable {
    let events = Mutex<[String]>([])
}
