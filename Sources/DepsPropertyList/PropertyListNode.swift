/// A value of an OpenStep property list (Xcode's `project.pbxproj`), with where it is in the
/// bytes it was read from, so that an edit changes those bytes and no others.
public struct PropertyListNode: Sendable {
    public enum Value: Sendable {
        case string(String)
        case array([PropertyListNode])
        case dictionary([PropertyListEntry])
    }

    public let value: Value
    /// The value's bytes: a string's token (quotes included), an array from `(` to `)`, a
    /// dictionary from `{` to `}`.
    public let range: Range<Int>

    public init(value: Value, range: Range<Int>) {
        self.value = value
        self.range = range
    }

    public var string: String? {
        if case let .string(text) = value { return text }
        return nil
    }

    public var array: [PropertyListNode]? {
        if case let .array(items) = value { return items }
        return nil
    }

    public var entries: [PropertyListEntry]? {
        if case let .dictionary(entries) = value { return entries }
        return nil
    }

    /// A dictionary's value for `key`.
    public subscript(key: String) -> PropertyListNode? {
        entries?.first { $0.key == key }?.value
    }

    /// A dictionary's entry for `key`.
    public func entry(_ key: String) -> PropertyListEntry? {
        entries?.first { $0.key == key }
    }
}

/// `key = value;` in a dictionary.
public struct PropertyListEntry: Sendable {
    public let key: String
    public let value: PropertyListNode
    /// From the key's first byte to the `;` included.
    public let range: Range<Int>

    public init(key: String, value: PropertyListNode, range: Range<Int>) {
        self.key = key
        self.value = value
        self.range = range
    }
}
