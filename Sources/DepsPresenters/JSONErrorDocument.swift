import DepsCore
import DepsFailures

/// `--json`'s document for a failure: `{"error": {...}}` with the status and the message every
/// failure has, and the fields that structure it where the core gave data: a resolution
/// failure's kind, derivation and remedy; the packages whose code could not be fetched.
struct JSONErrorDocument: Encodable {
    struct Body: Encodable {
        let status: Int32
        let message: String
        /// `noSolution`, `cycle` or `missingPackage`.
        var kind: String?
        var derivation: [Step]?
        var suggestedUpdate: [String]?
        var suggestedCommand: String?
        /// The cycle's packages, the first again at the end.
        var cycle: [String]?
        var missingPackage: String?
        var suggestions: [String]?
        /// The Depsfile's other dependencies no source has either.
        var alsoMissing: [String]?
        /// Why a source may lack the missing package (a cached copy to refresh, a layout to fix), worded.
        var notes: [String]?
        var fetchFailures: [FetchFailure]?
        /// Prereleases left out only because no requirement names one, each with its package.
        var unnamedPrereleases: [PackageVersion]?
        /// A file that is not what it claims to be: where.
        var file: String?
        var line: Int?
        var column: Int?
        /// A download or an upload that got no answer.
        var http: HTTPFailure?
        /// git's failure on a spec repository (on a package's, it is in `fetchFailures`).
        var git: GitFailureDocument?
    }

    /// `{"failed": "command", "tool": "git", "command": "clone", "status": 128}`; `notRun` (git
    /// could not be started) and `deadline` (with `seconds`) are the other two.
    struct GitFailureDocument: Encodable {
        let failed: String
        var tool: String?
        var command: String?
        var status: Int32?
        var seconds: Double?
    }

    /// `{"url": …, "cause": "connectionFailed", "connection": "refused", "attempts": 3}`: the URL
    /// without a login, what failed (`HTTPError.Cause`'s case), and its value where it has one.
    struct HTTPFailure: Encodable {
        let url: String
        var cause = ""
        let attempts: Int
        var connection: String?
        var status: Int?
        var path: String?
        var seconds: Double?
    }

    /// `{"package": "RxSwift", "version": "6.0.0-rc.2"}`.
    struct PackageVersion: Encodable {
        let package: String
        let version: String
    }

    /// One step of a derivation; `derivedFrom` names the indices of earlier steps.
    struct Step: Encodable {
        let index: Int
        let cause: String
        let terms: [Term]
        let text: String
        var derivedFrom: [Int]?
        var version: String?
        var inSources: Bool?
        var cycle: [CycleMember]?
    }

    /// `{"package": "Moya", "positive": true, "versions": ">= 15.0.0"}`; the Depsfile's term is
    /// `{"depsfile": true, "positive": ...}`; `versions` is left out when the term covers
    /// every version.
    struct Term: Encodable {
        var package: String?
        var depsfile: Bool?
        let positive: Bool
        var versions: String?
    }

    struct CycleMember: Encodable {
        let package: String
        let version: String
    }

    struct FetchFailure: Encodable {
        let name: String
        let url: String
        /// `unreachable`, `integrity` or `notCached`.
        let kind: String
        let cause: String
        var git: GitFailureDocument?
        var http: HTTPFailure?
    }

    let error: Body

    init(error: Error, message: String, status: Int32) {
        var body = Body(status: status, message: message)
        switch error {
        case let failure as ResolutionFailure:
            Self.describe(failure, in: &body)
        case let failure as SandboxInstallError:
            body.fetchFailures = failure.failures.map(Self.document(for:))
        case let failure as ExportFetchError:
            body.fetchFailures = failure.failures.map(Self.document(for:))
        case let failure as CodeFetchError:
            body.fetchFailures = [Self.document(for: failure)]
        case let failure as MalformedInputError:
            body.file = failure.file
            body.line = failure.line
            body.column = failure.column
        case let failure as HTTPError:
            body.http = Self.document(for: failure)
        case let failure as UnavailableError:
            if case let .gitFailed(git) = failure.reason { body.git = Self.document(for: git) }
        default:
            break
        }
        self.error = body
    }

