import DepsFailures
import DepsCore

/// Words the errors the core reports as data, naming the flag or the command that helps.
public enum ErrorTextPresenter {
    /// `Alamofire: https://…: the cause`, then what helps: `; run deps update Alamofire`.
    public static func line(for failure: CodeFetchError) -> String {
        "\(failure.name): \(MessageText.escaped(failure.url)): \(cause(of: failure))"
    }

    /// The cause and what helps, escaped: the text after the URL, and `--json`'s `cause`.
    static func cause(of failure: CodeFetchError) -> String {
        let remedy = switch failure.remedy {
        case .update?: "; run deps update \(failure.name)"
        case .updateIfTrusted?: "; if the new commit is trusted, run deps update \(failure.name)"
        case .fetchOnline?: "; --offline does not fetch"
        case nil: ""
        }
        // A clash with another package names the package it is about.
        let subject = if case let .unbuildable(error) = failure.cause, error.name != failure.name { "\(error.name): " } else { "" }
        return subject + words(for: failure.cause) + remedy
    }

    /// What went wrong, values escaped.
    static func words(for cause: CodeFetchError.Cause) -> String {
        func e(_ text: String) -> String { MessageText.escaped(text) }
        return switch cause {
        case let .unsafeArchive(problem): "unsafe archive: \(FetchedCodeWording.words(for: problem)); nothing was extracted"
        case let .archiveTooLarge(problem): "\(FetchedCodeWording.words(for: problem)); nothing was kept"
        case let .unreadableArchive(archive): "cannot read the archive: \(FetchedCodeWording.words(for: archive))"
        case let .submodule(problem): FetchedCodeWording.words(for: problem)
        case .notCached(lacking: .archive): "the archive is not in the cache"
        case let .notCached(lacking): "not in the cache (\(words(for: lacking, offline: true)))"
        case let .declaredDigestDiffers(declared, locked): "the spec's sha256 \(e(declared)) differs from SOURCE CHECKSUMS \(e(locked))"
        case let .digestMismatch(expected, from, got): "SHA-256 mismatch: expected \(e(expected)) (\(e(from))), got \(e(got)); nothing was extracted"
        case .unknownArchiveType: "cannot tell the archive's type; expected a name ending in .zip, .tar.gz, .tgz, .tar.bz2, .tbz2, .tar.xz or .txz"
        case let .serverAnswered(status): "the server answered HTTP \(status)"
        case let .unsafeCode(commit, problem): "unsafe code at commit \(e(commit)): \(FetchedCodeWording.words(for: problem))"
        case let .emptyCommit(commit): "commit \(e(commit)) has no files in the repository"
        case let .missingCommit(commit): "commit \(e(commit)) is not in the repository"
        case let .ambiguousCommit(abbreviated, commits):
            "commit \(e(abbreviated)) is ambiguous: \(commits.count) commits start with it (\(commits.map(e).joined(separator: ", "))); write more of its digits"
        case let .tagMoved(tag, now, pinned): "tag \(e(tag)) now names commit \(e(now)), but Depsfile.lock pins commit \(e(pinned))"
        case .archivePinForGitSource: "Depsfile.lock pins an archive digest, but the spec's source is git"
        case let .missingReference(reference): "the repository has no \(e(reference))"
        case .noSuchFolder: "no such folder (a path source is used in place)"
        case let .cacheReadOnly(root, lacking, reason): readOnlyCache(root: root, lacking: lacking, reason: reason)
        case let .unbuildable(error): words(for: error.problem)
        case let .gitFailed(failure): e(failure.reason)
        case let .httpFailed(failure): e(failure.causeDescription)
        case let .fileFailed(failure): e(failure.reason)
        }
    }

    /// `Kit: its module Core has the name of Base's, …`.
    public static func render(_ error: SandboxIntegrationError) -> String {
        "\(error.name): \(words(for: error.problem))"
    }

    /// Why a package cannot be built as its spec describes it, values escaped.
    static func words(for problem: SandboxIntegrationError.Problem) -> String {
        func e(_ text: String) -> String { MessageText.escaped(text) }
        return switch problem {
        case let .sourcesMatchNothing(patterns):
            "source_files '\(e(patterns.joined(separator: ", ")))' matches no Swift or C-family source file in its code"
        case let .languagesUseEachOther(file, swiftHeader, swiftFile):
            "its Swift and C-family sources use each other (\(e(file)) includes \(e(swiftHeader)), and \(e(swiftFile)) is Swift), "
                + "which SwiftPM cannot build as one module or as two"
        case let .moduleOfAnotherPod(module, pod):
            "its module \(e(module)) has the name of \(e(pod.description))'s, and SwiftPM builds one module of a name"
        case let .moduleOfASwiftPackage(module, package):
            "its module \(e(module)) has the name of a module of the Swift package \(e(package.description)), and SwiftPM builds one module of a name"
        }
    }

