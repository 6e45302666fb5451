import DepsCore

/// How a spec source is named in a message: as the Depsfile names it, with the mirror it was
/// read from when one serves it (`trunk (read from https://deps-mirror.example.com/)`).
enum SourceWording {
    static func shown(_ source: String, readFrom: String?) -> String {
        let named = MessageText.escaped(source)
        guard let readFrom else { return named }
        return "\(named) (read from \(MessageText.escaped(readFrom)))"
    }
}
