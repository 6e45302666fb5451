import DepsCore
import DepsFileSystem

extension FileAccessError: CustomStringConvertible {
    /// `Deps/Manifest.lock: error: cannot write: it is read-only`, the path and the reason escaped.
    public var description: String { "\(MessageText.escaped(path)): error: \(MessageText.escaped(reason))" }
}
