import DepsFailures

/// One `project.pbxproj` read: its bytes, its tree, and the objects by id, with what an editor needs to
/// find in it (the project, the native targets, their phases) and to edit it line by line.
public struct XcodeProjectDocument: Sendable {
    public let bytes: [UInt8]
    public let root: PropertyListNode
    public let file: String
    /// `objects = { ... }`, and each object's entry by id, in the file's order.
    public let objectsNode: PropertyListNode
    public let objects: [String: PropertyListEntry]

    public init(bytes: [UInt8], file: String) throws(PropertyListError) {
        self.bytes = bytes
        self.file = file
        root = try PropertyListParser.parse(bytes, file: file)
        guard root.entries != nil, let objectsNode = root["objects"], let entries = objectsNode.entries else {
            throw PropertyListError(file: file, line: 1, column: 1, cause: .missingObject("objects"))
        }
        self.objectsNode = objectsNode
        var objects: [String: PropertyListEntry] = [:]
        for entry in entries where objects[entry.key] == nil { objects[entry.key] = entry }
        self.objects = objects
        guard let rootID = root["rootObject"]?.string, objects[rootID] != nil else {
            throw error(.missingObject(root["rootObject"]?.string ?? "rootObject"), at: root.entry("rootObject")?.range.lowerBound ?? 0)
        }
    }

    public func error(_ cause: PropertyListError.Cause, at offset: Int) -> PropertyListError {
        var line = 1
        var lineStart = 0
        for position in 0..<min(offset, bytes.count) where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return PropertyListError(file: file, line: line, column: offset - lineStart + 1, cause: cause)
    }

    public func object(_ id: String) -> PropertyListNode? { objects[id]?.value }

    public func isa(_ id: String) -> String? { object(id)?["isa"]?.string }

    public var projectID: String { root["rootObject"]!.string! }
    public var project: PropertyListNode { object(projectID)! }

    /// The object an entry of `list` names, or an error at the reference when the file lacks it.
    public func referenced(_ item: PropertyListNode) throws(PropertyListError) -> (id: String, object: PropertyListNode) {
        guard let id = item.string, let object = object(id) else {
            throw error(.missingObject(item.string ?? "?"), at: item.range.lowerBound)
        }
        return (id, object)
    }

    /// The native targets, in the project's order.
    public func nativeTargets() throws(PropertyListError) -> [(id: String, name: String, node: PropertyListNode)] {
        var targets: [(String, String, PropertyListNode)] = []
        for item in project["targets"]?.array ?? [] {
            let (id, node) = try referenced(item)
            guard node["isa"]?.string == "PBXNativeTarget", let name = node["name"]?.string else { continue }
            targets.append((id, name, node))
        }
        return targets
    }

    /// Refuses a file in which an object deps reads names an object the file lacks, at the line of
    /// the reference: the project's targets and package references; each native target's phases,
    /// the files of its phases and what each builds, its product dependencies and their package,
    /// its configuration list, the configurations and their base configuration files.
    public func checkReferences() throws(PropertyListError) {
        for item in items(project, "packageReferences") { _ = try referenced(item) }
        for target in try nativeTargets() {
            for item in items(target.node, "buildPhases") {
                let phase = try referenced(item).object
                for file in items(phase, "files") {
                    let buildFile = try referenced(file).object
                    for key in ["fileRef", "productRef"] {
                        if let reference = buildFile[key] { _ = try referenced(reference) }
                    }
                }
            }
            for item in items(target.node, "packageProductDependencies") {
                if let package = try referenced(item).object["package"] { _ = try referenced(package) }
            }
            if let list = target.node["buildConfigurationList"] {
                for item in items(try referenced(list).object, "buildConfigurations") {
                    if let base = try referenced(item).object["baseConfigurationReference"] { _ = try referenced(base) }
                }
            }
        }
    }

    /// Refuses a target name the project has no native target of, at the project's `targets` list.
    public func checkTargetExists(_ name: String) throws(PropertyListError) {
        let targets = try nativeTargets()
        guard !targets.contains(where: { $0.name == name }) else { return }
        let at = project["targets"]?.range.lowerBound ?? objects[projectID]?.range.lowerBound ?? 0
        throw error(.noSuchTarget(name, targets: targets.map(\.name)), at: at)
    }

    /// The ids in an object's list (`buildPhases`, `files`, ...), each with its node.
    public func items(_ node: PropertyListNode, _ key: String) -> [PropertyListNode] {
        node[key]?.array ?? []
    }

    // MARK: - Lines

