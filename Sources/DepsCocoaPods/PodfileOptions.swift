import DepsCore

/// The directives with arguments: `source`, `platform`, `inherit!` and `pod` with its options.
extension PodfileParser {
    mutating func parseSource() {
        let line = current.line
        advance()
        guard let arguments = parseArguments() else { return skipStatement() }
        guard arguments.positional.count == 1, arguments.options.isEmpty, case let .string(url) = arguments.positional[0].value else {
            record(.invalidOption("source"), line: line)
            return skipStatement()
        }
        sources.append(PodfileSource(url: url, line: line))
        expectStatementEnd()
    }

    /// `platform :ios, '13.0'`; `platform :ios` names no deployment target.
    mutating func parsePlatform() {
        let line = current.line
        advance()
        guard let arguments = parseArguments() else { return skipStatement() }
        let values = arguments.positional.map(\.value)
        guard arguments.options.isEmpty, (1...2).contains(values.count), let name = values[0].text,
              Platform.names.contains(name.lowercased()) else {
            record(.invalidOption("platform"), line: line)
            return skipStatement()
        }
        var deploymentTarget: Version?
        if values.count == 2 {
            guard let text = values[1].text ?? { if case let .number(number) = values[1] { number } else { nil } }(),
                  let version = try? Version(text) else {
                record(.invalidOption("platform"), line: line)
                return skipStatement()
            }
            deploymentTarget = version
        }
        targets[targets.count - 1].platform = Platform(name: name, deploymentTarget: deploymentTarget)
        expectStatementEnd()
    }

    /// `inherit! :search_paths` (or `:complete`, `:none`).
    mutating func parseInheritance() {
        let line = current.line
        advance()
        guard let arguments = parseArguments() else { return skipStatement() }
        guard arguments.positional.count == 1, arguments.options.isEmpty, let text = arguments.positional[0].value.text,
              let inheritance = PodfileInheritance(rawValue: text) else {
            record(.invalidOption("inherit!"), line: line)
            return skipStatement()
        }
        targets[targets.count - 1].inheritance = inheritance
        expectStatementEnd()
    }

    /// `pod 'Name', 'requirement', …, options`.
    mutating func parsePod() {
        let line = current.line
        advance()
        guard let arguments = parseArguments() else { return skipStatement() }
        guard let first = arguments.positional.first, case let .string(nameText) = first.value else {
            record(.invalidPodName(arguments.positional.first?.value.text ?? ""), line: line)
            return skipStatement()
        }
        guard let name = try? PackageName(nameText) else {
            record(.invalidPodName(nameText), line: line)
            return skipStatement()
        }
        var requirements: [Requirement] = []
        for (value, valueLine) in arguments.positional.dropFirst() {
            guard case let .string(text) = value else {
                record(.invalidRequirement(value.spelling), line: valueLine)
                return skipStatement()
            }
            guard let requirement = try? Requirement(text) else {
                record(.invalidRequirement(text), line: valueLine)
                return skipStatement()
            }
            requirements.append(requirement)
        }
        var declaration = PodDeclaration(name: name, requirements: requirements, line: line)
        guard readOptions(arguments.options, into: &declaration) else { return skipStatement() }
        targets[targets.count - 1].pods.append(declaration)
        expectStatementEnd()
    }

    /// Reads a pod's options into `declaration`. False when one is refused (its error recorded).
    private mutating func readOptions(_ options: [(key: String, value: PodfileValue, line: Int)], into declaration: inout PodDeclaration) -> Bool {
        var texts: [String: String] = [:]
        var submodules = false
        for (key, value, line) in options {
            switch (key, value) {
            case (_, .string(let text)) where ["git", "tag", "branch", "commit", "path", "podspec", "source", "linkage", "project_name"].contains(key):
                texts[key] = text
            case ("linkage", .symbol(let text)):
                texts[key] = text
            case ("submodules", .bool(let flag)):
                submodules = flag
            case ("subspecs", .array(let values)):
                guard let names = Self.strings(values), names.allSatisfy({ (try? declaration.name.subspec($0)) != nil }) else {
                    record(.invalidOption(key), line: line)
                    return false
                }
                declaration.subspecs = names
            case ("configurations", _), ("configuration", _), ("testspecs", _), ("appspecs", _):
                let names: [String]?
                if case let .array(values) = value { names = Self.strings(values) } else { names = value.text.map { [$0] } }
                guard let names else {
                    record(.invalidOption(key), line: line)
                    return false
                }
                declaration.droppedOptions.append(
                    key == "testspecs" ? .testspecs(names) : key == "appspecs" ? .appspecs(names) : .configurations(names))
            case ("modular_headers", .bool(let flag)):
                declaration.droppedOptions.append(.modularHeaders(flag))
            case ("inhibit_warnings", .bool(let flag)):
                declaration.droppedOptions.append(.inhibitWarnings(flag))
            default:
                record(.invalidOption(key), line: line)
                return false
            }
        }
        if let linkage = texts["linkage"] { declaration.droppedOptions.append(.linkage(linkage)) }
        if let project = texts["project_name"] { declaration.droppedOptions.append(.projectName(project)) }
        declaration.specRepository = texts["source"]
        let line = declaration.line
        let locations = ["git", "path", "podspec"].filter { texts[$0] != nil }
        let references = ["tag", "branch", "commit"].compactMap { key in texts[key].map { (key, $0) } }
        guard locations.count <= 1 else {
            record(.invalidOption(locations.joined(separator: ", ")), line: line)
            return false
        }
        guard references.isEmpty || locations == ["git"], references.count <= 1 else {
            record(.invalidOption(references.map(\.0).joined(separator: ", ")), line: line)
            return false
        }
        guard !submodules || locations == ["git"] else {
            record(.invalidOption("submodules"), line: line)
            return false
        }
        if let url = texts["git"] {
            let reference: PodGitReference? = references.first.map { key, value in
                key == "tag" ? .tag(value) : key == "branch" ? .branch(value) : .commit(value)
            }
            declaration.externalSource = .git(url: url, reference: reference, submodules: submodules)
        } else if let path = texts["path"] {
            declaration.externalSource = .path(path)
        } else if let podspec = texts["podspec"] {
            declaration.externalSource = .podspec(podspec)
        }
        return true
    }

    private static func strings(_ values: [PodfileValue]) -> [String]? {
        let texts = values.compactMap { value -> String? in if case let .string(text) = value { text } else { nil } }
        return texts.count == values.count ? texts : nil
    }
}

extension PodfileValue {
    /// How the value reads in a Podfile, for messages (`:head`, `true`).
    var spelling: String {
        switch self {
        case let .string(text): "'\(text)'"
        case let .symbol(name): ":\(name)"
        case let .bool(flag): "\(flag)"
        case .nilValue: "nil"
        case let .number(text): text
        case .array: "[…]"
        case .hash: "{…}"
        }
    }
}
