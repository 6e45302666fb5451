import DepsCore
import DepsCocoaPods
import DepsFiles
import DepsFileSystem

/// Fetching ahead of the resolver from a CDN: for each package, its shard index and then its
/// newest release's podspec, one after the other; as each podspec arrives, the same for the
/// packages it depends on. Packages go through without waiting for one another (no level waits
/// for the slowest of the level before it), at most `atOnce` at a time. Everything it finds is
/// handed back to `CDNSpecSource`, which keeps it; nothing here is shared while it runs.
struct CDNCrawl: Sendable {
    let loader: CDNFileLoader
    let prefixLengths: [Int]

    /// What a crawl fetched: every file loaded, the newest release's spec of each package visited
    /// (decoded), and the packages visited.
    struct Found: Sendable {
        var loads: [CDNFileLoader.Load] = []
        var specifications: [(name: PackageName, version: Version, specification: Specification)] = []
        var visited: Set<PackageName> = []
    }

    /// Crawls from `roots`, visiting at most `limit` packages. `known` holds the files this run
    /// has already (nil: the server has none), which are not fetched again. A file that cannot be
    /// fetched is left out: the read that needs it fetches it again and reports why.
    @concurrent
    func run(from roots: [PackageName], known: [String: [UInt8]?], limit: Int, atOnce: Int) async -> Found {
        var found = Found()
        var queue = roots.filter { found.visited.insert($0).inserted }
        var next = 0
        await withTaskGroup(of: Visit.self) { group in
            var running = 0
            func startMore() {
                while running < atOnce, next < queue.count {
                    let root = queue[next]
                    next += 1
                    running += 1
                    group.addTask { await visit(root, known: known) }
                }
            }
            startMore()
            while let visit = await group.next() {
                running -= 1
                found.loads += visit.loads
                if let newest = visit.newest {
                    found.specifications.append((visit.root, newest.version, newest.specification))
                    for dependency in Self.declaredDependencies(of: newest.specification) where dependency.name.root != visit.root {
                        let root = dependency.name.root
                        if found.visited.count < limit, found.visited.insert(root).inserted { queue.append(root) }
                    }
                }
                startMore()
            }
        }
        return found
    }

    /// Every dependency a spec declares: its own and its platforms', and those of its subspecs
    /// at any depth (`Firebase/Core` depends on FirebaseAnalytics for iOS only).
    static func declaredDependencies(of specification: Specification) -> [Dependency] {
        specification.dependencies + specification.platformDependencies.values.flatMap { $0 }
            + specification.subspecs.flatMap(declaredDependencies(of:))
    }

    private static func declaredDependencies(of subspec: Subspec) -> [Dependency] {
        subspec.dependencies + subspec.platformDependencies.values.flatMap { $0 }
            + subspec.subspecs.flatMap(declaredDependencies(of:))
    }

    /// One package visited: the files loaded for it, and its newest release's spec if it was found.
    struct Visit: Sendable {
        let root: PackageName
        var loads: [CDNFileLoader.Load] = []
        var newest: (version: Version, specification: Specification)?
    }

    private func visit(_ root: PackageName, known: [String: [UInt8]?]) async -> Visit {
        var visit = Visit(root: root)
        let fragments = CocoaPodsShards.fragments(of: root, prefixLengths)
        guard let index = await file(CDNLayout.indexPath(fragments), known: known, into: &visit),
              let line = CDNLayout.parseIndex(index)[root.description]?.text else { return visit }
        var spellings: [Version: String] = [:]
        for component in line.split(separator: "/").dropFirst() {
            if let version = try? Version(String(component)), spellings[version] == nil { spellings[version] = String(component) }
        }
        guard let version = CDNLayout.newest(in: spellings.keys), let spelling = spellings[version] else { return visit }
        let path = CDNLayout.specPath(root, spelling, fragments)
        guard let bytes = await file(path, known: known, into: &visit),
              let specification = try? PodspecJSONCodec(fileName: loader.url(of: path), relocate: nil).decode(
                  bytes, checksum: SHA256Digest.hex(of: bytes), expectedName: root, expectedVersion: spelling) else { return visit }
        visit.newest = (version, specification)
        return visit
    }

    /// A file's bytes: known already, else loaded (and the load recorded); nil when it has none.
    private func file(_ path: String, known: [String: [UInt8]?], into visit: inout Visit) async -> [UInt8]? {
        if let bytes = known[path] { return bytes }
        guard let loaded = try? await loader.load(path) else { return nil }
        visit.loads.append(CDNFileLoader.Load(path: path, isNeeded: false, result: .success(loaded)))
        return loaded.bytes
    }
}
