import DepsCore

/// Words the errors the core reports as data, naming the flag or the command that helps.
public enum ErrorTextPresenter {
    /// `Alamofire: https://…: the cause`.
    public static func line(for failure: CodeFetchError) -> String {
        "\(failure.name): \(MessageText.escaped(failure.url)): \(MessageText.escaped(failure.cause))"
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
