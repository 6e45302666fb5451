import DepsCore

/// The words for a Swift package dependency's problems:
/// `Kit has both `version:` and `exact:`; keep one`.
extension InputProblemWording {
    static func text(for problem: SwiftPackageFieldProblem) -> MessageText {
        switch problem {
        case let .emptyURL(name):
            "the package URL of \(name) cannot be empty"
        case let .swiftpmUnderSubspec(name):
            "`swiftpm:` goes under a pod's name, not a subspec's: \(name.root), not \(name)"
        case let .nameIsNotIdentity(_, url, identity):
            "the package at '\(url)' is `\(identity)` (SwiftPM's identity: the URL's last part, lower-cased); name it `\(identity):`"
        case let .twoReferences(name, first, second):
            "\(name) has both `\(first):` and `\(second):`; keep one"
        case let .referenceBesideRequirement(name, reference, requirement):
            "\(name) has both `\(reference):` and `\(requirement):`; a package on a branch or a revision has no version requirement"
        case let .invalidReference(error, name):
            "\(message: text(for: error)) for \(name)"
        case let .registryNotHTTP(name, url):
            "the registry of \(name) is '\(url)'; expected an http(s) URL"
        case let .notARegistryIdentity(name):
            "`\(name)` is not a registry identity: a registry package is named by its identity `scope.name` (SE-0292: a scope of letters, digits and single hyphens, a name of letters, digits and single hyphens or underscores)"
        case let .registryNameNotCanonical(name, canonical):
            "the registry package `\(name)` is named lower-cased, as SwiftPM names it; name it `\(canonical):`"
        case let .versionAndExact(name):
            "\(name) has both `version:` and `exact:`; keep one"
        case let .packageAndRegistry(name):
            "the dependency \(name) has both `package:` and `registry:`; keep one"
        case let .noRequirementOrPackage(name):
            "expected a requirement, or `package:` or `registry:` with `version:` or `exact:`, for the dependency \(name)"
        }
    }
}
