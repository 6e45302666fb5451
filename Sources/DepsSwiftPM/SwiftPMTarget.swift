import DepsCore

/// A sandbox target as `Deps/Package.swift` declares it, by SwiftPM's rules: of the files the
/// spec's `source_files` match, the Swift or C-family sources; and every other file of the
/// folder excluded, so that SwiftPM does not warn about them. SwiftPM builds one language per
/// target, so a target matching both is refused, as is one matching no source.
public struct SwiftPMTarget: Sendable, Hashable {
    public let target: SwiftPackageTarget
    /// The source files, relative to the folder, sorted.
    public let sources: [String]
    /// Files and folders that are not sources, in as few paths as possible.
    public let excluded: [String]

    static let swiftExtensions: Set<String> = ["swift"]
    static let cFamilyExtensions: Set<String> = ["c", "m", "mm", "cc", "cpp", "cxx", "s", "S"]

    public init(_ target: SwiftPackageTarget) throws(SandboxIntegrationError) {
        let sources = target.matchedFiles.filter { Self.isSource($0) }
        guard !sources.isEmpty else {
            throw SandboxIntegrationError(
                name: target.name, message: "source_files '\(target.patterns)' matches no Swift or C-family source file in its code")
        }
        let swift = sources.filter { Self.swiftExtensions.contains(Self.fileExtension($0)) }
        if !swift.isEmpty && swift.count != sources.count {
            throw SandboxIntegrationError(
                name: target.name,
                message: "source_files '\(target.patterns)' matches both Swift and C-family sources (\(swift[0]) and "
                    + "\(sources.first { !swift.contains($0) }!)), which SwiftPM cannot build in one target")
        }
        self.target = target
        self.sources = sources
        excluded = Self.exclusions(of: target.files, keeping: Set(sources))
    }

    static func fileExtension(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return String(last[last.index(after: dot)...])
    }

    static func isSource(_ path: String) -> Bool {
        let ext = fileExtension(path)
        return swiftExtensions.contains(ext) || cFamilyExtensions.contains(ext)
    }

    /// The fewest paths that exclude every file but the sources: a folder that holds no source is
    /// excluded whole, otherwise its non-source files one by one.
    static func exclusions(of files: [String], keeping sources: Set<String>) -> [String] {
        var foldersWithSources: Set<String> = [""]
        for source in sources {
            var parts = source.split(separator: "/").dropLast()
            while !parts.isEmpty {
                foldersWithSources.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        var excluded: Set<String> = []
        for file in files where !sources.contains(file) {
            let parts = file.split(separator: "/").map(String.init)
            var prefix = ""
            var chosen = file
            for part in parts.dropLast() {
                let candidate = prefix.isEmpty ? part : prefix + "/" + part
                if !foldersWithSources.contains(candidate) {
                    chosen = candidate
                    break
                }
                prefix = candidate
            }
            excluded.insert(chosen)
        }
        return excluded.sorted()
    }
}
