/// A problem found in a YAML file, located by file, line and (when known) column.
///
/// DepsPresenters words it (`DriverFailureWording.swift`) as a compiler does: `FILE:LINE:COLUMN: error: MESSAGE`.
public struct YAMLError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let file: String
    public let line: Int
    public let column: Int?
    public let problem: Problem

    public init(file: String, line: Int, column: Int?, problem: Problem) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// What is wrong with the text: libyaml's own findings (in its words, which are data here,
    /// as a child process's standard error is), or a construct deps' YAML files do not take.
    public enum Problem: Sendable, Equatable {
        /// A syntax error, in libyaml's words (nil when it gave none), with what it was reading
        /// when it found it.
        case syntax(String?, context: Context?)
        /// Bytes that are not UTF-8: libyaml's words, and the byte or code point it stopped at.
        case notUTF8(String, value: Int32?)
        /// The text starts with the byte order mark of another encoding (`UTF-16`, `UTF-32`).
        case byteOrderMark(encoding: String)
        /// A control character YAML does not allow: libyaml's words and the character.
        case controlCharacter(String, value: Int32?)
        /// Any other problem libyaml found decoding the bytes, in its words.
        case unreadableBytes(String?, value: Int32?)
        /// libyaml ran out of memory, starting or reading.
        case outOfMemory(whileStarting: Bool)
        /// A second document starts here.
        case secondDocument
        /// `*name`, `&name` and `!tag` (the tag as likely written: `!!str`).
        case alias(String), anchor(String), tag(String)
        /// A key a mapping already holds, first on `firstLine`.
        case duplicateKey(String, firstLine: Int)
        /// Sequences and mappings nest deeper than `maximum` levels.
        case nestedTooDeep(maximum: Int)
        /// A sequence or a mapping where a mapping key should be.
        case collectionAsKey(isMapping: Bool)
    }

    /// What libyaml was reading when it found a syntax error (its words), and where that began
    /// when it was not where the error is.
    public struct Context: Sendable, Equatable {
        public let text: String
        public let line: Int?
        public let column: Int?

        public init(text: String, line: Int?, column: Int?) {
            self.text = text
            self.line = line
            self.column = column
        }
    }
}
