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
public enum YAMLFieldSubject: Sendable, Equatable {
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
}
