import DepsCore
import DepsFileSystem

/// The text of one lockfile entry, `Name (details)`: a package with its version
/// (`Alamofire (5.9.1)`), or a dependency with its external source and requirement
/// (`Moya (~> 15.0)`, `SnapKit`, `LocalKit (from `../LocalKit`)`,
/// `Networking (from `https://…/Networking.git`, tag `2.1.0`, ~> 2.0)`; a git source that follows
/// the default branch says `default branch` instead of a reference, and one whose submodules are
/// fetched ends with `submodules`: `Networking (from `URL`, default branch, submodules)`).
///
/// A location or git reference inside the details is quoted in backticks so that any text
/// reads back as written: a value without a backtick is written between single backticks,
/// as CocoaPods writes it; a value holding a backtick (or an empty one) is fenced by a run
/// of backticks longer than any run inside it, padded with one space on each side
/// (``` `` odd`name `` ```), as in Markdown. Everything else a value may hold (quotes,
/// parentheses, `, `, line breaks, control characters) is carried by the YAML scalar the
/// entry is written as. Reading works on Unicode scalars, so that a backtick or a space
/// followed by a combining mark is still a backtick or a space.
package struct LockEntryText {
    package let name: String
    /// The text between the parentheses; nil when the entry is a name alone.
    package let details: Substring.UnicodeScalarView?

    package init(_ text: String) {
        let scalars = text.unicodeScalars
        if let open = scalars.firstIndex(of: " "), scalars[open...].starts(with: " (".unicodeScalars), scalars.last == ")" {
            name = String(scalars[..<open])
            details = scalars[scalars.index(open, offsetBy: 2)..<scalars.index(before: scalars.endIndex)]
        } else {
            name = text
            details = nil
        }
    }

    // MARK: Writing

    /// `Alamofire (5.9.1)`; a Swift package on a branch or a revision, which has no version,
    /// `swift-foo (branch `main`)` or `swift-foo (revision `0123…`)` (BEHAVIOUR 16), which an older
    /// deps refuses as a version it cannot read rather than taking it for one.
    static func package(_ package: LockedPackage, reference: SwiftPackageReference? = nil) -> String {
        guard let reference else { return "\(package.name) (\(package.version))" }
        return "\(package.name) (\(reference.field.key) \(quoted(reference.field.value)))"
    }

    /// `Moya (~> 15.0)`, `SnapKit`, `LocalKit (from `../LocalKit`, ~> 1.0)`.
    static func dependency(_ dependency: Dependency) -> String {
        var details: [String] = []
        switch dependency.externalSource {
        case let .path(path)?, let .podspec(path)?, let .package(path)?, let .registry(path)?:
            details.append("from \(quoted(path))")
        case let .unversionedPackage(url, reference)?:
            details.append("from \(quoted(url))")
            details.append("\(reference.field.key) \(quoted(reference.field.value))")
        case let .git(url, reference, submodules)?:
            details.append("from \(quoted(url))")
            details.append(reference.field.map { "\($0.key) \(quoted($0.value))" } ?? defaultBranchWord)
            if submodules { details.append(submodulesWord) }
        case nil:
            break
        }
        if !dependency.requirement.isAny { details.append(dependency.requirement.description) }
        return details.isEmpty ? dependency.name.description : "\(dependency.name) (\(details.joined(separator: ", ")))"
    }

    /// What stands for the reference of a git source that follows the default branch.
    static let defaultBranchWord = "default branch"
    /// What follows the reference of a git source whose submodules are fetched.
    static let submodulesWord = "submodules"

    /// `value` between backticks, fenced when it holds one (or is empty).
    static func quoted(_ value: String) -> String {
        var longestRun = 0
        var run = 0
        for scalar in value.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        guard longestRun > 0 || value.isEmpty else { return "`" + value + "`" }
        let fence = String(repeating: "`", count: max(2, longestRun + 1))
        return fence + " " + value + " " + fence
    }

    // MARK: Reading

    /// The text after `word` when `text` starts with it as a whole detail (followed by `,` or
    /// nothing); nil otherwise.
    static func afterWord(_ word: String, in text: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView? {
        guard text.starts(with: word.unicodeScalars) else { return nil }
        let rest = text.dropFirst(word.unicodeScalars.count)
        return rest.isEmpty || rest.first == "," ? rest : nil
    }

    /// The quoted value `text` starts with, and the text after it; nil when `text` does not
    /// start with a well-formed quoted value.
    package static func unquoted(_ text: Substring.UnicodeScalarView) -> (value: String, rest: Substring.UnicodeScalarView)? {
        let fence = text.prefix { $0 == "`" }.count
        guard fence > 0 else { return nil }
        let contentStart = text.index(text.startIndex, offsetBy: fence)
        if fence == 1 {
            guard let end = text[contentStart...].firstIndex(of: "`") else { return nil }
            return (String(text[contentStart..<end]), text[text.index(after: end)...])
        }
        // A fence: the first run of exactly as many backticks closes it.
        var index = contentStart
        while index < text.endIndex {
            guard text[index] == "`" else {
                index = text.index(after: index)
                continue
            }
            let runEnd = text[index...].firstIndex { $0 != "`" } ?? text.endIndex
            if text.distance(from: index, to: runEnd) == fence {
                let content = text[contentStart..<index]
                guard content.count >= 2, content.first == " ", content.last == " " else { return nil }
                return (String(content.dropFirst().dropLast()), text[runEnd...])
            }
            index = runEnd
        }
        return nil
    }
}