    /// The whole line(s) holding `range`, from the start of its first line to after the newline
    /// of its last, when nothing but white space comes before it on its first line, and nothing but
    /// white space, `/* comments */`, one separator of `allowingAfter` and a `//` comment after it
    /// on its last; nil otherwise (another value shares the lines).
    public func wholeLines(of range: Range<Int>, allowingAfter: Set<UInt8> = [UInt8(ascii: ",")]) -> Range<Int>? {
        var start = range.lowerBound
        while start > 0, bytes[start - 1] == 0x09 || bytes[start - 1] == 0x20 { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A else { return nil }
        var end = range.upperBound
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        var position = trailerEnd(after: range.upperBound, before: end, separators: allowingAfter)
        if position + 1 < end, bytes[position] == UInt8(ascii: "/"), bytes[position + 1] == UInt8(ascii: "/") { position = end }
        guard position == end else { return nil }
        return start..<min(bytes.count, end + 1)
    }

    /// Where what follows a value on its line ends: white space and `/* comments */`, then at
    /// most one of `separators`, then white space and comments again, never past `limit`.
    func trailerEnd(after offset: Int, before limit: Int, separators: Set<UInt8>) -> Int {
        var position = offset
        var separated = false
        while position < limit {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < limit, bytes[position + 1] == UInt8(ascii: "*") {
                var close = position + 2
                while close + 1 < limit, !(bytes[close] == UInt8(ascii: "*") && bytes[close + 1] == UInt8(ascii: "/")) { close += 1 }
                guard close + 1 < limit else { return position }
                position = close + 2
            } else if !separated, separators.contains(byte) {
                separated = true
                position += 1
            } else {
                break
            }
        }
        return position
    }

    /// The start of the line holding `offset`.
    public func lineStart(_ offset: Int) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// The white space a line starts with.
    public func indentation(ofLineAt offset: Int) -> String {
        var end = lineStart(offset)
        var text = ""
        while end < bytes.count, bytes[end] == 0x09 || bytes[end] == 0x20 {
            text.append(Character(Unicode.Scalar(bytes[end])))
            end += 1
        }
        return text
    }

    /// The range an item of a list takes with its comma: its whole line, or the item, its comment
    /// and the comma with the spaces after them when it shares the line.
    public func removalRange(ofItem item: PropertyListNode) -> Range<Int> {
        if let lines = wholeLines(of: item.range) { return lines }
        // Its comments and its comma, skipping a comma or bracket inside a comment.
        var lineEnd = item.range.upperBound
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
        let end = trailerEnd(after: item.range.upperBound, before: lineEnd, separators: [UInt8(ascii: ",")])
        return item.range.lowerBound..<end
    }

    /// Where an item goes at the end of a list: the start of the `)` line, or just before `)`.
    public func endOfList(_ list: PropertyListNode) -> (offset: Int, ownLine: Bool, indent: String) {
        let close = list.range.upperBound - 1
        let start = lineStart(close)
        let before = String(decoding: bytes[start..<close], as: UTF8.self)
        if before.trimmingSpaces.isEmpty {
            let indent = list.array?.first.map { indentation(ofLineAt: $0.range.lowerBound) } ?? before + "\t"
            return (start, true, indent)
        }
        return (close, false, "")
    }

    /// Where an item goes at the start of a list: the line after `(`, or just after it.
    public func startOfList(_ list: PropertyListNode) -> (offset: Int, ownLine: Bool, indent: String) {
        let open = list.range.lowerBound
        var next = open + 1
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
        if next < bytes.count, bytes[next] == 0x0A {
            let indent = list.array?.first.map { indentation(ofLineAt: $0.range.lowerBound) }
                ?? indentation(ofLineAt: list.range.upperBound - 1) + "\t"
            return (next + 1, true, indent)
        }
        return (open + 1, false, "")
    }

    // MARK: - Sections

    /// `/* Begin ISA section */` ... `/* End ISA section */`: the offsets of the Begin line's start
    /// and of the End line's start.
    public func section(_ isa: String) -> (begin: Int, end: Int)? {
        guard let begin = find("/* Begin \(isa) section */"), let end = find("/* End \(isa) section */", from: begin) else { return nil }
        return (lineStart(begin), lineStart(end))
    }

    /// Every section's name, in the file's order, with its End line's end.
    public func sections() -> [(isa: String, beginLine: Int, endLineEnd: Int)] {
        var result: [(String, Int, Int)] = []
        var from = objectsNode.range.lowerBound
        let prefix = Array("/* Begin ".utf8)
        while let begin = find("/* Begin ", from: from), begin < objectsNode.range.upperBound {
            var nameEnd = begin + prefix.count
            while nameEnd < bytes.count, bytes[nameEnd] != 0x20 { nameEnd += 1 }
            let isa = String(decoding: bytes[(begin + prefix.count)..<nameEnd], as: UTF8.self)
            guard let end = find("/* End \(isa) section */", from: begin) else { break }
            var lineEnd = end
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            result.append((isa, lineStart(begin), min(bytes.count, lineEnd + 1)))
            from = lineEnd
        }
        return result
    }

    /// The sections that removing the objects `removed` leaves empty, each with the blank line
    /// before it: Xcode writes no empty section.
    public func sectionsLeftEmpty(byRemoving removed: Set<String>) -> [Range<Int>] {
        guard !removed.isEmpty else { return [] }
        let entries = objectsNode.entries ?? []
        return sections().compactMap { section in
            let inside = entries.filter { $0.range.lowerBound > section.beginLine && $0.range.upperBound < section.endLineEnd }
            guard !inside.isEmpty, inside.allSatisfy({ removed.contains($0.key) }) else { return nil }
            let start = section.beginLine > 0 && bytes[section.beginLine - 1] == 0x0A ? section.beginLine - 1 : section.beginLine
            return start..<section.endLineEnd
        }
    }

    public func find(_ text: String, from start: Int = 0) -> Int? {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        // Through buffers: a project file is megabytes, and generic slices are slow unoptimized.
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                let first = needle[0]
                var index = start
                let last = haystack.count - needle.count
                while index <= last {
                    if haystack[index] == first {
                        var matched = 1
                        while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
                        if matched == needle.count { return index }
                    }
                    index += 1
                }
                return nil
            }
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}

/// Text as an OpenStep property list writes it: unquoted when it can be, else quoted with escapes.
public enum PropertyListText {
    public static func string(_ text: String) -> String {
        // `//` at a value's start would begin a comment (found by fuzzing).
        if !text.isEmpty, !text.hasPrefix("//"), text.utf8.allSatisfy({ PropertyListParserCharacters.isUnquoted($0) }) { return text }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// The characters Xcode writes without quotes.
enum PropertyListParserCharacters {
    static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }
}
