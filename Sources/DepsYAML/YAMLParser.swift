import DepsFailures
/// Reads YAML text into a node tree with libyaml's event parser.
public enum YAMLParser {
    /// The document's root node, or nil when the bytes hold no document (empty file,
    /// only comments/whitespace).
    ///
    /// Errors name `fileName` and the line and column of the problem: libyaml's own
    /// syntax and encoding errors, text that is not UTF-8, more than one document,
    /// anchors, aliases, tags, a mapping key that is not a scalar, a duplicate key.
    public static func parse(_ bytes: [UInt8], fileName: String) throws(YAMLError) -> YAMLNode? {
        guard !bytes.isEmpty else { return nil }
        if let encoding = UnicodeByteOrderMark.nonUTF8Encoding(startingWith: bytes) {
            throw YAMLError(file: fileName, line: 1, column: 1, problem: .byteOrderMark(encoding: encoding))
        }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLError) -> YAMLNode? in
            let reader = try LibyamlEventReader(input: buffer, fileName: fileName)
            var builder = YAMLTreeBuilder(fileName: fileName)
            while true {
                let event = try reader.next()
                try builder.accept(event)
                if case .streamEnd = event { return builder.root }
            }
        }
    }
}
