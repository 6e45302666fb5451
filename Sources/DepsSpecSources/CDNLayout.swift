import DepsCore

/// Where a CocoaPods CDN keeps its files, and how its index files read (BEHAVIOUR 9); its
/// shards are `CocoaPodsShards`.
enum CDNLayout {
    /// `all_pods_versions_a_b_c.txt`: the packages of one shard.
    static func indexPath(_ fragments: [String]) -> String {
        "all_pods_versions_\(fragments.joined(separator: "_")).txt"
    }

    /// `Specs/1/2/3/Name/1.0.0/Name.podspec.json`.
    static func specPath(_ name: PackageName, _ spelling: String, _ fragments: [String]) -> String {
        (["Specs"] + fragments + [name.description, spelling, "\(name).podspec.json"]).joined(separator: "/")
    }

    /// A shard index's lines by package name (`Name/1.0.0/1.1.0`), with their line numbers.
    static func parseIndex(_ bytes: [UInt8]) -> [String: (line: Int, text: Substring)] {
        var table: [String: (line: Int, text: Substring)] = [:]
        let text = Substring(String(decoding: bytes, as: UTF8.self))
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            guard !trimmed.isEmpty else { continue }
            let name = String(trimmed.prefix { $0 != "/" })
            if table[name] == nil { table[name] = (number, trimmed) }
        }
        return table
    }

    /// The newest release, else the newest prerelease: the version the resolver tries first.
    static func newest(in versions: some Collection<Version>) -> Version? {
        versions.filter { !$0.isPrerelease }.max() ?? versions.max()
    }
}
