import DepsCore
import DepsYAML
import DepsFileSystem
import DepsFailures

extension YAMLDocument {
    /// A path, URL or spec repository read from `node` as `subject`. Any text reads back from
    /// deps' files as written, NUL included, but a path or a command-line argument ends at its
    /// first NUL and would name somewhere else, so a location holding one is refused where it is read.
    package func location(_ text: String, at node: YAMLNode, _ subject: YAMLFieldSubject) throws(MalformedInputError) -> String {
        guard !text.utf8.contains(0) else {
            throw error(node, .nulInLocation(subject, location: text))
        }
        return text
    }
}
