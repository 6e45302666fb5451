/// Edits of a document's bytes, as splices of the original: each replaces a range (empty for an
/// insertion) with new bytes. Applied together, they leave every other byte as it was.
public struct PropertyListEdit: Sendable {
    public struct Splice: Sendable {
        public let range: Range<Int>
        public let replacement: [UInt8]
    }

    public private(set) var splices: [Splice] = []

    public init() {}

    public var isEmpty: Bool { splices.isEmpty }

    public mutating func insert(_ text: String, at offset: Int) {
        splices.append(Splice(range: offset..<offset, replacement: Array(text.utf8)))
    }

    public mutating func replace(_ range: Range<Int>, with text: String) {
        splices.append(Splice(range: range, replacement: Array(text.utf8)))
    }

    public mutating func delete(_ range: Range<Int>) {
        splices.append(Splice(range: range, replacement: []))
    }

    /// `bytes` with every splice made. Insertions at one offset keep the order they were made in;
    /// deletions that overlap are merged.
    public func applied(to bytes: [UInt8]) -> [UInt8] {
        let ordered = splices.enumerated().sorted {
            $0.element.range.lowerBound != $1.element.range.lowerBound
                ? $0.element.range.lowerBound < $1.element.range.lowerBound : $0.offset < $1.offset
        }.map(\.element)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for splice in ordered {
            let lower = max(splice.range.lowerBound, position)
            if lower > position { result += bytes[position..<lower] }
            result += splice.replacement
            position = max(position, splice.range.upperBound)
        }
        if position < bytes.count { result += bytes[position...] }
        return result
    }
}
