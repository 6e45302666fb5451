// Fuzz target for the reader of Xcode's project files, compiled into one module with
// Sources/DepsPropertyList (DepsFailures linked in as its own module).
//
// Any bytes may be handed to PropertyListParser.parse: it either throws a PropertyListError at a
// line of the input and a column of that line, or returns a tree whose every node's range lies
// inside the input, in order. On a tree: no edit gives the same bytes; a quoted or unquoted
// string's own bytes read alone give the same string; removing a dictionary's entry (its bytes,
// `;` included) or adding one at its start reads back with one entry fewer or more, and the
// others unchanged. A crash, a trap, a leak or a hang is a bug.

import DepsFailures

private let fileName = "project.pbxproj"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let root: PropertyListNode
    do {
        root = try PropertyListParser.parse(bytes, file: fileName)
    } catch {
        let lines = bytes.count { $0 == 0x0A } + 1
        guard error.file == fileName, (1...lines).contains(error.line), error.column >= 1,
              error.description.hasPrefix("\(fileName):\(error.line):\(error.column): error: ") else {
            fatalError("badly located error for \(quoted(bytes)): \(error)")
        }
        return 0
    }
    guard PropertyListEdit().applied(to: bytes) == bytes else { fatalError("an empty edit changed \(quoted(bytes))") }
    check(root, in: bytes, depth: 0)
    return 0
}

private func check(_ node: PropertyListNode, in bytes: [UInt8], depth: Int) {
    guard node.range.lowerBound >= 0, node.range.upperBound <= bytes.count else {
        fatalError("a node's range \(node.range) is outside \(quoted(bytes))")
    }
    switch node.value {
    case let .string(text):
        let alone = try? PropertyListParser.parse(Array(bytes[node.range]), file: fileName)
        guard alone?.string == text else { fatalError("the string \(quoted(Array(bytes[node.range]))) reads differently alone") }
    case let .array(items):
        var last = node.range.lowerBound
        for item in items {
            guard item.range.lowerBound >= last else { fatalError("array items out of order in \(quoted(bytes))") }
            last = item.range.upperBound
            if depth < 8 { check(item, in: bytes, depth: depth + 1) }
        }
    case let .dictionary(entries):
        var last = node.range.lowerBound
        for entry in entries {
            guard entry.range.lowerBound >= last, entry.value.range.upperBound < entry.range.upperBound else {
                fatalError("dictionary entries out of order in \(quoted(bytes))")
            }
            last = entry.range.upperBound
            if depth < 8 { check(entry.value, in: bytes, depth: depth + 1) }
        }
        if depth < 3 { checkEdits(node, entries, in: bytes) }
    }
}

/// A dictionary with one entry taken out, or one added first, reads back with the others kept.
private func checkEdits(_ node: PropertyListNode, _ entries: [PropertyListEntry], in bytes: [UInt8]) {
    var adding = PropertyListEdit()
    adding.insert(" fuzzKey = \"fuzz value\";", at: node.range.lowerBound + 1)
    let added = adding.applied(to: bytes)
    guard let reread = find(node.range.lowerBound, in: try? PropertyListParser.parse(added, file: fileName)),
          reread.entries?.map(\.key) == ["fuzzKey"] + entries.map(\.key) else {
        fatalError("adding an entry to \(quoted(Array(bytes[node.range]))) did not read back")
    }
    guard let first = entries.first else { return }
    var removing = PropertyListEdit()
    removing.delete(first.range)
    let removed = removing.applied(to: bytes)
    guard let shorter = find(node.range.lowerBound, in: try? PropertyListParser.parse(removed, file: fileName)),
          shorter.entries?.map(\.key) == entries.dropFirst().map(\.key) else {
        fatalError("removing '\(first.key)' from \(quoted(Array(bytes[node.range]))) did not read back")
    }
}

/// The dictionary that starts at `offset`.
private func find(_ offset: Int, in node: PropertyListNode?) -> PropertyListNode? {
    guard let node else { return nil }
    if node.range.lowerBound == offset, node.entries != nil { return node }
    switch node.value {
    case .string: return nil
    case let .array(items): return items.lazy.compactMap { find(offset, in: $0) }.first
    case let .dictionary(entries): return entries.lazy.compactMap { find(offset, in: $0.value) }.first
    }
}
