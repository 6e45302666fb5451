import DepsCore

/// The words for a value the generic field readers refuse:
/// `expected a mapping for the source of Alamofire, found a scalar`.
extension InputProblemWording {
    static func text(for problem: YAMLFieldProblem) -> MessageText {
        switch problem {
        case let .emptyFile(expecting):
            "the file is empty; expected \(message: text(for: expecting))"
        case let .notAMapping(subject, found, typo):
            "expected a mapping for \(phrase(subject)), found \(message: text(for: found))\(message: typo.map { "; \(message: text(for: $0))" } ?? "")"
        case let .notAList(subject, found):
            "expected a list for \(phrase(subject)), found \(message: text(for: found))"
        case let .notASingleValue(subject, found):
            "expected a single value for \(phrase(subject)), found \(message: text(for: found))"
        case let .notTrueOrFalse(subject, value):
            "invalid \(phrase(subject)) '\(value)'; expected true or false"
        case let .notAStringOrList(subject, found):
            "expected a string or a list of strings for \(phrase(subject)), found \(message: text(for: found))"
        case let .folderOutsidePackage(subject, value):
            "\(phrase(subject)) '\(value)' must be a folder inside the package, not absolute or climbing out with `..`"
        case let .keyNotAName(found):
            "expected a name as a key, found \(message: text(for: found))"
        case let .unknownKey(key, subject, suggestion?, _):
            "unknown key '\(key)' in \(phrase(subject)); did you mean '\(suggestion)'?"
        case let .unknownKey(key, subject, nil, known):
            "unknown key '\(key)' in \(phrase(subject)); expected one of: \(known.joined(separator: ", "))"
        case let .invalidPackageName(text):
            "invalid package name '\(text)'"
        case let .invalidVersion(text, subject):
            "invalid version '\(text)' for \(phrase(subject))"
        case let .invalidRequirement(text, name):
            "invalid requirement '\(text)' for \(name)"
        case let .nulInLocation(subject, location):
            "\(phrase(subject)) cannot hold a NUL character: '\(location)'"
        }
    }

    /// What a value was read as, as the messages name it (not yet escaped).
    static func phrase(_ subject: YAMLFieldSubject) -> String {
        switch subject {
        case .depsfile: "the Depsfile"
        case let .key(key): key
        case .aSource: "a source"
        case let .dependency(name): "\(name)"
        case let .sourceOf(name): "the source of \(name)"
        case let .specSourceOf(name): "the spec source of \(name)"
        case let .gitURLOf(name): "the git URL of \(name)"
        case let .submodulesOf(name): "`submodules:` of \(name)"
        case let .gitReferenceOf(name, key): "the \(key) of \(name)"
        case let .pathOf(name): "the path of \(name)"
        case let .podspecOf(name): "the podspec of \(name)"
        case let .requirementOf(name): "the requirement of \(name)"
        case .platform(.depsfile): "platform"
        case let .platform(.xcodeTarget(target)): "platform of target '\(target)'"
        case .xcode: "`xcode:`"
        case .xcodeProject: "an Xcode project"
        case .linkage: "`linkage:`"
        case .xcodeTargets: "`xcode: targets:`"
        case let .xcodeTarget(target): "target '\(target)'"
        case let .packagesOfXcodeTarget(target): "the packages of target '\(target)'"
        case let .packageOfXcodeTarget(target): "a package of target '\(target)'"
        case let .packageURLOf(name): "the package URL of \(name)"
        case let .registryURLOf(name): "the registry URL of \(name)"
        case let .exactVersionOf(name): "the exact version of \(name)"
        case let .specDependency(name): "the dependency \(name)"
        case .lockfile: "the lockfile"
        case .aDependency: "a dependency"
        case .aSpecRepository: "a spec repository"
        case let .packagesOfSpecRepository(source): "the packages of \(source)"
        case .aPackageName: "a package name"
        case .aPackage: "a package"
        case let .packageNamed(name): name
        case let .checkoutOf(name): "the checkout of \(name)"
        case let .commitOf(name): "the commit of \(name)"
        case let .checksumOf(name): "the checksum of \(name)"
        case let .sourceChecksumOf(name): "the source checksum of \(name)"
        case let .externalSourceOf(name): "the external source of \(name)"
        case .spec: "the spec"
        case let .specSourceKey(key): "source `\(key):`"
        case .aDefaultSubspec: "a default subspec"
        case .aSourceFilesPattern: "a source_files pattern"
        case .aSubspec: "a subspec"
        case let .subspecOf(package): "a subspec of \(package)"
        case .nameOfASubspec: "the name of a subspec"
        case .subspecNameKey: "the `name` of a subspec"
        case let .document(document): phrase(document)
        case let .field(key): "`\(key)`"
        case let .subspecField(key, subspec): "`\(key)` of subspec '\(subspec)'"
        case let .fieldOfPackage(key, package): "`\(key)` of \(package)"
        case let .entry(kind): noun(kind)
        case let .fieldOfEntry(key, kind): "\(noun(kind))'s `\(key)`"
        case let .nameOfEntry(kind): "\(noun(kind))'s name"
        case let .itemOf(subject): "an item of \(phrase(subject))"
        case let .patternOf(subject): "a pattern of \(phrase(subject))"
        case let .nameIn(subject): "a name in \(phrase(subject))"
        case let .subspecIn(subject): "a subspec in \(phrase(subject))"
        case let .requirementIn(pod, subject): "a requirement of \(pod) in \(phrase(subject))"
        case let .platformIn(platform, subject): "\(platform) in \(phrase(subject))"
        case let .deploymentTargetIn(platform, subject): "the deployment target of \(platform) in \(phrase(subject))"
        case let .podsOfSpecRepository(source): "the pods of \(source)"
        case let .podPart(part, pod): "\(phrase(part)) of \(pod)"
        }
    }

