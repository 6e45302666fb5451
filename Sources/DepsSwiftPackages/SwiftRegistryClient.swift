import DepsCache
import DepsCore
import DepsFailures
import DepsFiles
import DepsFileSystem
import DepsHTTP
import DepsYAML

/// The endpoints of a Swift package registry (SE-0292) that resolving and fetching a package
/// need, over HTTP: a package's release list, a release's metadata (the source archive's
/// checksum), its `Package.swift`, and its source archive, checked against that checksum. Each
/// request asks for version 1 of the API in its `Accept` header; an answer of 404 or another
/// unsuccessful status is a `SwiftRegistryError` naming the package and the URL.
///
/// Not done: the version-specific manifests (`Package@swift-X.swift`, listed by the `Link`
/// header of the `Package.swift` answer and fetched with `?swift-version=`), the `Content-Version`
/// header check, signed releases, and the identifiers lookup by URL.
public struct SwiftRegistryClient: Sendable {
    /// The registry's URL, without a trailing slash.
    public let baseURL: String
    let http: any HTTPTransport
    /// Where answers are downloaded before they are read (its temporary folder).
    let cache: CodeCache

    /// The media types of SE-0292's version 1: JSON answers, a manifest, a source archive.
    public enum MediaType {
        public static let json = "application/vnd.swift.registry.v1+json"
        public static let swift = "application/vnd.swift.registry.v1+swift"
        public static let zip = "application/vnd.swift.registry.v1+zip"
    }

    public init(baseURL: String, http: any HTTPTransport, cache: CodeCache) {
        var base = Substring(baseURL)
        while base.hasSuffix("/") { base = base.dropLast() }
        self.baseURL = String(base)
        self.http = http
        self.cache = cache
    }

    /// `{base}/{scope}/{name}`.
    public func url(of package: SwiftRegistryIdentity) -> String {
        "\(baseURL)/\(package.scope)/\(package.name)"
    }

    /// `{base}/{scope}/{name}/{version}`, the release's metadata.
    public func url(of package: SwiftRegistryIdentity, release: SwiftRegistryRelease) -> String {
        url(of: package) + "/" + release.name
    }

    /// `{base}/{scope}/{name}/{version}/Package.swift`.
    public func manifestURL(of package: SwiftRegistryIdentity, release: SwiftRegistryRelease) -> String {
        url(of: package, release: release) + "/Package.swift"
    }

    /// `{base}/{scope}/{name}/{version}.zip`.
    public func archiveURL(of package: SwiftRegistryIdentity, release: SwiftRegistryRelease) -> String {
        url(of: package, release: release) + ".zip"
    }

    /// The package's releases, sorted by version: `{"releases": {"1.1.1": {"url": …}, …}}`, less
    /// those with a `problem` and those that are not semantic versions.
    public func releases(of package: SwiftRegistryIdentity) async throws -> [SwiftRegistryRelease] {
        let url = url(of: package)
        let bytes = try await body(of: url, accepting: MediaType.json, for: package)
        let document = YAMLDocument(file: url)
        var listed: [(name: String, isAvailable: Bool)] = []
        do throws(MalformedInputError) {
            let root = try document.root(of: bytes, expecting: .registryReleaseList)
            let fields = try Self.fields(root, document, .document(.registryReleaseList))
            for pair in try document.mapping(fields["releases"] ?? .null, .field("releases")) {
                let release = try Self.fields(pair.value, document, .entry(.release))
                listed.append((try document.key(pair), release["problem"].map(\.isNull) ?? true))
            }
        } catch {
            throw SwiftRegistryError(package: package, url: url, cause: .unreadableAnswer(error))
        }
        return SwiftRegistryRelease.releases(fromList: listed)
    }

