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
            throw CodeSourceError(
                locations.isEmpty
                    ? "expected one of `git:`, `http:` or `path:`"
                    : "expected only one of `git:`, `http:` or `path:`, found \(locations.map { "`\($0):`" }.joined(separator: " and "))")
        }
        guard !location.isEmpty else { throw CodeSourceError("the `\(kind):` location is empty") }
        guard !location.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw CodeSourceError("the `\(kind):` location '\(location)' holds a control character")
        }
        switch kind {
        case "git":
            let references = ["tag", "commit", "branch"].compactMap { key in fields[key].map { (key, $0) } }
            guard references.count == 1, let (key, value) = references.first else {
                throw CodeSourceError(references.isEmpty
                    ? "`git:` needs one of `tag:`, `commit:` or `branch:`"
                    : "`git:` takes only one of `tag:`, `commit:` or `branch:`")
            }
            return .git(url: location, try GitReference.reading(key: key, value: value))
        case "http":
            if let digest = fields["sha256"], !SHA256Text.isValid(digest) {
                throw CodeSourceError("invalid `sha256:` '\(digest)'; expected 64 lower-case hexadecimal digits")
            }
            for key in ["tag", "commit", "branch"] where fields[key] != nil {
                throw CodeSourceError("`\(key):` goes with `git:`, not `http:`")
            }
            return .http(url: location, sha256: fields["sha256"])
        default:
            return .path(location)
        }
    }
}
