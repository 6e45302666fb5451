import DepsCore
import DepsProcess
import DepsFiles
import DepsFileSystem

/// How much one archive may unpack to: a few hundred kilobytes that expand to gigabytes (an
/// archive bomb) are refused instead of filling the disk twice, in the cache and in `Deps/`.
public struct ArchiveLimits: Sendable, Equatable {
    /// The most bytes the regular files of one archive may hold, unpacked.
    public var maxUnpackedBytes: UInt64
    /// The most entries (files, folders and links) one archive may hold.
    public var maxEntries: Int
    /// What changes `maxUnpackedBytes` and `maxEntries` (environment variables, say), named when
    /// an archive goes past them; nil names nothing.
    public var bytesSetting: String?
    public var entriesSetting: String?

    /// 2 GiB: the largest pods (prebuilt frameworks for every platform) unpack to a few hundred
    /// megabytes, rarely past one gigabyte.
    public static let defaultMaxUnpackedBytes: UInt64 = 2 << 30
    /// 200,000 entries: a large source tree (a C++ library with every header) holds tens of thousands.
    public static let defaultMaxEntries = 200_000

    public init(
        maxUnpackedBytes: UInt64 = ArchiveLimits.defaultMaxUnpackedBytes, maxEntries: Int = ArchiveLimits.defaultMaxEntries,
        bytesSetting: String? = nil, entriesSetting: String? = nil
    ) {
        self.maxUnpackedBytes = maxUnpackedBytes
        self.maxEntries = maxEntries
        self.bytesSetting = bytesSetting
        self.entriesSetting = entriesSetting
    }

    /// What goes past the limits, for `bytes` in `entries` entries; nil when both are within.
    func problem(bytes: UInt64, entries: Int, declared: Bool) -> ArchiveSizeProblem? {
        if bytes > maxUnpackedBytes {
            return ArchiveSizeProblem(measure: .bytes(bytes, limit: maxUnpackedBytes), declared: declared, setting: bytesSetting)
        }
        if entries > maxEntries {
            return ArchiveSizeProblem(measure: .entries(entries, limit: maxEntries), declared: declared, setting: entriesSetting)
        }
        return nil
    }
}

/// Extracts an archive so that nothing is written outside its folder: the entry names are read
/// first and an absolute name or one with `..` refuses the whole archive, as do sizes the archive
/// declares past `ArchiveLimits`; after extraction, in the cache's temporary folder, the tree must
/// pass `FetchedTreeCheck` (no link leading outside, no FIFO or device) and hold no more than the
/// limits allow. An archive whose only top-level entry is a folder (`Name-1.0/`, as hosted
/// archives are) gives that folder's content.
struct ArchiveExtraction {
    let archive: LocalPath
    let kind: ArchiveKind
    let request: CodeRequest
    let url: String
    let limits: ArchiveLimits
    let fileSystem: any FileSystem

    func extract(into folder: LocalPath) async throws {
        let listing: ChildProcessResult
        switch kind {
        case .tar: listing = try await ChildProcess.run("tar", ["-tf", archive.string], environment: ["LC_ALL": "C"])
        case .zip: listing = try await ChildProcess.run("unzip", ["-Z1", archive.string], environment: ["LC_ALL": "C"])
        }
        guard listing.succeeded else { throw unreadable(listing) }
        for entry in String(decoding: listing.standardOutput, as: UTF8.self).split(separator: "\n") {
            let name = String(entry)
            if name.hasPrefix("/") || name.split(separator: "/").contains("..") {
                throw refused(.entryOutside(name: name))
            }
        }
        if let declared = try await declaredSize(), let problem = limits.problem(bytes: declared.bytes, entries: declared.entries, declared: true) {
            throw tooLarge(problem)
        }
        let unpacked = folder.addingSuffix(".unpacked")
        defer { fileSystem.removeTree(unpacked) }
        try fileSystem.makeDirectories(unpacked, shownAs: unpacked.string)
        let extraction: ChildProcessResult
        switch kind {
        case .tar:
            extraction = try await ChildProcess.run(
                "tar", ["-xf", archive.string, "-C", unpacked.string, "--no-same-owner", "--no-same-permissions"], environment: ["LC_ALL": "C"])
        case .zip:
            extraction = try await ChildProcess.run("unzip", ["-q", "-o", archive.string, "-d", unpacked.string], environment: ["LC_ALL": "C"])
        }
        guard extraction.succeeded else { throw unreadable(extraction) }
        let top = (try fileSystem.directoryEntries(unpacked, shownAs: unpacked.string) ?? []).filter { $0 != "__MACOSX" }
        var content = unpacked
        if top.count == 1, fileSystem.kind(of: unpacked / top[0]) == .directory, fileSystem.linkTarget(of: unpacked / top[0]) == nil {
            content = unpacked / top[0]
        }
        // What was really written counts, whatever the archive declared.
        let entries = fileSystem.walk(content)
        let bytes = entries.reduce(UInt64(0)) { $0 &+ $1.size }
        if let problem = limits.problem(bytes: bytes, entries: entries.count, declared: false) { throw tooLarge(problem) }
        // Checked where the code will be: a link to `..` of the top folder leaves the package.
        if let problem = FetchedTreeCheck(fileSystem: fileSystem).problem(among: entries) { throw refused(problem) }
        fileSystem.removeTree(folder)
        try fileSystem.move(content, to: folder, shownAs: folder.string)
    }

    /// The bytes and entries the archive's own listing declares; nil when it cannot be read (the
    /// unpacked tree is measured anyway).
    private func declaredSize() async throws -> (bytes: UInt64, entries: Int)? {
        switch kind {
        case .zip:
            // `3 files, 2000000 bytes uncompressed, 1954 bytes compressed:  99.9%`
            let summary = try await ChildProcess.run("unzip", ["-Zt", archive.string], environment: ["LC_ALL": "C"])
            let words = String(decoding: summary.standardOutput, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard summary.succeeded, words.count >= 3, let entries = Int(words[0]), let bytes = UInt64(words[2]) else { return nil }
            return (bytes, entries)
        case .tar:
            // `-rw-r--r-- user/group 2000000 2024-01-01 00:00 Name/File`: the size is the third field.
            let verbose = try await ChildProcess.run("tar", ["-tvf", archive.string], environment: ["LC_ALL": "C"])
            guard verbose.succeeded else { return nil }
            var bytes: UInt64 = 0
            var entries = 0
            for line in String(decoding: verbose.standardOutput, as: UTF8.self).split(separator: "\n") {
                entries += 1
                let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
                if line.first == "-", fields.count >= 3, let size = UInt64(fields[2]) { bytes &+= size }
            }
            return (bytes, entries)
        }
    }

    private func refused(_ problem: UnsafeTreeProblem) -> CodeFetchError {
        CodeFetchError(name: request.name, url: url, kind: .integrity, cause: .unsafeArchive(problem))
    }

    private func tooLarge(_ problem: ArchiveSizeProblem) -> CodeFetchError {
        CodeFetchError(name: request.name, url: url, kind: .integrity, cause: .archiveTooLarge(problem))
    }

    /// The archive could not be listed or extracted: what is wrong with the file, as its first
    /// bytes tell (an HTML page, another format, a cut or damaged archive), rather than the
    /// tool's own banner.
    private func unreadable(_ result: ChildProcessResult) -> CodeFetchError {
        let diagnosis = ArchiveDiagnosis(archive: archive, kind: kind, fileSystem: fileSystem).cause
        return CodeFetchError(name: request.name, url: url, kind: .integrity, cause: .unreadableArchive(diagnosis))
    }
}
