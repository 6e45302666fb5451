import DepsCore

/// A spec's `source:` mapping as deps' YAML specs and CocoaPods' podspec.json write it.
package enum SpecSourceFields {
    /// The keys a spec's `source:` mapping may hold.
    package static let keys = ["git", "tag", "commit", "branch", "http", "sha256", "type", "path", "submodules"]

    /// Reads a spec's `source:` mapping: `git:` with exactly one of `tag:`/`commit:`/`branch:`,
    /// `http:` with an optional `sha256:`, or `path:`. Exactly one location key.
    package static func codeSource(_ fields: [String: String]) throws(CodeSourceError) -> CodeSource {
        let locations = ["git", "http", "path"].filter { fields[$0] != nil }
        guard locations.count == 1, let kind = locations.first, let location = fields[kind] else {
            throw locations.isEmpty ? .noLocation : .severalLocations(locations)
        }
        guard !location.isEmpty else { throw .emptyLocation(kind: kind) }
        guard !location.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw .controlCharacter(kind: kind, location: location)
        }
        switch kind {
        case "git":
            let references = ["tag", "commit", "branch"].compactMap { key in fields[key].map { (key, $0) } }
            guard references.count == 1, let (key, value) = references.first else {
                throw references.isEmpty ? .noGitReference : .severalGitReferences
            }
            return .git(url: location, try GitReference.reading(key: key, value: value))
        case "http":
            if let digest = fields["sha256"], !SHA256Text.isValid(digest) {
                throw .invalidDigest(digest)
            }
            for key in ["tag", "commit", "branch"] where fields[key] != nil {
                throw .referenceWithoutGit(key: key)
            }
            return .http(url: location, sha256: fields["sha256"])
        default:
            return .path(location)
        }
    }
}

extension CodeSourceError {
    /// Transitional, for the readers not yet converted (podspec.json, build attributes):
    /// DepsPresenters words it as data (`InputProblemWording.text(for: CodeSourceError)`).
    package var message: MessageText {
        switch self {
        case .noLocation: "expected one of `git:`, `http:` or `path:`"
        case .severalLocations(let keys):
            "expected only one of `git:`, `http:` or `path:`, found \(message: MessageText(escaping: keys.map { "`\($0):`" }.joined(separator: " and ")))"
        case .emptyLocation(let kind): "the `\(kind):` location is empty"
        case .controlCharacter(let kind, let location): "the `\(kind):` location '\(location)' holds a control character"
        case .noGitReference: "`git:` needs one of `tag:`, `commit:` or `branch:`"
        case .severalGitReferences: "`git:` takes only one of `tag:`, `commit:` or `branch:`"
        case .invalidReference(let key, let value): "invalid `\(key):` '\(value)'"
        case .invalidCommit(let key, let value): "invalid `\(key):` '\(value)'; expected a commit id: 4 to 40 hexadecimal digits"
        case .invalidDigest(let digest): "invalid `sha256:` '\(digest)'; expected 64 lower-case hexadecimal digits"
        case .referenceWithoutGit(let key): "`\(key):` goes with `git:`, not `http:`"
        }
    }
}

extension SourceFileGlobError {
    /// Transitional, for the readers not yet converted (build attributes): DepsPresenters
    /// words it as data (`InputProblemWording.text(for: SourceFileGlobError)`).
    package var message: MessageText {
        let reason: MessageText = switch reason {
        case .empty: "it is empty"
        case .absolute: "it is an absolute path"
        case .reachesOutside: "it reaches outside the package's folder with `..`"
        case .unopenedBrace: "a `}` has no `{`"
        case .unclosedBrace: "a `{` has no `}`"
        }
        return "invalid file pattern '\(pattern)': \(message: reason)"
    }
}
