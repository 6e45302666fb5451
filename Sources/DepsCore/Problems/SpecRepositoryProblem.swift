/// What is wrong with a spec repository's layout (its `CocoaPods-version.yml` shards, its
/// folders, a CDN's index), as data: names as the repository writes them, worded by DepsPresenters.
public enum SpecRepositoryProblem: Sendable, Equatable {
    /// `CocoaPods-version.yml` is not a mapping (what it is instead).
    case shardsNotAMapping(found: YAMLValueKind)
    /// `prefix_lengths` is not a list.
    case prefixLengthsNotAList(found: YAMLValueKind)
    /// An item of `prefix_lengths` that is not a length from 1 to 8: its text, or what it is
    /// when it is not a single value.
    case invalidPrefixLength(String?, found: YAMLValueKind)
    /// The lengths add up to more than 32.
    case prefixLengthsTooLong
    /// A CDN index entry's component that is not a version of `pod` (its text as written).
    case indexEntryNotAVersion(String, pod: PackageName)
    /// A version spelt two ways (`other`, in `otherFile`) whose specs disagree on dependencies.
    case versionSpeltTwice(Version, other: String, otherFile: String)
    /// A spec file in deps' layout whose name is not a version.
    case fileNameNotAVersion(String)
    /// A version folder in CocoaPods' layout whose name is not a version.
    case folderNameNotAVersion(String)
    /// A Depsfile `source` that is a URL: deps reads only directories there.
    case unsupportedSource(String)
}
