/// An OpenStep property list (Xcode's `project.pbxproj`) that cannot be read (exit status 65): the
/// file, the line and column, and why. DepsPresenters words it (`DriverFailureWording.swift`).
public struct PropertyListError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let file: String
    public let line: Int
    public let column: Int
    public let cause: Cause

    public enum Cause: Sendable, Equatable {
        /// A character that cannot start or continue a value here.
        case unexpected(String)
        /// The file ends where a value should be.
        case unexpectedEnd
        case unterminatedString
        case unterminatedComment
        /// A `(` or `{` never closed.
        case unclosed(String)
        /// Something else than what the syntax needs there (`=`, `;`, `,`).
        case expected(String, found: String)
        /// A dictionary's key that is a list or a dictionary, not a string.
        case keyNotAString
        /// Lists and dictionaries nested deeper than any project file nests them.
        case nestedTooDeeply(limit: Int)
        /// A merge left conflict markers in the file.
        case conflictMarker
        /// An object the project needs is missing or is not what it should be (a reference to
        /// an id the file does not hold).
        case missingObject(String)
        /// The project has no native target of this name; the targets it has, in its order.
        case noSuchTarget(String, targets: [String])
    }

    public init(file: String, line: Int, column: Int, cause: Cause) {
        self.file = file
        self.line = line
        self.column = column
        self.cause = cause
    }
}