    /// One `error:` line per package, then, when every package is one the cache lacks while
    /// offline, what to do about it.
    public static func render(_ error: SandboxInstallError) -> String {
        var lines = error.failures.map { "error: \(line(for: $0))" }
        if error.isOffline {
            lines.append("--offline: the cache lacks \(error.failures.count) of the packages to install; run without --offline to fetch them.")
        }
        return lines.joined(separator: "\n")
    }

    /// `swift-log 1.6.2 (tag 1.6.2): its Package.swift does not evaluate: Package.swift:3:30: error: …`.
    public static func render(_ error: SwiftManifestError) -> String {
        let subject = "\(MessageText.escaped(error.package.description)) (tag \(MessageText.escaped(error.tag)))"
        return switch error.cause {
        case .noManifest: "\(subject): its tree has no Package.swift"
        case let .evaluationFailed(line): "\(subject): its Package.swift does not evaluate with the swift on PATH: \(MessageText.escaped(line))"
        case let .unreadableDump(problem): "\(subject): swift package dump-package printed what deps cannot read: \(InputProblemWording.text(for: problem.problem))"
        case let .unversionedDependency(identity, requirement):
            "\(subject): it depends on \(MessageText.escaped(identity.description)) by \(MessageText.escaped(requirement)), which SwiftPM allows only in a root package"
        }
    }

    /// `mona.linkedlist: https://registry…/mona/LinkedList/1.1.1.zip: SHA-256 mismatch: …`.
    public static func render(_ error: SwiftRegistryError) -> String {
        let subject = "\(MessageText.escaped(error.package.description)): \(MessageText.escaped(error.url))"
        return switch error.cause {
        case .notFound: "\(subject): the registry has no such package or release (404)"
        case let .serverAnswered(status): "\(subject): the registry answered HTTP \(status)"
        case let .unreadableAnswer(problem): "\(subject): the registry's answer is not what SE-0292 describes: \((problem.line.map { "line \($0): " } ?? "") + InputProblemWording.text(for: problem.problem))"
        case .noSourceArchive: "\(subject): the release's metadata lists no source-archive with a SHA-256 checksum"
        case let .checksumMismatch(expected, actual):
            "\(subject): SHA-256 mismatch: the registry's checksum is \(MessageText.escaped(expected)), "
                + "the archive's is \(MessageText.escaped(actual)); the archive was refused"
        }
    }

    /// `invalid registry identity 'mona-.x': its scope …`.
    public static func render(_ error: SwiftRegistryIdentityError) -> String {
        let subject = "invalid registry identity '\(MessageText.escaped(error.text))'"
        return switch error.problem {
        case .noScope: "\(subject): expected scope.name"
        case .invalidScope:
            "\(subject): its scope must be 1 to \(SwiftRegistryIdentity.maximumScopeLength) letters, digits and hyphens, "
                + "with no hyphen first, last or next to another"
        case .invalidName:
            "\(subject): its name must be 1 to \(SwiftRegistryIdentity.maximumNameLength) letters, digits, hyphens and underscores, "
                + "with no hyphen or underscore first, last or next to another"
        }
    }

    public static func render(_ error: MissingCodeSourceError) -> String {
        "\(error.name) \(error.version): its spec has no `source:`, so deps cannot fetch its code; add one, or use --lock-only"
    }

    /// `Kit 1.0.0 from https://cdn…/: its spec's source `path: ../secret` is on this machine; …`.
    public static func render(_ error: RemoteSpecReachError) -> String {
        let field = switch error.codeSource {
        case .git: "git"
        case .http: "http"
        case .path: "path"
        }
        return "\(error.name) \(error.version) from \(MessageText.escaped(error.source)): its spec's source "
            + "`\(field): \(MessageText.escaped(error.codeSource.location))` is not on the network; a spec from a remote spec "
            + "repository may name only code on the network (git over https, http, ssh or git; an archive over https or http), "
            + "never a path or a file:// URL, so nothing was fetched or changed"
    }

    public static func render(_: MissingLockfileError) -> String {
        "No Depsfile.lock; run `deps install` first."
    }

    public static func render(_: ManifestExistsError) -> String {
        "a Depsfile already exists here; deps init never overwrites one"
    }

    public static func render(_ error: InvalidStarterSourceError) -> String {
        let source = MessageText.escaped(error.source)
        return error.repeated ? "the source '\(source)' is given twice" : "invalid source '\(source)'"
    }

