/// Turns the root incompatibility of a failed resolution into text, following the error
/// reporting of dart-lang/pub's `doc/solver.md`: each line states one derived
/// incompatibility and why it holds; a line gets a number only when a later line refers
/// back to it, and a blank line separates independent branches of the derivation.
struct DerivationReport {
    private let wording: ResolutionWording
    private let root: Incompatibility
    /// How many derived incompatibilities each incompatibility is a cause of.
    private var uses: [ObjectIdentifier: Int] = [:]
    /// The lines written so far with their numbers; an empty text is a blank line.
    private var lines: [(text: String, number: Int?)] = []
    private var lineNumbers: [ObjectIdentifier: Int] = [:]

    init(root: Incompatibility, registry: PackageRegistry) {
        self.root = root
        self.wording = ResolutionWording(registry: registry)
        countUses(of: root)
    }

    /// The whole explanation, one statement per line.
    static func text(for root: Incompatibility, registry: PackageRegistry) -> String {
        var report = DerivationReport(root: root, registry: registry)
        return report.write()
    }

    private mutating func countUses(of incompatibility: Incompatibility) {
        let key = ObjectIdentifier(incompatibility)
        if let count = uses[key] {
            uses[key] = count + 1
            return
        }
        uses[key] = 1
        if case let .conflict(conflict, other) = incompatibility.cause {
            countUses(of: conflict)
            countUses(of: other)
        }
    }

    private mutating func write() -> String {
        if root.isDerived {
            visit(root)
        } else {
            append(root, "Because \(wording.describe(root)), version solving failed.")
        }
        let width = lineNumbers.isEmpty ? 0 : "(\(lineNumbers.count)) ".count
        var output: [String] = []
        for line in lines {
            if line.text.isEmpty {
                if output.last?.isEmpty == false { output.append("") }
                continue
            }
            let label = line.number.map { "(\($0))" } ?? ""
            output.append(label.padding(to: width) + line.text)
        }
        return output.joined(separator: "\n")
    }

    private mutating func append(_ incompatibility: Incompatibility, _ text: String, numbered: Bool = false) {
        guard numbered else {
            lines.append((text, nil))
            return
        }
        let number = lineNumbers.count + 1
        lineNumbers[ObjectIdentifier(incompatibility)] = number
        lines.append((text, number))
    }

    private func line(of incompatibility: Incompatibility) -> Int? {
        lineNumbers[ObjectIdentifier(incompatibility)]
    }

    /// Writes the lines that prove a derived incompatibility.
    private mutating func visit(_ incompatibility: Incompatibility, conclusion: Bool = false) {
        guard case let .conflict(conflict, other) = incompatibility.cause else { return }
        let numbered = conclusion || uses[ObjectIdentifier(incompatibility), default: 0] > 1
        let conjunction = conclusion || incompatibility === root ? "So," : "And"
        let claim = wording.describe(incompatibility)

        switch (conflict.isDerived, other.isDerived) {
        case (true, true):
            if let conflictLine = line(of: conflict), let otherLine = line(of: other) {
                let reasons = wording.describe(conflict, conflictLine, and: other, otherLine)
                append(incompatibility, "Because \(reasons), \(claim).", numbered: numbered)
            } else if let known = line(of: conflict) ?? line(of: other) {
                let (withLine, withoutLine) = line(of: conflict) != nil ? (conflict, other) : (other, conflict)
                visit(withoutLine)
                append(incompatibility, "\(conjunction) because \(wording.describe(withLine)) (\(known)), \(claim).", numbered: numbered)
            } else if isSingleLine(conflict) || isSingleLine(other) {
                let (first, second) = isSingleLine(other) ? (conflict, other) : (other, conflict)
                visit(first)
                visit(second)
                append(incompatibility, "Thus, \(claim).", numbered: numbered)
            } else {
                visit(conflict, conclusion: true)
                lines.append(("", nil))
                visit(other)
                let conflictLine = line(of: conflict).map { " (\($0))" } ?? ""
                append(incompatibility, "\(conjunction) because \(wording.describe(conflict))\(conflictLine), \(claim).", numbered: numbered)
            }
        case (true, false), (false, true):
            let (derived, external) = conflict.isDerived ? (conflict, other) : (other, conflict)
            if let derivedLine = line(of: derived) {
                let reasons = wording.describe(external, nil, and: derived, derivedLine)
                append(incompatibility, "Because \(reasons), \(claim).", numbered: numbered)
            } else if isCollapsible(derived), case let .conflict(innerConflict, innerOther) = derived.cause {
                let (innerDerived, innerExternal) = innerConflict.isDerived ? (innerConflict, innerOther) : (innerOther, innerConflict)
                visit(innerDerived)
                let reasons = wording.describe(innerExternal, nil, and: external, nil)
                append(incompatibility, "\(conjunction) because \(reasons), \(claim).", numbered: numbered)
            } else {
                visit(derived)
                append(incompatibility, "\(conjunction) because \(wording.describe(external)), \(claim).", numbered: numbered)
            }
        case (false, false):
            let reasons = wording.describe(conflict, nil, and: other, nil)
            append(incompatibility, "Because \(reasons), \(claim).", numbered: numbered)
        }
    }

    /// Whether a derived incompatibility is proved from two external facts (one line).
    private func isSingleLine(_ incompatibility: Incompatibility) -> Bool {
        guard case let .conflict(conflict, other) = incompatibility.cause else { return false }
        return !conflict.isDerived && !other.isDerived
    }

    /// Whether the step that derived `incompatibility` can be folded into the next line:
    /// it is used once, from one derived and one external cause, and its derived cause
    /// has no line number of its own.
    private func isCollapsible(_ incompatibility: Incompatibility) -> Bool {
        guard uses[ObjectIdentifier(incompatibility), default: 0] <= 1,
              case let .conflict(conflict, other) = incompatibility.cause,
              conflict.isDerived != other.isDerived
        else { return false }
        let derived = conflict.isDerived ? conflict : other
        return line(of: derived) == nil
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