    private static func describe(_ failure: ResolutionFailure, in body: inout Body) {
        switch failure.kind {
        case .noSolution:
            body.kind = "noSolution"
            if !failure.missingVersionNotes.isEmpty {
                body.notes = failure.missingVersionNotes.map { ResolutionFailureTextPresenter.sentence(for: $0.note, versionOf: $0.package) }
            }
        case let .cycle(names):
            body.kind = "cycle"
            body.cycle = names.map(\.description)
        case let .missingPackage(name, suggestions):
            body.kind = "missingPackage"
            body.missingPackage = name.description
            body.suggestions = suggestions.map(\.description)
            if !failure.otherMissingPackages.isEmpty { body.alsoMissing = failure.otherMissingPackages.map(\.description) }
            if !failure.missingPackageNotes.isEmpty {
                body.notes = failure.missingPackageNotes.map { ResolutionFailureTextPresenter.sentence(for: $0, name: name) }
            }
        }
        let wording = DerivationWording(derivation: failure.derivation)
        body.derivation = failure.derivation.steps.indices.map { index in
            document(for: failure.derivation.steps[index], at: index, text: wording.describe(index))
        }
        body.suggestedUpdate = failure.suggestedUpdate.map(\.description)
        body.suggestedCommand = ResolutionFailureTextPresenter.suggestedCommand(for: failure)
        if !failure.unnamedPrereleases.isEmpty {
            body.unnamedPrereleases = failure.unnamedPrereleases.map {
                PackageVersion(package: $0.package.description, version: $0.version.description)
            }
        }
    }

    private static func document(for step: DerivationStep, at index: Int, text: String) -> Step {
        let terms = step.terms.map { term in
            let versions = DerivationWording.describe(term.versions)
            switch term.subject {
            case .depsfile:
                return Term(depsfile: true, positive: term.isPositive)
            case let .package(name), let .packageAlone(name):
                return Term(package: name.description, positive: term.isPositive, versions: versions.isEmpty ? nil : versions)
            }
        }
        switch step.cause {
        case .depsfile:
            return Step(index: index, cause: "depsfile", terms: terms, text: text)
        case .dependency:
            return Step(index: index, cause: "dependency", terms: terms, text: text)
        case .noVersions:
            return Step(index: index, cause: "noVersions", terms: terms, text: text)
        case .missingPackage:
            return Step(index: index, cause: "missingPackage", terms: terms, text: text)
        case let .pin(version, inSources):
            return Step(index: index, cause: "pin", terms: terms, text: text, version: version.description, inSources: inSources)
        case let .cycle(members):
            return Step(index: index, cause: "cycle", terms: terms, text: text, cycle: members.map(document(for:)))
        case let .unavoidableCycle(members):
            return Step(index: index, cause: "unavoidableCycle", terms: terms, text: text, cycle: members.map(document(for:)))
        case .prereleaseNotNamed:
            return Step(index: index, cause: "prereleaseNotNamed", terms: terms, text: text)
        case let .derived(conflict, other):
            return Step(index: index, cause: "derived", terms: terms, text: text, derivedFrom: [conflict, other])
        }
    }

    private static func document(for member: DerivationStep.CycleMember) -> CycleMember {
        CycleMember(package: DerivationWording.name(of: member.subject), version: member.version.description)
    }

    private static func document(for failure: CodeFetchError) -> FetchFailure {
        let kind = switch failure.kind {
        case .unreachable: "unreachable"
        case .integrity: "integrity"
        case .notCached: "notCached"
        }
        var document = FetchFailure(name: failure.name.description, url: failure.url, kind: kind, cause: ErrorTextPresenter.cause(of: failure))
        switch failure.cause {
        case let .gitFailed(git): document.git = Self.document(for: git)
        case let .httpFailed(http): document.http = Self.document(for: http)
        default: break
        }
        return document
    }

    static func document(for failure: HTTPError) -> HTTPFailure {
        var document = HTTPFailure(url: HTTPError.withoutCredentials(failure.url), attempts: failure.attempts)
        switch failure.cause {
        case .timedOut: document.cause = "timedOut"
        case let .deadlineExceeded(seconds, _):
            document.cause = "deadlineExceeded"
            document.seconds = seconds
        case let .serverError(status):
            document.cause = "serverError"
            document.status = status
        case .truncated: document.cause = "truncated"
        case let .connectionFailed(connection):
            document.cause = "connectionFailed"
            document.connection = switch connection {
            case .refused: "refused"
            case .emptyReply: "emptyReply"
            case .broken: "broken"
            case .hostUnresolved: "hostUnresolved"
            }
        case .unsupportedScheme: document.cause = "unsupportedScheme"
        case .unsendableHeader: document.cause = "unsendableHeader"
        case .requestNotSent: document.cause = "requestNotSent"
        case let .unreadableFile(path):
            document.cause = "unreadableFile"
            document.path = path
        case let .unwritableFile(path):
            document.cause = "unwritableFile"
            document.path = path
        case .noStatus: document.cause = "noStatus"
        case .tooManyRedirects: document.cause = "tooManyRedirects"
        case .transferFailed, .engineUnavailable: document.cause = "transferFailed"
        }
        return document
    }

    static func document(for failure: GitFailure) -> GitFailureDocument {
        switch failure {
        case .notRun: GitFailureDocument(failed: "notRun")
        case let .command(command, _): GitFailureDocument(failed: "command", tool: command.tool, command: command.subcommand, status: command.status)
        case let .deadline(deadline): GitFailureDocument(failed: "deadline", seconds: deadline.seconds)
        }
    }
}
