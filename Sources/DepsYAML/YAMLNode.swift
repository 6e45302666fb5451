/// One node of a YAML document: an empty value, a scalar, a sequence or a mapping,
/// with the mark where it starts in the text it was read from.
///
/// Every scalar is a string kept exactly as written: `1.10`, `5.0` and `yes` are the
/// strings "1.10", "5.0" and "yes". Only a plain empty scalar and the plain words `~`,
/// `null`, `Null` and `NULL` are empty values, and only where a value is expected:
/// a mapping key is always a scalar holding its text.
public struct YAMLNode: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        /// A plain empty scalar, `~`, `null`, `Null` or `NULL`.
        case null
        /// Every other scalar, exactly as written.
        case scalar(String, YAMLScalarStyle)
        case sequence([YAMLNode])
        /// The pairs in document order.
        case mapping([YAMLNode.Pair])
    }

    public struct Pair: Sendable, Hashable {
        public let key: YAMLNode
        public let value: YAMLNode

        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    public let content: Content
    /// Where the node starts; line 0, column 0 for nodes built in code.
    public let mark: YAMLMark

    public init(_ content: Content, mark: YAMLMark = YAMLMark(line: 0, column: 0)) {
        self.content = content
        self.mark = mark
    }

    // MARK: Building trees to emit

    public static func scalar(_ text: String) -> YAMLNode {
        YAMLNode(.scalar(text, .plain))
    }

    public static func sequence(_ items: [YAMLNode]) -> YAMLNode {
        YAMLNode(.sequence(items))
    }

    /// A mapping with string keys, in the order given.
    public static func mapping(_ pairs: [(String, YAMLNode)]) -> YAMLNode {
        YAMLNode(.mapping(pairs.map { Pair(key: .scalar($0.0), value: $0.1) }))
    }

    public static var null: YAMLNode { YAMLNode(.null) }

    // MARK: Reading

    /// The text of a scalar; nil for an empty value, a sequence or a mapping.
    public var scalarValue: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    public var isNull: Bool {
        if case .null = content { return true }
        return false
    }

    public var sequenceItems: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    public var mappingPairs: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The value of the first pair whose key is the scalar `key`; nil when there is none
    /// or when this node is not a mapping.
    public func value(forKey key: String) -> YAMLNode? {
        mappingPairs?.first { $0.key.scalarValue == key }?.value
    }

    /// What kind of node this is, for error messages: "a scalar", "a sequence",
    /// "a mapping" or "an empty value".
    public var kindDescription: String {
        switch content {
        case .null: return "an empty value"
        case .scalar: return "a scalar"
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        }
    }

    /// Whether both trees hold the same values, ignoring marks and scalar styles.
    public func hasSameContent(as other: YAMLNode) -> Bool {
        switch (content, other.content) {
        case (.null, .null):
            return true
        case (.scalar(let text, _), .scalar(let otherText, _)):
            return text == otherText
        case (.sequence(let items), .sequence(let otherItems)):
            return items.count == otherItems.count
                && zip(items, otherItems).allSatisfy { $0.hasSameContent(as: $1) }
        case (.mapping(let pairs), .mapping(let otherPairs)):
            return pairs.count == otherPairs.count
                && zip(pairs, otherPairs).allSatisfy {
                    $0.key.hasSameContent(as: $1.key) && $0.value.hasSameContent(as: $1.value)
                }
        default:
            return false
        }
    }
}
