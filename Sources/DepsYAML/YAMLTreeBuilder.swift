import DepsFailures
/// Builds one document's node tree from parsing events, refusing what a plain data file
/// should not hold: a second document, anchors, aliases, tags, keys that are not
/// scalars and duplicate keys.
struct YAMLTreeBuilder {
    /// A sequence or mapping whose end has not been seen yet.
    private struct OpenCollection {
        enum Kind { case sequence, mapping }

        let kind: Kind
        let mark: YAMLMark
        var items: [YAMLNode] = []
        var pairs: [YAMLNode.Pair] = []
        /// The key read last, waiting for its value.
        var pendingKey: YAMLNode?
        /// Each key's text and the line it was first written on.
        var keyLines: [String: Int] = [:]

        var awaitsKey: Bool { kind == .mapping && pendingKey == nil }
    }

    /// How deep sequences and mappings may nest. Deps files need a handful of levels; a limit
    /// keeps hostile input from building a tree too deep to walk or free without overflowing the stack.
    static let maximumDepth = 256

    private let fileName: String
    private var open: [OpenCollection] = []
    private var documentCount = 0
    /// The first document's root, once complete.
    private(set) var root: YAMLNode?

    init(fileName: String) {
        self.fileName = fileName
    }

    mutating func accept(_ event: YAMLEvent) throws(YAMLError) {
        switch event {
        case .streamStart, .streamEnd, .documentEnd:
            break
        case .documentStart(let mark):
            documentCount += 1
            if documentCount > 1 {
                throw error(at: mark, .secondDocument)
            }
        case .alias(let anchor, let mark):
            throw error(at: mark, .alias(anchor))
        case .scalar(let text, let style, let properties, let mark):
            try check(properties, at: mark)
            if open.last?.awaitsKey == true || !Self.isNull(text, style) {
                try add(YAMLNode(.scalar(text, style), mark: mark))
            } else {
                try add(YAMLNode(.null, mark: mark))
            }
        case .sequenceStart(let properties, let mark):
            try check(properties, at: mark)
            try refuseAsKey(isMapping: false, at: mark)
            try refuseDeeperNesting(at: mark)
            open.append(OpenCollection(kind: .sequence, mark: mark))
        case .mappingStart(let properties, let mark):
            try check(properties, at: mark)
            try refuseAsKey(isMapping: true, at: mark)
            try refuseDeeperNesting(at: mark)
            open.append(OpenCollection(kind: .mapping, mark: mark))
        case .sequenceEnd, .mappingEnd:
            guard let collection = open.popLast() else { break }
            switch collection.kind {
            case .sequence: try add(YAMLNode(.sequence(collection.items), mark: collection.mark))
            case .mapping: try add(YAMLNode(.mapping(collection.pairs), mark: collection.mark))
            }
        }
    }

    /// Only plain scalars can be empty values; `''` and `"null"` are strings.
    private static func isNull(_ text: String, _ style: YAMLScalarStyle) -> Bool {
        guard style == .plain else { return false }
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    private mutating func add(_ node: YAMLNode) throws(YAMLError) {
        guard !open.isEmpty else {
            root = node
            return
        }
        let top = open.count - 1
        switch open[top].kind {
        case .sequence:
            open[top].items.append(node)
        case .mapping:
            if let key = open[top].pendingKey {
                open[top].pairs.append(YAMLNode.Pair(key: key, value: node))
                open[top].pendingKey = nil
                return
            }
            // Keys always arrive as scalars: collections are refused when they start.
            let text = node.scalarValue ?? ""
            if let firstLine = open[top].keyLines.updateValue(node.mark.line, forKey: text) {
                throw error(at: node.mark, .duplicateKey(text, firstLine: firstLine))
            }
            open[top].pendingKey = node
        }
    }

    private func refuseDeeperNesting(at mark: YAMLMark) throws(YAMLError) {
        if open.count >= Self.maximumDepth {
            throw error(at: mark, .nestedTooDeep(maximum: Self.maximumDepth))
        }
    }

    private func refuseAsKey(isMapping: Bool, at mark: YAMLMark) throws(YAMLError) {
        if open.last?.awaitsKey == true {
            throw error(at: mark, .collectionAsKey(isMapping: isMapping))
        }
    }

    private func check(_ properties: YAMLEvent.Properties, at mark: YAMLMark) throws(YAMLError) {
        if let anchor = properties.anchor {
            throw error(at: mark, .anchor(anchor))
        }
        if let tag = properties.tag {
            throw error(at: mark, .tag(Self.shorthand(tag)))
        }
    }

    /// libyaml resolves `!!str` to `tag:yaml.org,2002:str`; show it the way it was likely written.
    private static func shorthand(_ tag: String) -> String {
        let standardPrefix = "tag:yaml.org,2002:"
        if tag.hasPrefix(standardPrefix) {
            return "!!" + tag.dropFirst(standardPrefix.count)
        }
        return tag
    }

    private func error(at mark: YAMLMark, _ problem: YAMLError.Problem) -> YAMLError {
        YAMLError(file: fileName, mark: mark, problem: problem)
    }
}
