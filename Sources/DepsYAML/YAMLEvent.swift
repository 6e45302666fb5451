import CYaml

/// A Swift copy of one libyaml parsing event, holding only what the tree builder needs.
enum YAMLEvent {
    /// The anchor and tag written before a node, when any.
    struct Properties {
        var anchor: String?
        var tag: String?
    }

    case streamStart
    case streamEnd
    case documentStart(YAMLMark)
    case documentEnd
    case alias(anchor: String, mark: YAMLMark)
    case scalar(text: String, style: YAMLScalarStyle, properties: Properties, mark: YAMLMark)
    case sequenceStart(properties: Properties, mark: YAMLMark)
    case sequenceEnd
    case mappingStart(properties: Properties, mark: YAMLMark)
    case mappingEnd

    /// Copies a libyaml event; the event itself stays owned by the caller.
    init(_ event: yaml_event_t) {
        let mark = YAMLMark(libyaml: event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT:
            self = .streamStart
        case YAML_DOCUMENT_START_EVENT:
            self = .documentStart(mark)
        case YAML_DOCUMENT_END_EVENT:
            self = .documentEnd
        case YAML_ALIAS_EVENT:
            self = .alias(anchor: Self.string(event.data.alias.anchor) ?? "", mark: mark)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
            } ?? ""
            self = .scalar(
                text: text,
                style: YAMLScalarStyle(libyaml: scalar.style),
                properties: Properties(anchor: Self.string(scalar.anchor), tag: Self.string(scalar.tag)),
                mark: mark
            )
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            self = .sequenceStart(
                properties: Properties(anchor: Self.string(start.anchor), tag: Self.string(start.tag)),
                mark: mark
            )
        case YAML_SEQUENCE_END_EVENT:
            self = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            self = .mappingStart(
                properties: Properties(anchor: Self.string(start.anchor), tag: Self.string(start.tag)),
                mark: mark
            )
        case YAML_MAPPING_END_EVENT:
            self = .mappingEnd
        default:
            // YAML_STREAM_END_EVENT; libyaml never hands out YAML_NO_EVENT from a successful parse.
            self = .streamEnd
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

extension YAMLMark {
    /// Converts libyaml's 0-based mark.
    init(libyaml mark: yaml_mark_t) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }
}

extension YAMLScalarStyle {
    init(libyaml style: yaml_scalar_style_t) {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: self = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: self = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: self = .literal
        case YAML_FOLDED_SCALAR_STYLE: self = .folded
        default: self = .plain
        }
    }
}
