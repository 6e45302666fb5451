import DepsCore
import DepsFileSystem
import DepsSandboxLayout

/// The folder SwiftPM builds a C-family module from, `Deps/_targets/<Module>/`: links, never
/// copies. SwiftPM finds a module's public headers only inside its target's folder, and has no
/// header maps, so deps lays the headers out as CocoaPods' header maps present them:
/// - `code`: a link to the package's folder (`../../<Name>`), whose sources the target builds;
/// - `include/<header_dir>/<Header.h>`: the public headers, as other modules include them;
/// - `headers/`: every header of the package by its name alone (`"Header.h"`) and by its
///   module's path (`<Module/Header.h>`), for the package's own sources.
/// A target with no C-family source (headers only) gets an empty source file, as SwiftPM
/// builds no target without one.
struct TargetLayout {
    static let folder = "_targets"
    static let codeLink = "code"
    static let publicFolder = "include"
    static let privateFolder = "headers"
    static let placeholderSource = "deps-placeholder.c"
    static let placeholderText = "// Written by deps: SwiftPM builds no C-family target without a source file.\n"

    /// An entry of the layout: a link (its target, as stored), a small file deps writes, or a
    /// folder that must exist even empty (`include/`, which SwiftPM requires once named).
    enum Entry: Equatable {
        case link(String)
        case file(String)
        case folder
    }

    /// Every entry of every C-family and resource target's folder, by its path below `_targets/`.
    static func entries(of manifest: SandboxPackageManifest) -> [String: Entry] {
        var entries: [String: Entry] = [:]
        for package in manifest.packages {
            let code: String = switch package.folder {
            case let .fetched(name): "../../\(SandboxLayout.relativeFolder(of: name))"
            case let .inPlace(name, _): "../../\(SwiftPMIntegration.localFolder)/\(name)"
            }
            // A resource bundle of its own: the code, and the empty source its target builds.
            for target in package.resourceTargets {
                entries["\(target.module)/\(codeLink)"] = .link(code)
                entries["\(target.module)/\(placeholderSource)"] = .file(placeholderText)
                entries["\(target.module)/\(publicFolder)"] = .folder
            }
            guard let cFamily = package.cFamily, let module = package.cFamilyModule else { continue }
            entries["\(module)/\(codeLink)"] = .link(code)
            entries["\(module)/\(publicFolder)"] = .folder
            if cFamily.sources.isEmpty { entries["\(module)/\(placeholderSource)"] = .file(placeholderText) }
            func link(_ written: String, to file: String) {
                let parts = written.split(separator: "/").filter { $0 != "." }
                // A spec's folders are checked when it is read; no entry may climb out all the same.
                guard !parts.contains("..") else { return }
                let path = parts.joined(separator: "/")
                let depth = path.split(separator: "/").count - 1
                let up = String(repeating: "../", count: depth)
                if entries["\(module)/\(path)"] == nil { entries["\(module)/\(path)"] = .link(up + codeLink + "/" + file) }
            }
            var publicPaths: [String: String] = [:]
            for header in cFamily.publicHeaders {
                link("\(publicFolder)/\(header.includedAs)", to: header.file)
                publicPaths[header.file] = header.includedAs
            }
            for header in cFamily.headers {
                let name = header.split(separator: "/").last.map(String.init) ?? header
                link("\(privateFolder)/\(name)", to: header)
                link("\(privateFolder)/\(publicPaths[header] ?? cFamily.headerDirectory + "/" + name)", to: header)
                if package.module != cFamily.headerDirectory { link("\(privateFolder)/\(package.module)/\(name)", to: header) }
            }
        }
        return entries
    }

    /// Makes `Deps/_targets/` hold exactly `entries`: what is already right is left alone (so its
    /// time does not change and SwiftPM rebuilds nothing), what is wrong or no longer wanted goes.
    static func write(_ entries: [String: Entry], in sandbox: LocalPath, fileSystem: any FileSystem) throws {
        let root = sandbox / folder
        var existing: [String: Entry] = [:]
        var folders: [String] = []
        for entry in fileSystem.walk(root) {
            if let target = entry.linkTarget {
                existing[entry.relativePath] = .link(target)
            } else if entry.isDirectory {
                if entries[entry.relativePath] == .folder {
                    existing[entry.relativePath] = .folder
                } else {
                    folders.append(entry.relativePath)
                }
            } else {
                let bytes = (try? fileSystem.readFile(root / entry.relativePath, shownAs: entry.relativePath)) ?? []
                existing[entry.relativePath] = .file(String(decoding: bytes, as: UTF8.self))
            }
        }
        for (path, entry) in existing where entries[path] != entry {
            fileSystem.removeFile(root / path)
        }
        // Deepest first, so a folder emptied of its entries goes too.
        for path in folders.sorted(by: { $0.count > $1.count }) { fileSystem.removeEmptyDirectory(root / path) }
        guard !entries.isEmpty else {
            fileSystem.removeEmptyDirectory(root)
            return
        }
        for path in entries.keys.sorted() where existing[path] != entries[path] {
            let destination = root / path
            let shown = SandboxLayout.shown("\(folder)/\(path)")
            try fileSystem.makeDirectories(destination.parent, shownAs: shown)
            switch entries[path]! {
            case let .link(target): try fileSystem.makeSymbolicLink(at: destination, to: target, shownAs: shown)
            case let .file(text): try fileSystem.writeAtomically(Array(text.utf8), to: destination, shownAs: shown)
            case .folder: try fileSystem.makeDirectories(destination, shownAs: shown)
            }
        }
    }
}
