import DepsFileSystem
/// A line left by an unresolved merge: `<<<<<<<`, `=======`, `|||||||` or `>>>>>>>` at its start.
package struct MergeConflictMarker {
    package let line: Int
    package let text: String

    package static func first(in bytes: [UInt8]) -> MergeConflictMarker? {
        bytes.withUnsafeBufferPointer { buffer in
            var line = 1
            var lineStart = 0
            while lineStart < buffer.count {
                var lineEnd = lineStart
                while lineEnd < buffer.count, buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                // Most lines start with none of the markers' characters: one byte says so.
                if let marker = marker(buffer, from: lineStart, to: lineEnd) {
                    return MergeConflictMarker(line: line, text: marker)
                }
                line += 1
                lineStart = lineEnd + 1
            }
            return nil
        }
    }

    /// The marker the line `buffer[start..<end]` starts with, if any.
    private static func marker(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String? {
        let length = 7
        guard end - start >= length else { return nil }
        let first = buffer[start]
        guard first == UInt8(ascii: "<") || first == UInt8(ascii: "|") || first == UInt8(ascii: "=") || first == UInt8(ascii: ">") else {
            return nil
        }
        for index in start + 1 ..< start + length where buffer[index] != first { return nil }
        if start + length < end {
            let next = buffer[start + length]
            guard next == UInt8(ascii: " ") || next == UInt8(ascii: "\r") else { return nil }
        }
        return String(repeating: Character(Unicode.Scalar(first)), count: length)
    }
}
