import DepsCore

/// A `def` read from a Podfile: expanded where a target calls it.
struct PodfileMethod {
    let line: Int
    let hasParameters: Bool
    /// The tokens between the `def` line and its `end`.
    let body: Range<Int>
}

/// Reads a Podfile's statements from its tokens into a `Podfile`, recording every line it
/// cannot read statically and every setting it drops. Runs no Ruby: each statement is one of
/// the Podfile DSL's directives, a `def` of pods, a call of one, or a variable set to a literal
/// (a string, an array, a hash, …).
struct PodfileParser {
    let tokens: [PodfileToken]
    var index = 0
    /// Where the statements being read end: the file's end, or a `def` body's.
    var limit: Int
    var errors: [PodfileError] = []
    var warnings: [PodfileWarning] = []
    var sources: [PodfileSource] = []
    /// The targets being read, the root first.
    var targets: [PodfileTarget] = [PodfileTarget.root]
    /// Names starting with a capital letter: visible everywhere, as Ruby's constants are.
    var constants: [String: PodfileValue] = [:]
    /// Local variables: the top level's (blocks included), or the expanded method's own.
    var locals: [String: PodfileValue] = [:]
    var methods: [String: PodfileMethod] = [:]
    var expanding: [String] = []
    /// The `workspace` line's path.
    var workspace: String?

    static let hooks: Set<String> = ["pre_install", "post_install", "pre_integrate", "post_integrate"]
    /// Directives for Xcode or CocoaPods itself: read, checked for Ruby, dropped with a warning.
    static let settings: Set<String> = [
        "use_frameworks!", "use_modular_headers!", "inhibit_all_warnings!", "project", "xcodeproj", "workspace",
        "install!", "ensure_bundler!", "supports_swift_versions", "generate_bridge_support!",
        "set_arc_compatibility_flag!", "link_with",
    ]
    static let conditionals: Set<String> = ["if", "unless", "case", "while", "until", "for"]

    init(tokens: [PodfileToken]) {
        self.tokens = tokens
        limit = tokens.count
    }

    var current: PodfileToken {
        index < limit ? tokens[index] : PodfileToken(kind: .newline, line: tokens.last?.line ?? 1, spaced: true)
    }

    var next: PodfileToken {
        index + 1 < limit ? tokens[index + 1] : PodfileToken(kind: .newline, line: tokens.last?.line ?? 1, spaced: true)
    }

    mutating func advance() {
        if index < limit { index += 1 }
    }

    func variable(named name: String) -> PodfileValue? {
        guard let first = name.unicodeScalars.first else { return nil }
        return first.properties.isUppercase ? constants[name] : locals[name]
    }

    /// Records `construct` at `line` (the current token's by default), one error per line.
    mutating func record(_ construct: PodfileConstruct, line: Int? = nil) {
        let line = line ?? current.line
        if !errors.contains(where: { $0.line == line }) { errors.append(PodfileError(line: line, construct)) }
    }

    /// Records `construct` and answers nil, for a value that cannot be read.
    mutating func refuse<Value>(_ construct: PodfileConstruct, line: Int? = nil) -> Value? {
        record(construct, line: line)
        return nil
    }

    /// Refuses the current token for what it is.
    mutating func refuseHere<Value>() -> Value? {
        refuse(constructAtCurrent)
    }

    var constructAtCurrent: PodfileConstruct {
        switch current.kind {
        case let .identifier(name): return construct(naming: name)
        case let .keyword(word): return Self.conditionals.contains(word) ? .conditional(word) : .unexpected(word)
        case .string(_, interpolated: true): return .interpolation
        case let .opaque(text): return text == "`" ? .evaluation("`") : .unexpected(text)
        case .punctuation("?"): return .conditional("?:")
        case let .punctuation(text):
            if text == "." || text == "&.", case let .identifier(name) = next.kind { return .unknownName(name) }
            return .unexpected(text)
        case let .string(text, _): return .unexpected("'\(text)'")
        case let .symbol(name): return .unexpected(":\(name)")
        case let .label(name): return .unexpected("\(name):")
        case let .number(text): return .unexpected(text)
        case .words: return .unexpected("%w")
        case .newline: return .unexpected("end of line")
        }
    }

    /// Reads statements up to `limit`, or, in a block, up to its `end` (read too).
    mutating func parseStatements(inBlockFrom blockLine: Int? = nil) {
        while index < limit {
            switch current.kind {
            case .newline:
                advance()
            case .keyword("end"):
                if blockLine != nil {
                    advance()
                    return
                }
                record(.unexpected("end"))
                advance()
            case .keyword("def"):
                parseDefinition()
            case let .keyword(word) where Self.conditionals.contains(word) || ["begin", "class", "module"].contains(word):
                record(Self.conditionals.contains(word) ? .conditional(word) : .unexpected(word))
                // A modifier (`end if x`) has no `end` of its own.
                if index > 0, !Self.startsStatement(after: tokens[index - 1].kind) { skipStatement() } else { _ = skipBlock() }
            case let .identifier(name):
                parseStatement(name)
            default:
                record(constructAtCurrent)
                skipStatement()
            }
        }
        if let blockLine { record(.unexpected("a block without its `end`"), line: blockLine) }
    }

