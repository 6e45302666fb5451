import DepsCore

/// `'1.0.x' is not a version of Alamofire`: a spec repository's layout problems, names from the
/// repository escaped.
extension InputProblemWording {
    static func text(for problem: SpecRepositoryProblem) -> String {
        let message: MessageText = switch problem {
        case let .shardsNotAMapping(found): "expected a mapping with `prefix_lengths`, found \(message: text(for: found))"
        case let .prefixLengthsNotAList(found): "expected a list of lengths for `prefix_lengths`, found \(message: text(for: found))"
        case let .invalidPrefixLength(text?, _): "`prefix_lengths` holds '\(text)', not a length from 1 to 8"
        case let .invalidPrefixLength(nil, found): "`prefix_lengths` holds '\(message: text(for: found))', not a length from 1 to 8"
        case .prefixLengthsTooLong: "`prefix_lengths` add up to more than an MD5's 32 digits"
        case let .indexEntryNotAVersion(component, pod): "'\(shortened(component))' is not a version of \(pod)"
        case let .versionSpeltTwice(version, other, otherFile):
            "version \(version) is also spelt \(other) (\(otherFile)), "
                + "and the two specs disagree on its dependencies; keep one"
        case let .fileNameNotAVersion(name): "the file name '\(name)' is not a version"
        case let .folderNameNotAVersion(name): "the folder name '\(name)' is not a version"
        case let .unsupportedSource(label): "source '\(label)' is not supported yet; name a spec repository directory"
        }
        return message.text
    }

    /// The first 80 characters of a text from a server, and `…` when there were more.
    private static func shortened(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(80))) + (text.unicodeScalars.count > 80 ? "…" : "")
    }
}
