import DepsCore

/// The words for fetched code deps refuses: an unsafe tree, an archive too large or unreadable,
/// submodules it does not place, a remote store's copy that is not the pin. Values from the code
/// or the network are escaped.
enum FetchedCodeWording {
    private static func e(_ text: String) -> String { MessageText.escaped(text) }

    static func words(for problem: UnsafeTreeProblem) -> String {
        switch problem {
        case let .notAFileFolderOrLink(path): "'\(e(path))' is not a file, a folder or a symbolic link"
        case let .linkOutside(path): "link '\(e(path))' points outside its folder"
        case let .entryOutside(name): "entry '\(e(name))' would be written outside its folder"
        }
    }

    static func words(for problem: ArchiveSizeProblem) -> String {
        let verb = problem.declared ? "would unpack to" : "unpacks to"
        let raise = problem.setting.map { " (\(e($0)) raises it)" } ?? ""
        return switch problem.measure {
        case let .bytes(bytes, limit): "the archive \(verb) \(bytes) bytes, more than the limit of \(limit) bytes\(raise)"
        case let .entries(entries, limit): "the archive \(verb) \(entries) files and folders, more than the limit of \(limit)\(raise)"
        }
    }

    static func words(for archive: UnreadableArchive) -> String {
        switch archive {
        case let .empty(expected):
            "the file is empty, not \(name(of: expected))"
        case let .htmlPage(bytes, expected):
            "the file is an HTML page (\(size(bytes))), not \(name(of: expected)): a web page (an error or sign-in page?)"
                + " came in place of the archive"
        case let .damaged(format, bytes):
            "the file starts as \(name(of: format)) but is cut short or damaged (\(size(bytes)))"
        case let .otherFormat(format, bytes, expected):
            "the file is \(name(of: format)) (\(size(bytes))), not \(name(of: expected))"
        case let .unknown(bytes, expected, head):
            "the file is not \(name(of: expected)) (\(size(bytes)), starting with \(shown(head)))"
        }
    }

    static func words(for problem: SubmoduleProblem) -> String {
        switch problem {
        case let .nestedTooDeep(maximum): "submodules are nested more than \(maximum) deep"
        case let .noURL(path): "the submodule at '\(e(path))' has no URL in .gitmodules"
        case let .url(url, .notFetchable): "the submodule URL '\(e(url))' is not one deps fetches"
        case let .url(url, .localFromRemote(base)): "the submodule URL '\(e(url))' is a local path, named by the remote repository \(e(base))"
        case let .url(url, .unknownScheme): "the submodule URL '\(e(url))' is not one deps fetches (https, http, ssh, git, or a path)"
        case let .url(url, .climbsAbove(base)): "the submodule URL '\(e(url))' climbs above \(e(base))"
        case let .pathNotPlain(path): "the submodule path '\(e(path))' is not a plain path inside the tree"
        case let .pathThroughLink(path): "the submodule path '\(e(path))' goes through a link"
        case let .pathNotAFolder(path): "the submodule path '\(e(path))' is not a folder in the tree"
        case let .pathHoldsFiles(path): "the submodule path '\(e(path))' already holds files"
        }
    }

    static func words(for problem: RemoteCopyProblem) -> String {
        switch problem {
        case let .digestDiffers(got, expected): "SHA-256 \(e(got)), expected \(e(expected))"
        case let .notAPackfile(output): "git does not read it as a packfile: \(words(for: output))"
        case let .noCommit(commit): "it holds no commit \(e(commit))"
        case let .lacksFiles(commit, output): "it lacks files of commit \(e(commit)): \(words(for: output))"
        }
    }

    private static func words(for output: RemoteCopyProblem.GitOutput) -> String {
        switch output {
        case let .firstLine(line): e(line)
        case let .status(status): "git exited with status \(status)"
        }
    }

    private static func name(of format: ArchiveFormat) -> String {
        switch format {
        case .zip: "a zip archive"
        case .tar: "a tar archive"
        case .gzip: "a gzip-compressed file"
        case .bzip2: "a bzip2-compressed file"
        case .xz: "an xz-compressed file"
        }
    }

    private static func size(_ bytes: UInt64) -> String {
        bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// The first bytes, as text when they are printable, else in hexadecimal.
    private static func shown(_ bytes: [UInt8]) -> String {
        if bytes.allSatisfy({ (0x20..<0x7F).contains($0) || $0 == 0x0A || $0 == 0x09 }) {
            return "'" + e(String(decoding: bytes, as: UTF8.self)) + "'"
        }
        let digits = Array("0123456789abcdef")
        return "bytes " + bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]]) }.joined(separator: " ")
    }
}