    /// The SHA-256 (lower-case hex) of the release's source archive, as its metadata gives it:
    /// the resource named `source-archive` of type `application/zip`.
    public func archiveChecksum(of package: SwiftRegistryIdentity, release: SwiftRegistryRelease) async throws -> String {
        let url = url(of: package, release: release)
        let bytes = try await body(of: url, accepting: MediaType.json, for: package)
        let document = YAMLDocument(file: url)
        do throws(MalformedInputError) {
            let root = try document.root(of: bytes, expecting: .registryReleaseMetadata)
            let fields = try Self.fields(root, document, .document(.registryReleaseMetadata))
            for item in try document.sequence(fields["resources"] ?? .null, .field("resources")) {
                let resource = try Self.fields(item, document, .entry(.resource))
                func text(_ key: String) throws(MalformedInputError) -> String? {
                    guard let node = resource[key] else { return nil }
                    return try document.scalar(node, .fieldOfEntry("\(key)", .resource))
                }
                guard try text("name") == "source-archive", try text("type") == "application/zip",
                      let checksum = try text("checksum"), Self.isSHA256(checksum)
                else { continue }
                return checksum.lowercased()
            }
        } catch {
            throw SwiftRegistryError(package: package, url: url, cause: .unreadableAnswer(error))
        }
        throw SwiftRegistryError(package: package, url: url, cause: .noSourceArchive)
    }

    /// The release's `Package.swift`, as the registry serves it.
    public func manifest(of package: SwiftRegistryIdentity, release: SwiftRegistryRelease) async throws -> [UInt8] {
        try await body(of: manifestURL(of: package, release: release), accepting: MediaType.swift, for: package)
    }

    /// Downloads the release's source archive to `destination` once its SHA-256 is `checksum`;
    /// an archive whose SHA-256 differs is refused, and `destination` is then left as it was.
    public func downloadArchive(
        of package: SwiftRegistryIdentity, release: SwiftRegistryRelease, checksum: String, to destination: LocalPath
    ) async throws {
        let url = archiveURL(of: package, release: release)
        let fileSystem = cache.fileSystem
        let temporary = try await download(url, accepting: MediaType.zip, for: package)
        defer { fileSystem.removeFile(temporary) }
        let actual = try SHA256Digest.hex(ofFileAt: temporary, shownAs: url, fileSystem: fileSystem)
        guard actual == checksum.lowercased() else {
            throw SwiftRegistryError(package: package, url: url, cause: .checksumMismatch(expected: checksum.lowercased(), actual: actual))
        }
        try fileSystem.move(temporary, to: destination, shownAs: destination.string)
    }

    /// The body `url` answers with, read whole.
    private func body(of url: String, accepting mediaType: String, for package: SwiftRegistryIdentity) async throws -> [UInt8] {
        let temporary = try await download(url, accepting: mediaType, for: package)
        defer { cache.fileSystem.removeFile(temporary) }
        return try cache.fileSystem.readFile(temporary, shownAs: url)
    }

    /// Downloads `url` into a temporary file of the cache, which the caller removes.
    private func download(_ url: String, accepting mediaType: String, for package: SwiftRegistryIdentity) async throws -> LocalPath {
        try cache.prepareOnce()
        let temporary = cache.temporaryPath("registry")
        let response = try await http.download(url, to: temporary.string, ifNoneMatch: nil, headers: ["Accept": mediaType])
        guard response.isSuccess else {
            cache.fileSystem.removeFile(temporary)
            throw SwiftRegistryError(package: package, url: url, cause: response.status == 404 ? .notFound : .serverAnswered(response.status))
        }
        return temporary
    }

    private static func fields(_ node: YAMLNode, _ document: YAMLDocument, _ what: YAMLFieldSubject) throws(MalformedInputError) -> [String: YAMLNode] {
        var fields: [String: YAMLNode] = [:]
        for pair in try document.mapping(node, what) { fields[try document.key(pair)] = pair.value }
        return fields
    }

    /// Sixty-four hexadecimal digits.
    static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }
}
