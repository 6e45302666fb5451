import DepsFileSystem
import TemporaryFolders
import XCTest

/// A reader that cannot write a cache takes its locks shared: it waits for a writer that holds
/// one, and a writer waits for it (flock locks of separate opens conflict within one process too).
final class FileLockSharingTests: XCTestCase {
    func isHeld(_ attempt: FileLock.Attempt?) -> Bool {
        if case .held? = attempt { return true }
        return false
    }

    func taken(_ attempt: FileLock.Attempt?) -> FileLock? {
        if case let .taken(lock)? = attempt { return lock }
        return nil
    }

    func testASharedHolderAndAnExclusiveOneExcludeEachOther() throws {
        let directory = try TemporaryDirectory(self)
        let path = LocalPath(directory.path + "/entry.lock")
        XCTAssertNil(FileLock.attemptShared(path), "no lock file: nothing to wait for")

        let writer = try XCTUnwrap(taken(FileLock.attempt(path)))
        XCTAssertTrue(isHeld(FileLock.attemptShared(path)), "a reader waits for the writer")
        writer.release()

        let reader = try XCTUnwrap(taken(FileLock.attemptShared(path)))
        let second = try XCTUnwrap(taken(FileLock.attemptShared(path)), "readers share")
        XCTAssertTrue(isHeld(FileLock.attempt(path)), "a writer waits for the readers")
        reader.release()
        XCTAssertTrue(isHeld(FileLock.attempt(path)))
        second.release()
        XCTAssertNotNil(taken(FileLock.attempt(path)))
    }
}
