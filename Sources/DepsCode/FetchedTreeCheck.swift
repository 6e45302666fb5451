import DepsCore
import DepsFiles
import DepsFileSystem

/// The one rule every fetched tree (an extracted archive; a git commit's files with its
/// submodules) passes before the cache keeps it: it holds only regular files, folders and
/// symbolic links, and no link, alone or through other links of the tree, names anything outside
/// the tree.
struct FetchedTreeCheck {
    let fileSystem: any FileSystem

    /// What makes the tree at `root` unsafe, naming the entry; nil when it is safe.
    func problem(in root: LocalPath) -> UnsafeTreeProblem? {
        problem(among: fileSystem.walk(root))
    }

    /// The same, for the entries a walk of the tree (`FileSystem.walk(_:)`) found.
    func problem(among entries: [FileTreeEntry]) -> UnsafeTreeProblem? {
        var links: [String: String] = [:]
        for entry in entries {
            if entry.isSpecial {
                return .notAFileFolderOrLink(path: entry.relativePath)
            }
            if let target = entry.linkTarget { links[entry.relativePath] = target }
        }
        for path in links.keys.sorted() where !Self.staysInside(link: path, links: links) {
            return .linkOutside(path: path)
        }
        return nil
    }

    /// The most links one path goes through, as the kernel allows; a path that needs more names nothing.
    static let linkLimit = 40

    /// Whether the link at `link` (a path below the tree's root, through folders only) resolves
    /// inside the tree. The target is resolved lexically as the kernel would, component by
    /// component, each link of the tree met on the way replaced by its own target; stepping above
    /// the root, or an absolute target, is outside.
    static func staysInside(link: String, links: [String: String]) -> Bool {
        var resolved = link.split(separator: "/").dropLast().map(String.init)
        guard let first = links[link], !first.hasPrefix("/") else { return false }
        var pending = ArraySlice(first.split(separator: "/").map(String.init))
        var followed = 1
        while let component = pending.first {
            pending = pending.dropFirst()
            switch component {
            case ".":
                continue
            case "..":
                guard !resolved.isEmpty else { return false }
                resolved.removeLast()
            default:
                let candidate = (resolved + [component]).joined(separator: "/")
                guard let target = links[candidate] else {
                    resolved.append(component)
                    continue
                }
                guard !target.hasPrefix("/") else { return false }
                followed += 1
                // A loop of links names nothing: the kernel gives up, having stayed inside.
                if followed > linkLimit { return true }
                pending = ArraySlice(target.split(separator: "/").map(String.init)) + pending
            }
        }
        return true
    }
}
