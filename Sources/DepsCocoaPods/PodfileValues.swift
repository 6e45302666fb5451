import DepsCore

/// A literal value in a Podfile's arguments, after variables are replaced by their values.
indirect enum PodfileValue: Equatable {
    case string(String)
    case symbol(String)
    case bool(Bool)
    case nilValue
    case number(String)
    case array([PodfileValue])
    case hash([(key: String, value: PodfileValue)])

    static func == (lhs: PodfileValue, rhs: PodfileValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)), let (.symbol(a), .symbol(b)), let (.number(a), .number(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case (.nilValue, .nilValue): true
        case let (.array(a), .array(b)): a == b
        case let (.hash(a), .hash(b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// A string, or a symbol's name (`:ios`, `'ios'`).
    var text: String? {
        switch self {
        case let .string(text), let .symbol(text): text
        default: nil
        }
    }
}

/// A call's arguments: the positional ones, then the options of a trailing hash.
struct PodfileArguments {
    var positional: [(value: PodfileValue, line: Int)] = []
    var options: [(key: String, value: PodfileValue, line: Int)] = []
}

extension PodfileParser {
    /// Whether the current token ends a statement's arguments.
    var atArgumentsEnd: Bool {
        switch current.kind {
        case .newline: true
        case let .keyword(word): word == "do" || word == "end"
        case let .punctuation(text): text == "{"
        default: false
        }
    }

    /// Reads a call's arguments, with or without parentheses, up to the end of the statement
    /// or a block's `do`. Nil when a value cannot be read (its error is recorded).
    mutating func parseArguments() -> PodfileArguments? {
        var arguments = PodfileArguments()
        let parenthesized = current.kind == .punctuation("(") && !current.spaced
        if parenthesized {
            advance()
            if current.kind == .punctuation(")") {
                advance()
                return arguments
            }
        } else if atArgumentsEnd {
            return arguments
        }
        while true {
            let line = current.line
            if let key = hashKey() {
                guard let value = parseValue() else { return nil }
                arguments.options.append((key, value, line))
            } else if current.kind == .punctuation("{"), !arguments.positional.isEmpty || !arguments.options.isEmpty || parenthesized {
                guard case let .hash(pairs)? = parseValue() else { return nil }
                arguments.options += pairs.map { ($0.key, $0.value, line) }
            } else if current.kind == .punctuation("*"), case let .identifier(name) = next.kind {
                // `*versions`: an array variable's elements, each an argument.
                guard let held = variable(named: name) else {
                    advance()
                    return refuseHere()
                }
                guard case let .array(values) = held else { return refuseHere() }
                advance()
                advance()
                guard Self.endsValue(current.kind) else { return refuseHere() }
                arguments.positional += values.map { ($0, line) }
            } else {
                guard let value = parseValue() else { return nil }
                arguments.positional.append((value, line))
            }
            if current.kind == .punctuation(",") {
                advance()
                continue
            }
            break
        }
        if parenthesized {
            guard current.kind == .punctuation(")") else { return refuseHere() }
            advance()
        }
        // `pod 'Kit', options` with `options = { git: '…' }`: a trailing hash is the options, as in Ruby.
        if arguments.options.isEmpty, arguments.positional.count > 1, case let .hash(pairs) = arguments.positional.last?.value,
           let line = arguments.positional.last?.line {
            arguments.positional.removeLast()
            arguments.options = pairs.map { ($0.key, $0.value, line) }
        }
        return arguments
    }

    /// `key:` or `:key =>` (also `'key' =>`): the key, with the tokens read.
    mutating func hashKey() -> String? {
        if case let .label(key) = current.kind {
            advance()
            return key
        }
        let key: String
        switch current.kind {
        case let .symbol(name): key = name
        case let .string(text, interpolated: false): key = text
        default: return nil
        }
        guard next.kind == .punctuation("=>") else { return nil }
        advance()
        advance()
        return key
    }

    /// One literal value, a variable holding one, an array or a hash. Nil when it cannot
    /// be read statically (its error is recorded).
    mutating func parseValue() -> PodfileValue? {
        let token = current
        let value: PodfileValue
        switch token.kind {
        case let .string(text, interpolated):
            if interpolated { return refuse(.interpolation) }
            advance()
            value = .string(text)
        case let .symbol(name):
            advance()
            value = .symbol(name)
        case let .number(text):
            advance()
            value = .number(text)
        case let .words(words):
            advance()
            value = .array(words.map { .string($0) })
        case let .identifier(name):
            switch name {
            case "true", "false":
                advance()
                value = .bool(name == "true")
            case "nil":
                advance()
                value = .nilValue
            default:
                guard let held = variable(named: name) else { return refuse(construct(naming: name)) }
                advance()
                value = held
            }
        case .punctuation("["):
            advance()
            var elements: [PodfileValue] = []
            while current.kind != .punctuation("]") {
                guard let element = parseValue() else { return nil }
                elements.append(element)
                guard current.kind == .punctuation(",") else { break }
                advance()
            }
            guard current.kind == .punctuation("]") else { return refuseHere() }
            advance()
            value = .array(elements)
        case .punctuation("{"):
            advance()
            var pairs: [(key: String, value: PodfileValue)] = []
            while current.kind != .punctuation("}") {
                guard let key = hashKey() else { return refuseHere() }
                guard let element = parseValue() else { return nil }
                pairs.append((key, element))
                guard current.kind == .punctuation(",") else { break }
                advance()
            }
            guard current.kind == .punctuation("}") else { return refuseHere() }
            advance()
            value = .hash(pairs)
        default:
            return refuseHere()
        }
        // A value used in an expression (`'5.0'.freeze`, `a + b`, `x ? y : z`) is Ruby to run.
        if Self.endsValue(current.kind) { return value }
        if current.kind == .punctuation("=>"), token.kind.isHashKeyCandidate { return value }
        return refuseHere()
    }

    /// Whether a token may follow a value: what ends an argument, an element or a statement.
    static func endsValue(_ kind: PodfileToken.Kind) -> Bool {
        switch kind {
        case .punctuation(","), .punctuation(")"), .punctuation("]"), .punctuation("}"), .newline, .keyword("do"), .keyword("end"): true
        default: false
        }
    }

    /// What a name deps cannot evaluate is: `ENV`, a loader, an evaluator, or an unknown name.
    func construct(naming name: String) -> PodfileConstruct {
        switch name {
        case "ENV": .environment
        case "require", "require_relative", "load": .loading(name)
        case "eval", "instance_eval", "class_eval", "module_eval", "system", "exec", "spawn", "send", "public_send": .evaluation(name)
        case "podspec": .podspecDirective
        default: .unknownName(name)
        }
    }
}

extension PodfileToken.Kind {
    var isHashKeyCandidate: Bool {
        switch self {
        case .symbol, .string: true
        default: false
        }
    }
}
