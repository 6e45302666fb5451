/// What is wrong with a value the generic field readers of deps' YAML files read (a mapping, a
/// list, a single value, a key, a flag, a package name, a version, a requirement, a location),
/// and what it was read as.
public enum YAMLFieldProblem: Sendable, Equatable {
    /// The file holds nothing; it should hold `expecting`.
    case emptyFile(expecting: YAMLFileContents)
    /// A mapping was expected for `subject`; `typo` is the typo a plain scalar stems from
    /// (`Name:value` with no space after the colon).
    case notAMapping(YAMLFieldSubject, found: YAMLValueKind, typo: YAMLTypo?)
    case notAList(YAMLFieldSubject, found: YAMLValueKind)
    case notASingleValue(YAMLFieldSubject, found: YAMLValueKind)
    /// A flag that is neither `true` nor `false`.
    case notTrueOrFalse(YAMLFieldSubject, value: String)
    /// Neither a string nor a list of strings (a build attribute of a spec).
    case notAStringOrList(YAMLFieldSubject, found: YAMLValueKind)
    /// A folder (`header_dir`, `header_mappings_dir`) that is absolute or climbs out with `..`.
    case folderOutsidePackage(YAMLFieldSubject, value: String)
    /// A mapping key that is not a scalar.
    case keyNotAName(found: YAMLValueKind)
    /// A key not in `known`; `suggestion` is the closest known key, if any is close.
    case unknownKey(String, in: YAMLFieldSubject, suggestion: String?, known: [String])
    case invalidPackageName(String)
    case invalidVersion(String, of: YAMLFieldSubject)
    case invalidRequirement(String, of: PackageName)
    /// A path, URL or spec repository holding a NUL character.
    case nulInLocation(YAMLFieldSubject, location: String)
}

/// What a whole file deps reads should hold.
public enum YAMLFileContents: Sendable, Equatable {
    /// A Depsfile: a mapping with `sources` and `dependencies`.
    case depsfile
    /// A lockfile: its `required` sections.
    case lockfile(required: [String])
    /// One of deps' YAML specs: a mapping with `name` and `version`.
    case spec
    /// A spec the linter reads, deps' YAML or a podspec.json.
    case specToLint
    /// A CocoaPods `.podspec.json`: an object with `name` and `version`.
    case podspecJSON
    /// A podspec.json read as a mapping with `name` and `version`.
    case podspecMapping
    /// A CocoaPods `Podfile.lock`: its sections (as written there).
    case podfileLock(sections: [String])
    /// A SwiftPM `Package.resolved`.
    case packageResolved
    /// A manifest as `swift package dump-package` prints it.
    case manifestDump
    /// A Swift package registry's release list.
    case registryReleaseList
    /// A Swift package registry's metadata of a release.
    case registryReleaseMetadata
}

/// What a YAML value turned out to be.
public enum YAMLValueKind: Sendable, Equatable {
    case empty, scalar, sequence, mapping
}

/// A YAML typo with a known remedy.
public enum YAMLTypo: Sendable, Equatable {
    /// `Greeting:~> 1.0`: `key`, a colon with no space after it, then `rest`.
    case noSpaceAfterColon(key: String, rest: String)
    /// `Greeting: >= 1.0`: a value (`value`, under `key`) that starts with `>` or `|`, read as
    /// a block scalar's header.
    case blockIndicatorValue(key: String, value: String)
    /// A tab in the indentation.
    case tabIndentation
}

