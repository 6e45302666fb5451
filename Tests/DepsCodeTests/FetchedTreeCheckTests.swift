@testable import DepsCode
import DepsFileSystem
import Foundation
import TemporaryFolders
import XCTest

/// The rule every fetched tree passes: no link, alone or through other links, leads outside it,
/// and only files, folders and links are kept; and walks that follow links never loop.
final class FetchedTreeCheckTests: XCTestCase {
    func inside(_ link: String, _ links: [String: String]) -> Bool {
        FetchedTreeCheck.staysInside(link: link, links: links)
    }

    func testALinkIsResolvedThroughTheLinksBeforeIt() {
        let chain = ["d1/d2/d3/L": "../../..", "c": "d1/d2/d3/L/../../../x"]
        XCTAssertTrue(inside("d1/d2/d3/L", chain), "L alone names the root")
        XCTAssertFalse(inside("c", chain), "through L, c climbs three folders above the root")
        // Read without L, the same text stays inside: the link is what takes it out.
        XCTAssertTrue(inside("c", ["c": "d1/d2/d3/L/../../../x"]))
    }

    func testLinksThatStayInsideAreKept() {
        let links = ["lib": "Sources/Pkg", "x": "lib/../lib/Pkg.swift", "Sources/Pkg/self": ".", "Sources/Pkg/up": "../..", "loop": "loop"]
        for link in links.keys.sorted() { XCTAssertTrue(inside(link, links), link) }
    }

    func testLinksLeadingOutsideAreRefused() {
        let links = ["a": "/etc/passwd", "b": "..", "s/c": "../../x", "up": "s/../..", "via": "abs/x", "abs": "/tmp", "deep": "up/y"]
        for link in links.keys.sorted() { XCTAssertFalse(inside(link, links), link) }
    }

    func testAFIFOAndAnEscapingChainAreNamed() throws {
        let folder = try TemporaryDirectory(self)
        let fileSystem = POSIXFileSystem()
        let check = FetchedTreeCheck(fileSystem: fileSystem)
        try FileManager.default.createDirectory(atPath: folder.path + "/d1/d2/d3", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/d1/d2/d3/L", withDestinationPath: "../../..")
        XCTAssertNil(check.problem(in: LocalPath(folder.path)))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/c", withDestinationPath: "d1/d2/d3/L/../../../x")
        XCTAssertEqual(check.problem(in: LocalPath(folder.path)), .linkOutside(path: "c"))
        try FileManager.default.removeItem(atPath: folder.path + "/c")
        XCTAssertEqual(mkfifo(folder.path + "/d1/Pipe.swift", 0o644), 0)
        XCTAssertEqual(check.problem(in: LocalPath(folder.path)), .notAFileFolderOrLink(path: "d1/Pipe.swift"))
    }

    func testAWalkFollowingLinksWalksEachFolderOnce() throws {
        let folder = try TemporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: folder.path + "/Sources/Pkg", withIntermediateDirectories: true)
        try Data("let a = 1\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/Sources/Pkg/A.swift"))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Sources/Pkg/x", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Sources/Pkg/y", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Sources/Pkg/up", withDestinationPath: "../..")
        let entries = POSIXFileSystem().walk(LocalPath(folder.path), includingHidden: false, followingLinksToFolders: true)
        XCTAssertEqual(entries.filter { !$0.isDirectory }.map(\.relativePath), ["Sources/Pkg/A.swift"])
        XCTAssertEqual(entries.filter(\.isDirectory).map(\.relativePath), ["Sources", "Sources/Pkg", "Sources/Pkg/up", "Sources/Pkg/x", "Sources/Pkg/y"])
    }
}