    mutating func parseStatement(_ name: String) {
        if next.kind == .punctuation("=") {
            return parseAssignment(name)
        }
        switch name {
        case "source": parseSource()
        case "platform": parsePlatform()
        case "pod": parsePod()
        case "target", "abstract_target": parseTarget(abstract: name == "abstract_target")
        case "abstract!":
            advance()
            guard let arguments = parseArguments() else { return skipStatement() }
            targets[targets.count - 1].isAbstract = arguments.positional.first?.value != .bool(false)
            expectStatementEnd()
        case "inherit!": parseInheritance()
        case _ where Self.hooks.contains(name):
            warnings.append(PodfileWarning(line: current.line, .hook(name)))
            advance()
            skipStatement()
        case "plugin":
            let line = current.line
            advance()
            guard let arguments = parseArguments() else { return skipStatement() }
            warnings.append(PodfileWarning(line: line, .plugin(arguments.positional.first?.value.text ?? "")))
            expectStatementEnd()
        case "project", "xcodeproj", "workspace", "use_frameworks!":
            let line = current.line
            advance()
            guard let arguments = parseArguments() else { return skipStatement() }
            readXcodeSetting(name, arguments, line: line)
            expectStatementEnd()
        case _ where Self.settings.contains(name):
            let line = current.line
            advance()
            guard parseArguments() != nil else { return skipStatement() }
            warnings.append(PodfileWarning(line: line, .setting(name)))
            expectStatementEnd()
        default:
            if let method = methods[name] { return callMethod(name, method) }
            if variable(named: name) != nil {
                advance()
                return expectStatementEnd()
            }
            record(constructAtCurrent)
            skipStatement()
        }
    }

    /// `name = literal`: a string, an array (`['A', 'B']`, `%w[A B]`), a hash (`{ git: 'x' }`),
    /// a symbol, a number, `true`, `false` or `nil`, of literals or variables holding them: the
    /// only assignment deps reads. The name stands for the value wherever it is used after.
    mutating func parseAssignment(_ name: String) {
        advance()
        advance()
        guard let value = parseValue() else { return skipStatement() }
        if name.unicodeScalars.first?.properties.isUppercase == true { constants[name] = value } else { locals[name] = value }
        expectStatementEnd()
    }

    /// What deps carries into the Depsfile's `xcode:` (BEHAVIOUR 15): the target's project, the
    /// workspace, and `use_frameworks!`'s linkage. Anything it cannot read is dropped with a warning.
    mutating func readXcodeSetting(_ name: String, _ arguments: PodfileArguments, line: Int) {
        let first = arguments.positional.first?.value
        switch name {
        case "project", "xcodeproj":
            guard let path = first?.text else { return warnings.append(PodfileWarning(line: line, .setting(name))) }
            // A build configuration map (`'Beta' => :release`) is Xcode's business.
            if !arguments.options.isEmpty || arguments.positional.count > 1 { warnings.append(PodfileWarning(line: line, .setting(name))) }
            targets[targets.count - 1].project = path
        case "workspace":
            guard let path = first?.text else { return warnings.append(PodfileWarning(line: line, .setting(name))) }
            workspace = path
        default:
            var linkage = ProductLinkage.dynamic
            if first == .bool(false) { linkage = .automatic }
            for option in arguments.options where option.key == "linkage" {
                switch option.value.text {
                case "static": linkage = .static
                case "dynamic": linkage = .dynamic
                default: warnings.append(PodfileWarning(line: line, .setting(name)))
                }
            }
            targets[targets.count - 1].linkage = linkage
            targets[targets.count - 1].linkageLine = line
        }
    }

    mutating func parseTarget(abstract: Bool) {
        let line = current.line
        advance()
        guard let arguments = parseArguments() else { return skipStatement() }
        guard arguments.positional.count == 1, arguments.options.isEmpty, let name = arguments.positional[0].value.text else {
            record(.invalidOption(abstract ? "abstract_target" : "target"), line: line)
            return skipStatement()
        }
        // `target 'AppTests'` with no block: a target with no pods of its own.
        if current.kind == .newline || current.kind == .keyword("end") {
            targets[targets.count - 1].children.append(PodfileTarget(name: name, isAbstract: abstract, line: line))
            return expectStatementEnd()
        }
        guard current.kind == .keyword("do") else {
            record(constructAtCurrent)
            return skipStatement()
        }
        advance()
        if current.kind == .punctuation("|") {
            advance()
            while index < limit, current.kind != .punctuation("|"), current.kind != .newline { advance() }
            if current.kind == .punctuation("|") { advance() }
        }
        targets.append(PodfileTarget(name: name, isAbstract: abstract, line: line))
        parseStatements(inBlockFrom: line)
        let target = targets.removeLast()
        targets[targets.count - 1].children.append(target)
    }