/// What a value is read as: the file, a top-level key, or a package's field.
public indirect enum YAMLFieldSubject: Sendable, Equatable {
    /// The whole Depsfile.
    case depsfile
    /// A top-level key, as written (`sources`, `dependencies`, `platform`).
    case key(String)
    /// An item of a Depsfile's `sources:`.
    case aSource
    /// A dependency's value (its requirement or its source mapping).
    case dependency(PackageName)
    /// A dependency's source mapping.
    case sourceOf(PackageName)
    /// A dependency's `source:`, a spec source.
    case specSourceOf(PackageName)
    case gitURLOf(PackageName)
    case submodulesOf(PackageName)
    /// A dependency's `tag:`, `commit:` or `branch:` (the key).
    case gitReferenceOf(PackageName, key: String)
    case pathOf(PackageName)
    case podspecOf(PackageName)
    case requirementOf(PackageName)
    /// The Depsfile's `platform:`, or an Xcode target's.
    case platform(DepsfileProblem.PlatformField)
    /// The Depsfile's `xcode:` section.
    case xcode
    case xcodeProject
    /// `xcode: linkage:`.
    case linkage
    /// `xcode: targets:`.
    case xcodeTargets
    /// An Xcode target (its key as written).
    case xcodeTarget(String)
    case packagesOfXcodeTarget(String)
    case packageOfXcodeTarget(String)
    case packageURLOf(PackageName)
    case registryURLOf(PackageName)
    case exactVersionOf(PackageName)
    /// A spec's dependency.
    case specDependency(PackageName)
    /// The whole lockfile.
    case lockfile
    /// An item of a lock's DEPENDENCIES or of a PACKAGES entry's dependencies.
    case aDependency
    /// A key of a lock's SPEC REPOS.
    case aSpecRepository
    /// The packages a lock's SPEC REPOS lists under a spec repository.
    case packagesOfSpecRepository(String)
    case aPackageName
    /// A PACKAGES entry's text.
    case aPackage
    /// A PACKAGES entry's package, by its name as written.
    case packageNamed(String)
    case checkoutOf(PackageName)
    case commitOf(PackageName)
    case checksumOf(PackageName)
    case sourceChecksumOf(PackageName)
    case externalSourceOf(PackageName)
    /// A whole spec.
    case spec
    /// A key of a spec's `source:`.
    case specSourceKey(String)
    case aDefaultSubspec
    case aSourceFilesPattern
    case aSubspec
    case subspecOf(PackageName)
    case nameOfASubspec
    /// The `name` key of a podspec's subspec.
    case subspecNameKey

    // Files of other tools (a podspec.json, a Podfile.lock, a manifest dump, a registry's
    // answer): keys as those files write them.

    /// A whole document of another tool.
    case document(ForeignDocument)
    /// A key of another tool's file, as written there (`pins`, `source.git`).
    case field(String)
    /// A key of a spec's subspec (`source_files`, `ios.frameworks`), and the subspec's full name.
    case subspecField(String, subspec: String)
    /// A key of a package's entry (a Podfile.lock's external source: `:git`), and the package.
    case fieldOfPackage(String, package: String)
    /// One entry of a list or mapping, by what it is.
    case entry(YAMLEntryKind)
    /// A key of such an entry (a target's `name`).
    case fieldOfEntry(String, YAMLEntryKind)
    /// The name of such an entry where no key holds it (a plugin's name).
    case nameOfEntry(YAMLEntryKind)
    /// An item of a list read as `subject`.
    case itemOf(YAMLFieldSubject)
    /// A file pattern in a list read as `subject`.
    case patternOf(YAMLFieldSubject)
    /// A name in a list read as `subject`.
    case nameIn(YAMLFieldSubject)
    /// A subspec in a list read as `subject`.
    case subspecIn(YAMLFieldSubject)
    /// One requirement of a dependency on `pod`, in a field read as `subject`.
    case requirementIn(PackageName, YAMLFieldSubject)
    /// A platform (`ios`) of a field read as `subject`.
    case platformIn(String, YAMLFieldSubject)
    /// The deployment target of a platform (`ios`) in a field read as `subject`.
    case deploymentTargetIn(String, YAMLFieldSubject)
    /// The pods a Podfile.lock lists under a spec repository.
    case podsOfSpecRepository(String)
    /// A part of a Podfile.lock's entry for `pod` (its name as written there).
    case podPart(PodLockPart, pod: String)
}

/// What a Podfile.lock says of one pod.
public enum PodLockPart: Sendable, Equatable {
    case source, externalSource, checkout, gitURL, commit, tag, checksum
}

/// A whole file of another tool, as a value is read from it.
public enum ForeignDocument: Sendable, Equatable {
    case podspec, podfileLock, manifestDump, registryReleaseList, registryReleaseMetadata
}

/// What one entry of another tool's file is.
public enum YAMLEntryKind: Sendable, Equatable {
    case dependency, dependencyTrait, dependencyRequirements, product, trait, target, targetDependency
    case pluginUsage, plugin, condition, version, release, resource, pod, podName, requirement, value
}