    static func phrase(_ part: PodLockPart) -> String {
        switch part {
        case .source: "the source"
        case .externalSource: "the external source"
        case .checkout: "the checkout"
        case .gitURL: "the git URL"
        case .commit: "the commit"
        case .tag: "the tag"
        case .checksum: "the checksum"
        }
    }

    static func phrase(_ document: ForeignDocument) -> String {
        switch document {
        case .podspec: "the podspec"
        case .podfileLock: "the Podfile.lock"
        case .manifestDump: "the manifest"
        case .registryReleaseList: "the release list"
        case .registryReleaseMetadata: "the release's metadata"
        }
    }

    /// One entry, with its article: `a target`.
    static func noun(_ kind: YAMLEntryKind) -> String {
        switch kind {
        case .dependency: "a dependency"
        case .dependencyTrait: "a dependency's trait"
        case .dependencyRequirements: "a dependency's requirements"
        case .product: "a product"
        case .trait: "a trait"
        case .target: "a target"
        case .targetDependency: "a target dependency"
        case .pluginUsage: "a plugin usage"
        case .plugin: "a plugin"
        case .condition: "a condition"
        case .version: "a version"
        case .release: "a release"
        case .resource: "a resource"
        case .pod: "a pod"
        case .podName: "a pod name"
        case .requirement: "a requirement"
        case .value: "a value"
        }
    }

    static func text(for contents: YAMLFileContents) -> MessageText {
        switch contents {
        case .depsfile: "a mapping with `sources` and `dependencies`"
        case let .lockfile(required): "the sections \(required.joined(separator: ", "))"
        case .spec: "a mapping with `name` and `version`"
        case .specToLint: "a spec with `name` and `version`"
        case .podspecJSON: "a JSON object with `name` and `version`"
        case .podspecMapping: "a mapping with `name` and `version`"
        case let .podfileLock(sections): "the sections \(sections.joined(separator: " and "))"
        case .packageResolved: "a Package.resolved"
        case .manifestDump: "a manifest as swift package dump-package prints it"
        case .registryReleaseList: "a release list"
        case .registryReleaseMetadata: "a release's metadata"
        }
    }

    static func text(for kind: YAMLValueKind) -> MessageText {
        switch kind {
        case .empty: "an empty value"
        case .scalar: "a scalar"
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        }
    }

    static func text(for typo: YAMLTypo) -> MessageText {
        switch typo {
        case let .noSpaceAfterColon(key, rest): "put a space after the colon: \(key): \(rest)"
        case let .blockIndicatorValue(key, value): "quote a value that starts with \(value.prefix(1)): \(key): \"\(value)\""
        case .tabIndentation: "indent with spaces, not tabs"
        }
    }
}