    public static func render(_ error: SpecCatalogError) -> String {
        switch error {
        case let .noSource(name): "no source has \(name)"
        case let .notFetched(source): "\(MessageText.escaped(source)) did not provide the specs it was asked to fetch"
        }
    }

    public static func render(_ error: UnknownPackagesError) -> String {
        let list = error.names.map(\.description).joined(separator: ", ")
        return "\(list) \(error.names.count == 1 ? "is" : "are") neither in Depsfile.lock nor in the Depsfile"
    }

    public static func render(_ error: NewerLockfileError) -> String {
        "Depsfile.lock was written by deps \(error.writtenBy), newer than this deps (\(error.running)); "
            + "upgrade deps to \(error.writtenBy) or later, so that nothing it recorded is lost"
    }

    public static func render(_ error: NotLockedError) -> String {
        let hint = error.suggestions.isEmpty ? "" : "\nDid you mean \(DerivationWording.list(error.suggestions, joinedBy: "or"))?"
        return "\(error.name) is not in Depsfile.lock" + hint
    }
}

extension ErrorTextPresenter {
    /// The whole message of an error the core reports (every line, with its `error:` prefix and
    /// what helps); nil for an error of an outer layer, which `ErrorWording` in the CLI words.
    public static func message(for error: any Error) -> String? {
        switch error {
        case let error as SandboxInstallError: render(error)
        case let error as MalformedInputError: InputProblemWording.message(for: error)
        case let error as ExportFetchError: ExportTextPresenter.render(error)
        case let error as CodeFetchError: "error: \(line(for: error))"
        case let error as MissingCodeSourceError: "error: \(render(error))"
        case let error as RemoteSpecReachError: "error: \(render(error))"
        case let error as SandboxIntegrationError: "error: \(render(error))"
        case let error as NotLockedError: "error: \(render(error))"
        case let error as NewerLockfileError: "Depsfile.lock: error: \(render(error))"
        case let error as ManifestExistsError: "Depsfile: error: \(render(error))"
        case let error as InvalidStarterSourceError: "error: \(render(error))"
        case let error as PodfileImportError: ImportTextPresenter.render(error)
        case let error as PodfileMissingError: "error: \(ImportTextPresenter.render(error)); run it where the Podfile is, or pass --project DIR"
        case let error as ImportWouldOverwriteError: "\(error.files.first ?? "Depsfile"): error: \(ImportTextPresenter.render(error))"
        case let error as ResolutionFailure: ResolutionFailureTextPresenter.render(error)
        case let error as UnknownPackagesError: "error: \(render(error))"
        case let error as MissingLockfileError: render(error)
        case let error as SpecCatalogError: "error: \(render(error))"
        case let error as VersionAlreadyPublishedError: "error: \(RepoPushTextPresenter.render(error))"
        case let error as UnpublishableSpecError: "error: \(RepoPushTextPresenter.render(error))"
        case let error as UnavailableError: "\(MessageText.escaped(error.location)): error: \(render(error.reason))"
        case let error as XcodeSettingsError: render(error)
        case let error as SwiftManifestError: "error: \(render(error))"
        case let error as RequirementError: "error: invalid requirement '\(MessageText.escaped(error.text))'"
        case let error as VersionError: "error: invalid version '\(MessageText.escaped(error.text))'"
        case let error as PackageNameError: "error: invalid package name '\(MessageText.escaped(error.text))'"
        case let error as SwiftRegistryError: "error: \(render(error))"
        case let error as SwiftRegistryIdentityError: "error: \(render(error))"
        case let error as PropertyListError where error.cause == .conflictMarker:
            "\(error)\nResolve the conflict in the project file (keep both sides' lines), then run deps install: it writes deps' own objects again."
        default: nil
        }
    }
}

