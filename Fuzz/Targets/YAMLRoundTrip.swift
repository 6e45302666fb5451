// Fuzz target for the YAML layer, compiled into one module with Sources/DepsYAML.
//
// Any bytes may be handed to YAMLParser.parse: it either throws a YAMLError that names
// the file and a line of it, or returns a tree. A tree it returns must survive
// YAMLEmitter.emit (with and without blank lines between top-level entries): the emitted
// text parses again to a tree with the same content (`hasSameContent(as:)`, and byte for
// byte), and emitting that tree gives the same text. Errors are expected; a crash, a
// trap, a leak or a hang is a bug.

private let fileName = "fuzz.yaml"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let root: YAMLNode?
    do {
        root = try YAMLParser.parse(bytes, fileName: fileName)
    } catch {
        checkLocated(error, in: bytes)
        return 0
    }
    guard let root else { return 0 }
    checkRoundTrip(root, blankLines: false)
    checkRoundTrip(root, blankLines: true)
    return 0
}

/// An error names the file and a line of it (or the line just past its end).
private func checkLocated(_ error: YAMLError, in bytes: [UInt8]) {
    let description = error.description
    // An upper bound on the lines: YAML also breaks lines at NEL (C2 85), LS (E2 80 A8)
    // and PS (E2 80 A9), so their last bytes count as well.
    let lineBreakBytes: Set<UInt8> = [0x0A, 0x0D, 0x85, 0xA8, 0xA9]
    let lineCount = bytes.count { lineBreakBytes.contains($0) } + 1
    guard error.file == fileName, description.hasPrefix(fileName + ":"),
          (1...lineCount + 1).contains(error.line),
          error.column.map({ $0 >= 1 }) ?? true
    else {
        fatalError("badly located error for \(quoted(bytes)): \(description)")
    }
}

private func checkRoundTrip(_ root: YAMLNode, blankLines: Bool) {
    let text = YAMLEmitter.emit(root, blankLineBetweenTopLevelEntries: blankLines)
    let reparsed: YAMLNode?
    do {
        reparsed = try YAMLParser.parse(Array(text.utf8), fileName: fileName)
    } catch {
        fatalError("emitted text does not parse (\(error)):\n\(quoted(text))\ntree: \(root.content)")
    }
    guard let reparsed else {
        fatalError("emitted text holds no document:\n\(quoted(text))\ntree: \(root.content)")
    }
    guard reparsed.hasSameContent(as: root) else {
        fatalError("emitted text reads back differently:\n\(quoted(text))\nwas: \(root.content)\nnow: \(reparsed.content)")
    }
    // String equality is canonical equivalence (`é` == `e\u{301}`); the bytes must survive too.
    guard hasSameBytes(reparsed, root) else {
        fatalError("emitted text reads back with other bytes:\n\(quoted(text))\nwas: \(root.content)\nnow: \(reparsed.content)")
    }
    let again = YAMLEmitter.emit(reparsed, blankLineBetweenTopLevelEntries: blankLines)
    guard again.utf8.elementsEqual(text.utf8) else {
        fatalError("emitting the re-read tree gives other text:\n\(quoted(text))\nthen:\n\(quoted(again))")
    }
}

/// Whether both trees hold the same values with byte-identical scalars, ignoring marks and styles.
private func hasSameBytes(_ a: YAMLNode, _ b: YAMLNode) -> Bool {
    switch (a.content, b.content) {
    case (.null, .null):
        return true
    case (.scalar(let text, _), .scalar(let other, _)):
        return text.utf8.elementsEqual(other.utf8)
    case (.sequence(let items), .sequence(let others)):
        return items.count == others.count && zip(items, others).allSatisfy(hasSameBytes)
    case (.mapping(let pairs), .mapping(let others)):
        return pairs.count == others.count
            && zip(pairs, others).allSatisfy { hasSameBytes($0.key, $1.key) && hasSameBytes($0.value, $1.value) }
    default:
        return false
    }
}