    /// `def name ... end`: kept, to be expanded where it is called. Methods with parameters are
    /// kept too: a hook may call them, and a call anywhere else is refused.
    mutating func parseDefinition() {
        let line = current.line
        let start = index
        advance()
        if current.kind == .keyword("self"), next.kind == .punctuation(".") {
            advance()
            advance()
        }
        var name = ""
        switch current.kind {
        case let .identifier(word), let .keyword(word): name = word
        default: break
        }
        advance()
        var hasParameters = false
        if current.kind == .punctuation("("), next.kind == .punctuation(")") {
            advance()
            advance()
        } else if current.kind != .newline {
            hasParameters = true
        }
        while index < limit, current.kind != .newline { advance() }
        let bodyStart = index
        index = start
        let end = skipBlock()
        if !name.isEmpty { methods[name] = PodfileMethod(line: line, hasParameters: hasParameters, body: bodyStart..<max(bodyStart, end)) }
    }

    mutating func callMethod(_ name: String, _ method: PodfileMethod) {
        let line = current.line
        advance()
        guard !method.hasParameters else {
            record(.methodWithParameters(name), line: line)
            return skipStatement()
        }
        guard let arguments = parseArguments() else { return skipStatement() }
        guard arguments.positional.isEmpty, arguments.options.isEmpty else {
            record(.methodWithParameters(name), line: line)
            return skipStatement()
        }
        guard !expanding.contains(name) else {
            record(.recursion(name), line: line)
            return skipStatement()
        }
        let saved = (index, limit, locals)
        (index, limit, locals) = (method.body.lowerBound, method.body.upperBound, [:])
        expanding.append(name)
        parseStatements()
        expanding.removeLast()
        (index, limit, locals) = saved
        expectStatementEnd()
    }

    /// After a statement: the end of the line, or a block's `end` (left for the block).
    mutating func expectStatementEnd() {
        switch current.kind {
        case .newline: advance()
        case .keyword("end"): break
        default:
            record(constructAtCurrent)
            skipStatement()
        }
    }

    /// Skips the rest of a statement, with any `do ... end` block it opens.
    mutating func skipStatement() {
        while index < limit {
            switch current.kind {
            case .newline:
                advance()
                return
            case .keyword("end"):
                return
            case .keyword("do"):
                _ = skipBlock()
            default:
                advance()
            }
        }
    }

    /// From a block's opening keyword (`do`, `def`, `if` …) to past its matching `end`, by
    /// Ruby's block structure: `if`/`unless`/`while`/`until` open a block only where a statement
    /// starts (not as modifiers), and the `do` of a `while`/`until`/`for` line is the loop's.
    /// Answers the index of the matching `end` (the limit when there is none).
    mutating func skipBlock() -> Int {
        var depth = 0
        var loopHeader = false
        let opener = index
        while index < limit {
            let token = current
            // The opening keyword opens the block wherever it stands (`end if x` included).
            let atStatementStart = index == opener || index == 0 || Self.startsStatement(after: tokens[index - 1].kind)
            switch token.kind {
            case .newline:
                loopHeader = false
            case .keyword("do"):
                if loopHeader { loopHeader = false } else { depth += 1 }
            case .keyword("def"), .keyword("class"), .keyword("module"), .keyword("begin"), .keyword("case"):
                depth += 1
            case .keyword("for"):
                depth += 1
                loopHeader = true
            case let .keyword(word) where ["if", "unless", "while", "until"].contains(word) && atStatementStart:
                depth += 1
                loopHeader = word == "while" || word == "until"
            case .keyword("end"):
                depth -= 1
                if depth == 0 {
                    let end = index
                    advance()
                    return end
                }
            default:
                break
            }
            advance()
        }
        return limit
    }

    static func startsStatement(after kind: PodfileToken.Kind) -> Bool {
        switch kind {
        case .newline: true
        case let .keyword(word): ["then", "else", "do", "begin", "and", "or", "not", "return", "elsif", "when", "ensure", "rescue"].contains(word)
        case let .punctuation(text): ["(", "[", "{", ",", "|", "||", "&&", "!"].contains(text) || (text.hasSuffix("=") && !["==", "!=", ">=", "<=", "==="].contains(text))
        default: false
        }
    }
}