extension ErrorTextPresenter {
    /// Why it is unavailable, and what helps.
    static func render(_ reason: UnavailableError.Reason) -> String {
        switch reason {
        case let .notCachedWhileOffline(lacking):
            "not in the cache\(lacking.map { " (\(words(for: $0, offline: true)))" } ?? ""); --offline does not fetch"
        case .neverClonedWhileOffline:
            "this git spec repository is not in the cache yet (never cloned); --offline does not fetch"
        case .refreshWhileOffline:
            "--offline cannot refresh a spec repository"
        case .noSuchSpec:
            "no such spec"
        case let .specMissingFromServer(name, version):
            "the index lists \(MessageText.escaped(name)) \(MessageText.escaped(version)), but the server has no podspec for it (404)"
        case .notACocoaPodsCDN:
            "not found (404): this is not a CocoaPods CDN"
        case let .serverAnswered(status):
            "the server answered \(status)"
        case .noSuchSpecRepository:
            "no such spec repository (a directory relative to the Depsfile)"
        case .specRepositoryNotADirectory:
            "is not a directory; a spec repository is a directory"
        case .needsCache:
            "a git external source needs the shared cache to be checked out"
        case let .noSpecInCheckout(name, reference):
            "the checkout at \(MessageText.escaped(reference)) has none of \(MessageText.escaped(name)).yaml, "
                + "\(MessageText.escaped(name)).podspec.json or \(MessageText.escaped(name)).podspec at its root"
        case .notServableByCDN:
            "a mirror serves CocoaPods' podspec.json; this spec is deps' YAML, which a CDN cannot serve"
        case let .cacheReadOnly(root, lacking, reason):
            readOnlyCache(root: root, lacking: lacking, reason: reason)
        case let .gitFailed(failure):
            MessageText.escaped(failure.reason)
        case .notMirrorable:
            "deps mirror cannot read spec files from this source"
        case let .noManifest(directory):
            "no Depsfile in \(MessageText.escaped(directory)); `deps init` writes one (or `deps import`, beside a CocoaPods Podfile)"
        case let .unreachable(cause, networkDown):
            MessageText.escaped(cause.causeDescription) + (networkDown
                ? "; without the network, list a spec directory or a git spec repository in the Depsfile's"
                    + " `sources:`, point `trunk` at a mirror with DEPS_TRUNK_URL, or use --offline with a warm cache"
                : "")
        }
    }

    /// `not in the cache (no mirror of this repository), and deps cannot add it: the cache … is read-only (…)`.
    static func readOnlyCache(root: String, lacking: CacheLack, reason: FileProblem) -> String {
        "not in the cache (\(words(for: lacking, offline: false))), and deps cannot add it: the cache \(MessageText.escaped(root)) "
            + "is read-only (\(reason))"
    }

    /// What the cache lacks, values escaped; `offline` when nothing is fetched (rather than the
    /// cache being read-only), where a missing mirror is said to be missing from the cache.
    static func words(for lack: CacheLack, offline: Bool) -> String {
        func e(_ text: String) -> String { MessageText.escaped(text) }
        return switch lack {
        case .mirror: offline ? "no mirror of this repository in the cache" : "no mirror of this repository"
        case .damagedMirror: "the cache's mirror of this repository is damaged"
        case let .commitStarting(digits): "the cache's mirror has no commit starting \(e(digits))"
        case let .commit(commit): "the cache's mirror lacks commit \(e(commit))"
        case let .reference(reference): "the cache's mirror has no \(e(reference))"
        case let .newestCommit(branch?): "branch \(e(branch))'s newest commit, which needs a fetch"
        case .newestCommit(nil): "the default branch's newest commit, which needs a fetch"
        case let .tree(name, version, pin): "no tree of \(e(name)) \(e(version)) at \(e(pin))"
        case .archive: "no copy of the archive"
        case let .file(path?): e(path)
        case .file(nil): "this file"
        case .specRepositoryNewestCommit: "its newest commit, which needs a fetch"
        case .specRepositoryClone: "this git spec repository was never cloned"
        }
    }
}

extension ErrorTextPresenter {
    /// Every problem of the Depsfile's `xcode:`, one `Depsfile:LINE: error:` line each.
    public static func render(_ error: XcodeSettingsError) -> String {
        error.problems.map { problem in
            switch problem {
            case let .unknownTarget(project, target, line, projectTargets, closest):
                let escaped = MessageText.escaped
                var text = "Depsfile:\(line): error: \(escaped(project)) has no target '\(escaped(target))'"
                if let closest { text += "; did you mean '\(escaped(closest))'?" }
                text += projectTargets.isEmpty ? " (it has no targets)" : " (its targets: \(projectTargets.map(escaped).joined(separator: ", ")))"
                return text
            case let .unknownPackage(target, package, line):
                return "Depsfile:\(line): error: target '\(MessageText.escaped(target))' links \(package), which is neither a dependency of the Depsfile nor in Depsfile.lock"
            case let .unknownProduct(target, package, product, line, products):
                let escaped = MessageText.escaped
                return "Depsfile:\(line): error: target '\(escaped(target))' links \(package)/\(escaped(product)), but the Swift package \(package) has no library product '\(escaped(product))'"
                    + (products.isEmpty ? " (it has none)" : " (its products: \(products.map(escaped).joined(separator: ", ")))")
            }
        }.joined(separator: "\n")
    }
}
