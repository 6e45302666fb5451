import CYaml
import DepsFailures

/// Pulls events out of libyaml's event parser over bytes in memory.
///
/// The parser and the current event live on the heap because libyaml's string input
/// keeps a pointer back to the parser, so the parser must never move. Both are freed
/// when the reader goes away; each event is freed as soon as it has been copied.
/// The bytes must be non-empty and outlive the reader.
final class LibyamlEventReader {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    private let input: UnsafeBufferPointer<UInt8>
    private let fileName: String

    init(input: UnsafeBufferPointer<UInt8>, fileName: String) throws(YAMLError) {
        self.input = input
        self.fileName = fileName
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        event = .allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            event.deallocate()
            throw YAMLError(file: fileName, line: 1, column: nil, problem: .outOfMemory(whileStarting: true))
        }
        yaml_parser_set_input_string(parser, input.baseAddress, input.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        event.deallocate()
    }

    /// The next event, or the problem libyaml found in the text.
    func next() throws(YAMLError) -> YAMLEvent {
        guard yaml_parser_parse(parser, event) == 1 else {
            throw problem()
        }
        defer { yaml_event_delete(event) }
        return YAMLEvent(event.pointee)
    }

    /// libyaml's error, as a YAMLError located where libyaml found it.
    private func problem() -> YAMLError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) }
        switch state.error {
        case YAML_MEMORY_ERROR:
            return YAMLError(file: fileName, line: 1, column: nil, problem: .outOfMemory(whileStarting: false))
        case YAML_READER_ERROR:
            return readerProblem(problem, offset: state.problem_offset, value: state.problem_value)
        default:
            let problemMark = YAMLMark(libyaml: state.problem_mark)
            let context = state.context.map { text in
                let contextMark = YAMLMark(libyaml: state.context_mark)
                return contextMark == problemMark
                    ? YAMLError.Context(text: String(cString: text), line: nil, column: nil)
                    : YAMLError.Context(text: String(cString: text), line: contextMark.line, column: contextMark.column)
            }
            return YAMLError(file: fileName, mark: problemMark, problem: .syntax(problem, context: context))
        }
    }

    /// A problem found while decoding the bytes. libyaml gives only a byte offset here,
    /// so the line and column are counted from the bytes before it (which decoded fine).
    private func readerProblem(_ problem: String?, offset: Int, value: Int32) -> YAMLError {
        let mark = Self.mark(atByteOffset: min(offset, input.count), in: input)
        let found = value >= 0 ? value : nil
        let kind: YAMLError.Problem = if let problem, problem.contains("UTF-8") || problem.contains("Unicode") {
            .notUTF8(problem, value: found)
        } else if let problem, problem.contains("control characters") {
            .controlCharacter(problem, value: found)
        } else {
            .unreadableBytes(problem, value: found)
        }
        return YAMLError(file: fileName, mark: mark, problem: kind)
    }

    static func mark(atByteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> YAMLMark {
        var line = 1
        var column = 1
        var index = 0
        while index < offset {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte == UInt8(ascii: "\r") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                }
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // one character per leading byte
            }
            index += 1
        }
        return YAMLMark(line: line, column: column)
    }
}
