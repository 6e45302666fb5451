import DepsCore

/// Words a derivation, following the error reporting of dart-lang/pub's `doc/solver.md`:
/// each line states one derived step and why it holds; a line gets a number only when a
/// later line refers back to it, and a blank line separates independent branches.
struct DerivationTextReport {
    private let wording: DerivationWording
    private let derivation: Derivation
    private let root: Int
    /// How many derived steps each step is a cause of.
    private var uses: [Int: Int] = [:]
    /// The lines written so far with their numbers; an empty text is a blank line.
    private var lines: [(text: String, number: Int?)] = []
    private var lineNumbers: [Int: Int] = [:]

    init(_ derivation: Derivation) {
        self.derivation = derivation
        self.root = derivation.conclusion
        self.wording = DerivationWording(derivation: derivation)
        countUses(of: root)
    }

    /// The whole explanation, one statement per line.
    static func text(for derivation: Derivation) -> String {
        var report = DerivationTextReport(derivation)
        return report.write()
    }

    private mutating func countUses(of step: Int) {
        if let count = uses[step] {
            uses[step] = count + 1
            return
        }
        uses[step] = 1
        if case let .derived(conflict, other) = derivation.steps[step].cause {
            countUses(of: conflict)
            countUses(of: other)
        }
    }

    private func isDerived(_ step: Int) -> Bool {
        derivation.steps[step].isDerived
    }

    private mutating func write() -> String {
        if isDerived(root) {
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

    private mutating func append(_ step: Int, _ text: String, numbered: Bool = false) {
        guard numbered else {
            lines.append((text, nil))
            return
        }
        let number = lineNumbers.count + 1
        lineNumbers[step] = number
        lines.append((text, number))
    }

    private func line(of step: Int) -> Int? {
        lineNumbers[step]
    }

    /// Writes the lines that prove a derived step.
    private mutating func visit(_ incompatibility: Int, conclusion: Bool = false) {
        guard case let .derived(conflict, other) = derivation.steps[incompatibility].cause else { return }
        let numbered = conclusion || uses[incompatibility, default: 0] > 1
        let conjunction = conclusion || incompatibility == root ? "So," : "And"
        let claim = wording.describe(incompatibility)

        switch (isDerived(conflict), isDerived(other)) {
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
            let (derived, external) = isDerived(conflict) ? (conflict, other) : (other, conflict)
            if let derivedLine = line(of: derived) {
                let reasons = wording.describe(external, nil, and: derived, derivedLine)
                append(incompatibility, "Because \(reasons), \(claim).", numbered: numbered)
            } else if isCollapsible(derived), case let .derived(innerConflict, innerOther) = derivation.steps[derived].cause {
                let (innerDerived, innerExternal) = isDerived(innerConflict) ? (innerConflict, innerOther) : (innerOther, innerConflict)
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

    /// Whether a derived step is proved from two external facts (one line).
    private func isSingleLine(_ step: Int) -> Bool {
        guard case let .derived(conflict, other) = derivation.steps[step].cause else { return false }
        return !isDerived(conflict) && !isDerived(other)
    }

    /// Whether a derived step can be folded into the next line: it is used once, from one
    /// derived and one external cause, and its derived cause has no line number of its own.
    private func isCollapsible(_ step: Int) -> Bool {
        guard uses[step, default: 0] <= 1,
              case let .derived(conflict, other) = derivation.steps[step].cause,
              isDerived(conflict) != isDerived(other)
        else { return false }
        let derived = isDerived(conflict) ? conflict : other
        return line(of: derived) == nil
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
