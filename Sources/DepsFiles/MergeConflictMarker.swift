import DepsFileSystem
/// A line left by an unresolved merge: `<<<<<<<`, `=======`, `|||||||` or `>>>>>>>` at its start.
package struct MergeConflictMarker {
    package let line: Int
    package let text: String

    static let prefixes = ["<<<<<<<", "|||||||", "=======", ">>>>>>>"]

    package static func first(in bytes: [UInt8]) -> MergeConflictMarker? {
        var line = 1
        var lineStart = 0
        for index in 0...bytes.count {
            guard index == bytes.count || bytes[index] == UInt8(ascii: "\n") else { continue }
            let content = bytes[lineStart..<index]
            for prefix in prefixes where content.starts(with: prefix.utf8) {
                let rest = content.dropFirst(prefix.utf8.count)
                if rest.isEmpty || rest.first == UInt8(ascii: " ") || rest.first == UInt8(ascii: "\r") {
                    return MergeConflictMarker(line: line, text: prefix)
                }
            }
            line += 1
            lineStart = index + 1
        }
        return nil
    }
}
