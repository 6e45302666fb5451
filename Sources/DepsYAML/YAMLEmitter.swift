/// Writes a node tree as block-style YAML.
///
/// The layout is the one of CocoaPods' Podfile.lock, with two-space indentation:
///
/// ```
/// PACKAGES:
///   - Alamofire (5.9.1)
///   - Moya (15.0.0):
///     - Alamofire (~> 5.0)
/// SPEC CHECKSUMS:
///   Alamofire: 9f86d0
/// DEPS: 0.1.0
/// ```
///
/// - A mapping's pairs are written `key: value`, one per line. A collection value starts on
///   the next line, two columns deeper than the key; but a sequence that is the value of a
///   key in a mapping which is itself a sequence item sits at the key's column (as `Moya`'s
///   dependencies above).
/// - A sequence's items are written `- item`. A mapping item starts on the dash line and its
///   other keys line up under the first; a sequence item does the same (`- - a`).
/// - An empty value is written as nothing (`key:`, `-`), or `~` when it is the whole
///   document; an empty sequence is `[]` and an empty mapping `{}`.
/// - A key longer than libyaml accepts for an implicit key is written `? key` with its
///   value on the next line after `:`.
/// - Scalars are plain when that reads back as the same string, quoted otherwise.
///
/// Mapping keys must be scalars (or empty values, written `~`).
public enum YAMLEmitter {
    /// Block-style YAML text ending in one newline.
    public static func emit(_ root: YAMLNode, blankLineBetweenTopLevelEntries: Bool = false) -> String {
        var writer = BlockWriter(blankLineBetweenTopLevelEntries: blankLineBetweenTopLevelEntries)
        writer.writeDocument(root)
        return writer.output
    }
}

private struct BlockWriter {
    /// libyaml refuses implicit keys longer than 1024 characters; stay clear of that in bytes.
    static let longestImplicitKey = 1000

    let blankLineBetweenTopLevelEntries: Bool
    var output = ""

    init(blankLineBetweenTopLevelEntries: Bool) {
        self.blankLineBetweenTopLevelEntries = blankLineBetweenTopLevelEntries
    }

    mutating func writeDocument(_ root: YAMLNode) {
        switch root.content {
        case .null:
            output += "~\n"
        case .scalar, .sequence([]), .mapping([]):
            output += Self.inlineText(root) ?? ""
            output += "\n"
        case .sequence(let items):
            writeSequence(items, indent: 0, continuesLine: false, isTopLevel: true)
        case .mapping(let pairs):
            writeMapping(pairs, indent: 0, continuesLine: false, isSequenceItem: false, isTopLevel: true)
        }
    }

    /// Writes items at `indent`; when `continuesLine`, the first dash goes where the line is.
    private mutating func writeSequence(_ items: [YAMLNode], indent: Int, continuesLine: Bool, isTopLevel: Bool) {
        for (index, item) in items.enumerated() {
            startEntry(index: index, indent: indent, continuesLine: continuesLine, isTopLevel: isTopLevel)
            output += "-"
            switch item.content {
            case .sequence(let inner) where !inner.isEmpty:
                output += " "
                writeSequence(inner, indent: indent + 2, continuesLine: true, isTopLevel: false)
            case .mapping(let pairs) where !pairs.isEmpty:
                output += " "
                writeMapping(pairs, indent: indent + 2, continuesLine: true, isSequenceItem: true, isTopLevel: false)
            default:
                writeInlineValue(item)
            }
        }
    }

    /// Writes pairs at `indent`; when `continuesLine`, the first key goes where the line is.
    private mutating func writeMapping(
        _ pairs: [YAMLNode.Pair], indent: Int, continuesLine: Bool, isSequenceItem: Bool, isTopLevel: Bool
    ) {
        for (index, pair) in pairs.enumerated() {
            startEntry(index: index, indent: indent, continuesLine: continuesLine, isTopLevel: isTopLevel)
            let key = Self.keyText(pair.key)
            if key.utf8.count > Self.longestImplicitKey {
                output += "? " + key + "\n"
                writeIndent(indent)
                output += ":"
            } else {
                output += key + ":"
            }
            switch pair.value.content {
            case .sequence(let items) where !items.isEmpty:
                output += "\n"
                writeSequence(items, indent: isSequenceItem ? indent : indent + 2, continuesLine: false, isTopLevel: false)
            case .mapping(let inner) where !inner.isEmpty:
                output += "\n"
                writeMapping(inner, indent: indent + 2, continuesLine: false, isSequenceItem: false, isTopLevel: false)
            default:
                writeInlineValue(pair.value)
            }
        }
    }

    /// Ends the current line (after `-` or `key:`) with a value that fits on it.
    private mutating func writeInlineValue(_ node: YAMLNode) {
        if let text = Self.inlineText(node) {
            output += " "
            output += text
        }
        output += "\n"
    }

    /// A scalar or an empty collection as written on one line; nil for an empty value.
    private static func inlineText(_ node: YAMLNode) -> String? {
        switch node.content {
        case .null: return nil
        case .scalar(let text, _): return ScalarNotation.written(text)
        case .sequence: return "[]"
        case .mapping: return "{}"
        }
    }

    private mutating func startEntry(index: Int, indent: Int, continuesLine: Bool, isTopLevel: Bool) {
        if index > 0 && isTopLevel && blankLineBetweenTopLevelEntries {
            output += "\n"
        }
        if index > 0 || !continuesLine {
            writeIndent(indent)
        }
    }

    private mutating func writeIndent(_ width: Int) {
        output += String(repeating: " ", count: width)
    }

    private static func keyText(_ key: YAMLNode) -> String {
        switch key.content {
        case .null:
            return "~"
        case .scalar(let text, _):
            return ScalarNotation.written(text)
        case .sequence, .mapping:
            preconditionFailure("YAMLEmitter: a mapping key must be a scalar, not \(key.kindDescription)")
        }
    }
}
