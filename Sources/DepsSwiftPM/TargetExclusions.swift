/// What a SwiftPM target must be told to leave out: SwiftPM looks at every file below a target's
/// folder and warns about those it does not know what to do with.
enum TargetExclusions {
    /// The fewest paths that exclude every file but `kept`: a folder that holds nothing kept is
    /// excluded whole, otherwise its other files one by one. A kept folder (a resource folder)
    /// keeps everything inside it.
    static func paths(of files: [String], keeping kept: Set<String>) -> [String] {
        var foldersWithKept: Set<String> = [""]
        for path in kept {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                foldersWithKept.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        var excluded: Set<String> = []
        for file in files where !kept.contains(file) {
            let parts = file.split(separator: "/").map(String.init)
            var prefix = ""
            var chosen: String? = file
            for part in parts.dropLast() {
                let candidate = prefix.isEmpty ? part : prefix + "/" + part
                if kept.contains(candidate) {
                    chosen = nil
                    break
                }
                if !foldersWithKept.contains(candidate) {
                    chosen = candidate
                    break
                }
                prefix = candidate
            }
            if let chosen { excluded.insert(chosen) }
        }
        return excluded.sorted()
    }
}
