/// What is wrong with a CocoaPods `Podfile.lock`, as data: pod names, keys and values as the file
/// writes them, worded by DepsPresenters.
public enum PodfileLockProblem: Sendable, Equatable {
    /// A merge left a conflict marker (its line's text).
    case mergeConflictMarker(String)
    /// A section the file must have (`PODS`).
    case missingSection(String)
    /// A pod listed twice in PODS, and the line of its first entry.
    case podListedTwice(pod: String, firstLine: Int)
    /// A PODS mapping entry with more than one pair.
    case podEntryNotOnePair
    /// A PODS entry without `(version)`.
    case podEntryWithoutVersion(String)
    /// A dependency's `from` without a quoted location (the whole entry).
    case externalSourceNotQuoted(entry: String)
    /// A dependency's `tag`, `commit` or `branch` (`key`) without a quoted value.
    case referenceNotQuoted(key: String, entry: String)
    /// A dependency's requirement that is not one.
    case invalidRequirement(String, pod: String)
    /// An external source with none of `:git`, `:path` or `:podspec`.
    case noExternalSourceLocation(pod: String)
    /// An external source with several of them (the keys, in order).
    case severalExternalSourceLocations(keys: [String], pod: String)
    /// A `:git` source with more than one of `:tag`, `:branch` and `:commit`.
    case severalGitReferences(pod: String)
    /// A git option (`key`) beside `:path` or `:podspec` (`kind`).
    case optionWithoutGit(key: String, kind: String, pod: String)
    /// A checkout without `:git`.
    case checkoutWithoutGit(pod: String)
    /// A checkout whose `:git` is empty.
    case emptyGitURL(pod: String)
    /// A checkout's `:commit` that is not hexadecimal digits.
    case invalidCommit(String, pod: String)
    /// A checkout with neither `:commit` nor `:tag` (or both).
    case checkoutWithoutPin(pod: String)
    /// `:submodules` neither `true` nor `false`.
    case invalidSubmodules(String, pod: String)
    /// A pod name CocoaPods would not write.
    case invalidPodName(String)
}
