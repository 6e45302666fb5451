#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// How a failure of the outside world reads: the one place that words the data the drivers
// throw. deps' own errors are worded by its presenters, which use these words where a message
// quotes a failure.

extension FileAccessError: CustomStringConvertible {
    /// `Deps/Manifest.lock: error: cannot write: it is read-only`, the path escaped.
    public var description: String { "\(FailureText.escaped(path)): error: \(reason)" }

    /// What was being done and what stood in the way, for a message that names the path beside it:
    /// `cannot write: it is read-only`, `is a directory, not a file`.
    public var reason: String {
        if problem == .interrupted {
            let undone = switch operation {
            case .renameIntoPlace?: "renamed into place"
            case .copyCode?: "copied"
            case .replace?: "replaced"
            default: "written"
            }
            return "not \(undone): deps was interrupted"
        }
        guard let operation else { return Self.words(for: problem, subject: "") }
        let doing = switch operation {
        case .write, .replace: "cannot write"
        case .writeInFolder: "cannot write in its folder"
        case .readLink: "cannot read the symbolic link"
        case .createFolder: "cannot create the folder"
        case .renameIntoPlace: "cannot rename into place"
        case .copyCode: "cannot copy the code"
        case .link: "cannot link"
        case .lock: "cannot lock"
        case .writeInCache: "cannot write in the cache"
        }
        return "\(doing): \(Self.words(for: problem, subject: "it "))"
    }

    private static func words(for problem: FileProblem, subject: String) -> String {
        switch problem {
        case let .system(code): FailureText.systemMessage(code)
        case let .systemMessage(message): FailureText.escaped(message)
        case .isDirectory: "\(subject)is a directory, not a file"
        case .notRegularFile: "\(subject)is not a regular file"
        case .notAFolder: "\(subject)is not a folder"
        case .danglingFolderLink: "\(subject)is a symbolic link to a missing folder"
        case .occupied: "something else is there"
        case .readOnlyFile: "\(subject)is read-only"
        case .readOnlyFolder: "the folder is read-only"
        case .interrupted: "deps was interrupted"
        case let .unsupportedEntry(entry): "\(FailureText.escaped(entry)) is not a file, a folder or a symbolic link"
        case let .entry(entry, code): "\(FailureText.escaped(entry)): \(FailureText.systemMessage(code))"
        }
    }
}

/// Words shared by the failures' texts.
public enum FailureText {
    /// The system's words for an error number, as a clause: `permission denied`.
    public static func systemMessage(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// `text` with every control character (C0, DEL and C1, newline and ESC among them) shown as
    /// a `\u{1B}`-style escape, so that a path or a value read from input cannot break a line or
    /// draw on the terminal; everything else, other scripts and emoji included, is kept.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True for the characters a terminal acts on instead of showing.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
    }
}
