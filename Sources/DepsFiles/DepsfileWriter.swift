import DepsCore
import DepsYAML
import DepsFailures

extension DepsfileCodec {
    /// A Depsfile that `decode` reads back as `manifest` (its checksum aside): `sources:`,
    /// `dependencies:` (a requirement, `= V` written as the bare version; an external source as a
    /// mapping with `version:` when it has a requirement), `platform:`, then `trailingComment`,
    /// one `# ` line each.
    public func encode(_ manifest: Manifest, trailingComment: [String] = []) -> String {
        var pairs: [(String, YAMLNode)] = []
        if !manifest.sources.isEmpty {
            pairs.append(("sources", .sequence(manifest.sources.map { .scalar($0) })))
        }
        pairs.append(("dependencies", .mapping(manifest.dependencies.map {
            ($0.name.description, Self.node(of: $0, specSource: manifest.dependencySources[$0.name]))
        })))
        if let platform = manifest.platform {
            pairs.append(("platform", .scalar(platform.description)))
        }
        if let xcode = manifest.xcode {
            pairs.append(("xcode", XcodeSection.node(xcode)))
        }
        var text = YAMLEmitter.emit(.mapping(pairs), blankLineBetweenTopLevelEntries: true)
        if !trailingComment.isEmpty {
            text += "\n" + trailingComment.map { Self.commentLine($0) }.joined()
        }
        return text
    }

    /// The Depsfile `deps import` writes: the manifest, then which pods each of the Podfile's
    /// targets used, as a comment.
    public func encode(_ imported: ImportedManifest) -> String {
        var comment: [String] = []
        // Without an Xcode project to link them into, the targets' pods are listed for the user.
        if imported.xcode == nil, !imported.targets.isEmpty {
            comment.append("The pods each target of the Podfile used (give each SwiftPM target its products):")
            for target in imported.targets {
                let pods = target.pods.map(\.description).joined(separator: ", ")
                comment.append("  \(target.target): \(pods.isEmpty ? "(none)" : pods)")
            }
        }
        return encode(imported.manifest(checksum: ""), trailingComment: comment)
    }

    /// The requirement; a mapping with `source:` (and `version:` when there is a requirement)
    /// when the dependency names its spec source; the external source's fields otherwise.
    private static func node(of dependency: Dependency, specSource: String?) -> YAMLNode {
        if let specSource, dependency.externalSource == nil {
            var fields: [(String, YAMLNode)] = [("source", .scalar(specSource))]
            if !dependency.requirement.isAny { fields.append(("version", requirementNode(dependency.requirement))) }
            return .mapping(fields)
        }
        guard let source = dependency.externalSource else { return requirementNode(dependency.requirement) }
        var fields = source.fields(of: dependency.name).map { ($0.key, YAMLNode.scalar($0.value)) }
        if !dependency.requirement.isAny {
            fields.append(("version", requirementNode(dependency.requirement)))
        }
        return .mapping(fields)
    }

    /// Empty for any version; `7.10.0` for `= 7.10.0`; the normalised requirement otherwise.
    private static func requirementNode(_ requirement: Requirement) -> YAMLNode {
        if requirement.isAny { return .null }
        if requirement.constraints.count == 1, let only = requirement.constraints.first, only.op == .equal {
            return .scalar(only.version.description)
        }
        return .scalar(requirement.description)
    }

    /// `# text`, with every control character escaped so that the comment stays one line.
    private static func commentLine(_ text: String) -> String {
        let escaped = FailureText.escaped(text)
        return escaped.isEmpty ? "#\n" : "# \(escaped)\n"
    }
}
