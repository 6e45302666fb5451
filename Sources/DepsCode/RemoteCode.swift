import Synchronization
import DepsCore
import DepsFiles
import DepsFileSystem
import DepsHTTP
import DepsFailures

/// A store of code on the network in the `code/` layout (BEHAVIOUR 14): a mirror made by
/// `deps mirror`, served by any static server, or the remote cache (`DEPS_REMOTE_CACHE`),
/// which also takes uploads.
///
/// ```
/// <base>/code/archives/<sha256>       an archive, by the SHA-256 SOURCE CHECKSUMS records
/// <base>/code/git/<commit>.pack       a git packfile: the commit and every object of its tree
/// ```
///
/// Objects are named by the lock's pin alone, so every project and every machine that pins the
/// same code shares one object, and each object proves itself: an archive by its digest, a
/// packfile by git's own object names (git indexes it, computing every object's id, and the
/// commit names its tree).
public struct RemoteCodeStore: Sendable, Equatable {
    public enum Role: Sendable, Equatable {
        /// A mirror: read only.
        case mirror
        /// The remote cache: read, and written after a miss when `push`.
        case remoteCache(push: Bool)
    }

    /// The store's URL, ending in `/`; `code/` is below it.
    public let baseURL: String
    public let role: Role

    public init(baseURL: String, role: Role) {
        self.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        self.role = role
    }

    /// `code/archives/<sha256>`.
    public static func archivePath(_ digest: String) -> String { "code/archives/\(digest)" }
    /// `code/git/<commit>.pack`.
    public static func gitPackPath(_ commit: String) -> String { "code/git/\(commit).pack" }

    func url(_ relative: String) -> String { baseURL + relative }

    var warningStore: RemoteCodeWarning.Store { role == .mirror ? .mirror : .remoteCache }

    var takesUploads: Bool { role == .remoteCache(push: true) }

    /// A URL as it may be printed: without a login written into it (`https://user:secret@host/`).
    public static func shown(_ url: String) -> String {
        guard let schemeEnd = url.firstRange(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" }
        guard let at = authority.lastIndex(of: "@") else { return url }
        return String(url[..<schemeEnd.upperBound]) + String(rest[rest.index(after: at)...])
    }
}

/// The remote stores one run asks for code before the origins, in order (mirrors first, then the
/// remote cache), and what the run learnt of them: a store that did not answer is not asked
/// again, an upload the server refused is not tried again.
public final class RemoteCode: Sendable {
    let stores: [RemoteCodeStore]
    let http: any HTTPTransport
    let warn: @Sendable (RemoteCodeWarning) -> Void
    private let state = Mutex(State())

    private struct State {
        var unreachable: Set<String> = []
        var refusingUploads: Set<String> = []
    }

    /// - Parameters:
    ///   - http: the client for the stores: its timeout is what a store that is down or slow costs.
    ///   - warn: told of every store failure the install goes on without.
    public init(stores: [RemoteCodeStore], http: any HTTPTransport, warn: @escaping @Sendable (RemoteCodeWarning) -> Void) {
        self.stores = stores
        self.http = http
        self.warn = warn
    }

    /// Downloads the object at `relative` from the first store that has it and whose copy passes
    /// `verify` (nil: it is the pin; else what it is instead), into `destination`. Returns the
    /// store's URL of the object, or nil when no store gave a copy that passed.
    func download(
        _ relative: String, for request: CodeRequest, origin: String, into destination: LocalPath, fileSystem: any FileSystem,
        verify: (LocalPath) async throws -> RemoteCopyProblem?
    ) async throws -> String? {
        for store in stores {
            let url = store.url(relative)
            if state.withLock({ $0.unreachable.contains(store.baseURL) }) { continue }
            fileSystem.removeTree(destination)
            let response: HTTPResponse
            do {
                response = try await http.download(url, to: destination.string)
            } catch let error as HTTPError {
                markUnreachable(store, request, url: url, origin: origin, cause: error)
                continue
            }
            guard response.isSuccess else { continue }
            let problem: RemoteCodeWarning.Detail?
            do {
                problem = try await verify(destination).map { .notThePin($0) }
            } catch is CancellationError {
                throw CancellationError()
            } catch let error as FileAccessError {
                problem = .unreadable(error)
            } catch let error as ChildProcessError {
                problem = .checkNotRun(error)
            }
            guard let problem else { return url }
            fileSystem.removeTree(destination)
            warn(RemoteCodeWarning(
                kind: .refused, store: store.warningStore, package: request.name, url: RemoteCodeStore.shown(url), origin: origin,
                detail: problem))
        }
        return nil
    }

    /// Whether some store would take an upload now.
    var takesUploads: Bool {
        stores.contains { store in
            store.takesUploads && !state.withLock { $0.unreachable.contains(store.baseURL) || $0.refusingUploads.contains(store.baseURL) }
        }
    }

    /// Uploads the file at `file` as `relative` to each store that takes uploads; a failure is a
    /// warning, never an error: the install has its code already.
    func upload(_ file: LocalPath, as relative: String, for request: CodeRequest) async {
        for store in stores where store.takesUploads {
            if state.withLock({ $0.unreachable.contains(store.baseURL) || $0.refusingUploads.contains(store.baseURL) }) { continue }
            let url = store.url(relative)
            do {
                let response = try await http.upload(file: file.string, to: url)
                guard response.isSuccess else {
                    state.withLock { _ = $0.refusingUploads.insert(store.baseURL) }
                    warn(RemoteCodeWarning(
                        kind: .uploadFailed, store: store.warningStore, package: request.name, url: RemoteCodeStore.shown(url), origin: nil,
                        detail: .serverAnswered(response.status)))
                    continue
                }
            } catch let error as HTTPError {
                state.withLock { _ = $0.unreachable.insert(store.baseURL) }
                warn(RemoteCodeWarning(
                    kind: .uploadFailed, store: store.warningStore, package: request.name, url: RemoteCodeStore.shown(url), origin: nil,
                    detail: .httpFailed(error)))
            } catch {
                continue
            }
        }
    }

    private func markUnreachable(_ store: RemoteCodeStore, _ request: CodeRequest, url: String, origin: String, cause: HTTPError) {
        let first = state.withLock { $0.unreachable.insert(store.baseURL).inserted }
        guard first else { return }
        warn(RemoteCodeWarning(
            kind: .unreachable, store: store.warningStore, package: request.name, url: RemoteCodeStore.shown(store.baseURL), origin: origin,
            detail: .httpFailed(cause)))
    }
}
