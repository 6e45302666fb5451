import DepsCore

/// `name 'Alamofire' does not match its folder 'AFNetworking'`: a `.podspec.json`'s problems,
/// values from the file escaped.
extension InputProblemWording {
    static func text(for problem: PodspecJSONProblem) -> String {
        let message: MessageText = switch problem {
        case let .notAnObject(found):
            "expected a JSON object with `name` and `version`, found \(message: text(for: found))"
        case let .missingField(field):
            "missing field `\(field)`"
        case let .nameMismatch(name, expected):
            "name '\(name)' does not match \(message: place(expected))"
        case let .versionMismatch(version, folder):
            "version '\(version)' does not match its folder '\(folder)'"
        case let .licenseNotStringOrObject(found):
            "expected a string or an object with `type` for `license`, found \(message: text(for: found))"
        case let .unfetchableSource(pod, kind):
            "\(pod)'s source is `\(kind)`, which deps cannot fetch; deps fetches `git` and `http` sources"
        case let .gitSourceWithoutRevision(pod, url):
            "\(pod)'s `git` source \(url) names no `tag`, `commit` or `branch`; CocoaPods allows that only for an "
                + "external source (a Podfile's `:git =>`), not in a spec repository"
        case let .invalidPackageName(text):
            "invalid package name '\(text)'"
        case let .requirementsNotAList(pod, field, found):
            "expected a list of requirements for \(pod) in \(phrase(field)), found \(message: text(for: found))"
        case let .invalidRequirement(text, pod):
            "invalid requirement '\(text)' for \(pod)"
        case let .subspecWithoutName(owner):
            "a subspec in \(owner.map { "`subspecs` of subspec '\($0)'" } ?? "`subspecs`") has no `name`"
        case let .subspecNameNotPackagePart(name, fullName):
            "subspec name '\(name)' cannot be part of a package name ('\(fullName)')"
        case let .invalidSubspecName(name):
            "invalid subspec name '\(name)'"
        case let .subspecDefinedTwice(fullName):
            "subspec '\(fullName)' is defined twice"
        case let .defaultSubspecsNotNameOrList(key, found):
            "expected a subspec name or a list of names for `\(key)`, found \(message: text(for: found))"
        case let .defaultSubspecUnknown(key, subspec, pod):
            "`\(key)` names '\(subspec)', which is not a subspec of \(pod)"
        }
        return message.text
    }

    private static func place(_ expected: PodspecJSONProblem.ExpectedName) -> MessageText {
        switch expected {
        case let .fileName(name): "its file name '\(name).podspec.json'"
        case let .folder(name): "its folder '\(name)'"
        case let .depsfileDependency(name): dependencyInTheDepsfile(name)
        }
    }
}
