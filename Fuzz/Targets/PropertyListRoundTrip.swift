// Fuzz target for the Xcode project-file reader, compiled into one module with
// Sources/DepsPropertyList (DepsFailures is built first as its own module).
//
// Any bytes may be handed to PropertyListParser.parse: it either throws a PropertyListError at a
// line and column of the file, or returns a tree whose every node's range holds that node's
// bytes. A string read from the tree, written back as Xcode writes strings (PropertyListText),
// reads back as the same string. When the tree is a project (XcodeProjectDocument), each object's
// lines come out and go back in byte for byte. A dictionary's first entry spliced out, or an entry
// spliced in before it, reads back with one entry fewer or more and the others unchanged. Errors
// are expected; a crash, a trap, a leak or a hang is a bug.

import DepsFailures

private let fileName = "fuzz.pbxproj"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let root: PropertyListNode
    do {
        root = try PropertyListParser.parse(bytes, file: fileName)
    } catch {
        checkLocated(error, in: bytes)
        return 0
    }
    checkNode(root, in: bytes)
    checkSplices(root, in: bytes, depth: 0)
    if let document = try? XcodeProjectDocument(bytes: bytes, file: fileName) {
        checkDocument(document)
    }
    return 0
}

/// An error names the file, a line of it and a column of that line.
private func checkLocated(_ error: PropertyListError, in bytes: [UInt8]) {
    let lineCount = bytes.count { $0 == 0x0A } + 1
    guard error.file == fileName, (1...lineCount).contains(error.line), error.column >= 1,
          error.description.hasPrefix("\(fileName):\(error.line):\(error.column): error: ")
    else {
        fatalError("badly located error for \(quoted(String(decoding: bytes, as: UTF8.self))): \(error)")
    }
}

/// Each node's range holds its bytes: brackets around lists and dictionaries, quotes around a
/// quoted string, the very text of a bare one; entries run from their key to their `;`.
private func checkNode(_ node: PropertyListNode, in bytes: [UInt8]) {
    precondition(node.range.lowerBound >= 0 && node.range.upperBound <= bytes.count && !node.range.isEmpty, "range out of the file")
    let first = bytes[node.range.lowerBound], last = bytes[node.range.upperBound - 1]
    switch node.value {
    case let .string(text):
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            precondition(last == first && node.range.count >= 2, "a quoted string's range ends at its quote")
        } else {
            precondition(String(decoding: bytes[node.range], as: UTF8.self) == text, "a bare string is its bytes")
        }
        checkWrittenBack(text)
    case let .array(items):
        precondition(first == UInt8(ascii: "(") && last == UInt8(ascii: ")"), "a list's range is its brackets")
        var previous = node.range.lowerBound
        for item in items {
            precondition(item.range.lowerBound > previous, "items in order")
            previous = item.range.upperBound - 1
            checkNode(item, in: bytes)
        }
    case let .dictionary(entries):
        precondition(first == UInt8(ascii: "{") && last == UInt8(ascii: "}"), "a dictionary's range is its braces")
        for entry in entries {
            precondition(bytes[entry.range.upperBound - 1] == UInt8(ascii: ";"), "an entry ends at its ';'")
            precondition(entry.range.contains(entry.value.range.lowerBound) && entry.value.range.upperBound < entry.range.upperBound)
            checkNode(entry.value, in: bytes)
        }
    }
}

/// A string as Xcode writes it reads back as the same string.
private func checkWrittenBack(_ text: String) {
    let written = "{k = \(PropertyListText.string(text));}"
    do {
        let again = try PropertyListParser.parse(Array(written.utf8), file: fileName)
        guard again["k"]?.string == text else {
            fatalError("\(quoted(text)) was written as \(quoted(written)) and read back as \(again["k"]?.string.map(quoted) ?? "nothing")")
        }
    } catch {
        fatalError("\(quoted(text)) was written as \(quoted(written)), which does not read: \(error)")
    }
}

/// Each object's lines, taken out and put back, give the same bytes; the project's queries do
/// not trap.
private func checkDocument(_ document: XcodeProjectDocument) {
    _ = try? document.nativeTargets()
    _ = try? document.checkReferences()
    _ = document.sections()
    _ = document.sectionsLeftEmpty(byRemoving: Set(document.objects.keys))
    for entry in document.objectsNode.entries ?? [] {
        // Splices insert text: lines that are not UTF-8 cannot be put back as text.
        guard let span = document.wholeLines(of: entry.range),
              let lines = String(validating: document.bytes[span], as: UTF8.self) else { continue }
        var removal = PropertyListEdit()
        removal.delete(span)
        var insertion = PropertyListEdit()
        insertion.insert(lines, at: span.lowerBound)
        guard insertion.applied(to: removal.applied(to: document.bytes)) == document.bytes else {
            fatalError("the lines of \(quoted(entry.key)) did not go back byte for byte")
        }
    }
}

/// The dictionaries of the first levels, each edited by splices.
private func checkSplices(_ node: PropertyListNode, in bytes: [UInt8], depth: Int) {
    guard depth < 3 else { return }
    switch node.value {
    case .string: return
    case let .array(items): for item in items { checkSplices(item, in: bytes, depth: depth + 1) }
    case let .dictionary(entries):
        checkEdits(node, entries, in: bytes)
        for entry in entries { checkSplices(entry.value, in: bytes, depth: depth + 1) }
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
