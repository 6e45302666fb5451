import DepsCore

/// How terms and derivation steps read in an explanation, in pub's style:
/// "the Depsfile depends on Moya ~> 15.0", "Depsfile.lock pins Alamofire 4.9.1",
/// "no versions of Foo match >= 9.0", "Moya >= 15.0.0 cannot be used".
struct DerivationWording {
    let derivation: Derivation

    /// "the Depsfile" for the project, the package's name otherwise. A package's spec alone
    /// reads as the package: "Kit/Core 1.0.0 depends on Kit 1.0.0".
    static func name(of subject: DerivationTerm.Subject) -> String {
        switch subject {
        case .depsfile: "the Depsfile"
        case let .package(name), let .packageAlone(name): name.description
        }
    }

    /// The term read positively: the package and the versions it covers. `every` writes a
    /// term that covers every version as "every version of Foo" rather than "Foo".
    static func describe(_ term: DerivationTerm, every: Bool = false) -> String {
        let name = name(of: term.subject)
        guard term.subject != .depsfile else { return name }
        let range = describe(term.versions)
        if range.isEmpty {
            if case .requirement = term.versions { return name }
            return every ? "every version of \(name)" : name
        }
        return "\(name) \(range)"
    }

    /// A requirement as its owner wrote it, `15.0.0` for `= 15.0.0`.
    static func describe(_ requirement: Requirement) -> String {
        if requirement.constraints.count == 1, requirement.constraints[0].op == .equal {
            return requirement.constraints[0].version.description
        }
        return requirement.description
    }

    /// Versions as a compact range: "" for all of them (or any version), "5.0.0", ">= 5.0.0",
    /// "< 2.0", ">= 5.0.0, < 6.0.0", "!= 2.0", or runs joined by "or".
    static func describe(_ versions: TermVersions) -> String {
        switch versions {
        case let .requirement(requirement): requirement.isAny ? "" : describe(requirement)
        case .every: ""
        case .none: "(no versions)"
        case let .allBut(version): "!= \(version)"
        case let .runs(runs): runs.map(describe).joined(separator: " or ")
        }
    }

    static func describe(_ run: VersionRun) -> String {
        switch run {
        case let .exactly(version): version.description
        case let .atLeast(version): ">= \(version)"
        case let .below(version): "< \(version)"
        case let .between(lower, upper): ">= \(lower), < \(upper)"
        }
    }

    private func describe(_ term: DerivationTerm, every: Bool = false) -> String {
        Self.describe(term, every: every)
    }

    /// What a step says, as a clause.
    func describe(_ index: Int) -> String {
        let step = derivation.steps[index]
        let terms = step.terms
        switch step.cause {
        case .depsfile:
            return "the Depsfile is required"
        case .dependency:
            return "\(describe(terms[0], every: true)) depends on \(describe(terms[1]))"
        case .noVersions:
            let term = terms[0]
            if case let .requirement(requirement) = term.versions, !requirement.isAny {
                return "no versions of \(Self.name(of: term.subject)) match \(Self.describe(requirement))"
            }
            return "\(Self.name(of: term.subject)) has only prerelease versions"
        case .missingPackage:
            return "no source has \(Self.name(of: terms[0].subject))"
        case let .pin(version, inSources):
            return "Depsfile.lock pins \(Self.name(of: terms[0].subject)) \(version)" + (inSources ? "" : ", which no source has")
        case let .cycle(members):
            let steps = members.map { "\(Self.name(of: $0.subject)) \($0.version)" }
            if steps.count == 1 { return "\(steps[0]) depends on itself" }
            return "\((steps + [steps[0]]).joined(separator: " -> ")) is a dependency cycle"
        case let .unavoidableCycle(members):
            let steps = members.map { "\(Self.name(of: $0.subject)) \($0.version)" }
            return "\((steps + [steps[0]]).joined(separator: " -> ")) is a dependency cycle that every version of them is on"
        case .prereleaseNotNamed:
            // "no requirement names a prerelease of RxSwift to admit RxSwift 6.0.0-rc.2"; with the
            // chosen versions: "neither the Depsfile nor RxCocoa 6.0.0 names ...".
            let purpose = "a prerelease of \(Self.name(of: terms[0].subject)) to admit \(describe(terms[0]))"
            let chosen = terms.dropFirst().map { describe($0) }
            if chosen.isEmpty { return "no requirement names \(purpose)" }
            if chosen.count == 1 { return "neither the Depsfile nor \(chosen[0]) names \(purpose)" }
            return "none of the Depsfile, \(Self.list(chosen, joinedBy: "or")) names \(purpose)"
        case .derived:
            return describeDerived(terms)
        }
    }

    private func describeDerived(_ terms: [DerivationTerm]) -> String {
        if terms.isEmpty || (terms.count == 1 && terms[0].subject == .depsfile) { return "version solving failed" }
        let positive = terms.filter(\.isPositive)
        let negative = terms.filter { !$0.isPositive }
        if terms.count == 1 {
            return positive.isEmpty ? "\(describe(terms[0])) is required" : "\(describe(terms[0])) cannot be used"
        }
        if negative.isEmpty {
            if positive.count == 2 { return "\(describe(positive[0])) is incompatible with \(describe(positive[1]))" }
            return "\(Self.list(positive.map { describe($0) }, joinedBy: "and")) cannot all be used"
        }
        let required = negative.map { describe($0) }.joined(separator: " or ")
        if positive.isEmpty {
            return negative.count == 2 ? "either \(required) is required" : "one of \(required) is required"
        }
        if positive.count == 1 { return "\(describe(positive[0], every: true)) requires \(required)" }
        return "if \(positive.map { describe($0) }.joined(separator: " and ")) then \(required)"
    }

    /// "a and b", or "X depends on both Y and Z" when both say what one term needs.
    /// Line numbers, when given, follow the clause they refer to.
    func describe(_ first: Int, _ firstLine: Int?, and second: Int, _ secondLine: Int?) -> String {
        func numbered(_ text: String, _ line: Int?) -> String {
            line.map { "\(text) (\($0))" } ?? text
        }
        if let chain = chain(first, firstLine, second, secondLine) { return chain }
        let (firstStep, secondStep) = (derivation.steps[first], derivation.steps[second])
        if let shared = sharedSubject(firstStep, secondStep) {
            let bothDependencies = firstStep.cause == .dependency && secondStep.cause == .dependency
            let needs = { (step: DerivationStep) in
                step.terms.filter { !$0.isPositive }.map { self.describe($0) }.joined(separator: " or ")
            }
            return "\(describe(shared, every: true)) \(bothDependencies ? "depends on" : "requires") both "
                + "\(numbered(needs(firstStep), firstLine)) and \(numbered(needs(secondStep), secondLine))"
        }
        return "\(numbered(describe(first), firstLine)) and \(numbered(describe(second), secondLine))"
    }

    /// "X depends on Y which depends on Z" when one step needs what the other's single
    /// subject covers.
    private func chain(_ first: Int, _ firstLine: Int?, _ second: Int, _ secondLine: Int?) -> String? {
        let (firstStep, secondStep) = (derivation.steps[first], derivation.steps[second])
        guard firstStep.terms.count > 1, secondStep.terms.count > 1 else { return nil }
        func link(_ prior: DerivationStep, _ latter: DerivationStep) -> (subject: DerivationTerm, need: DerivationTerm)? {
            let priorPositive = prior.terms.filter(\.isPositive)
            let priorNegative = prior.terms.filter { !$0.isPositive }
            let latterPositive = latter.terms.filter(\.isPositive)
            guard priorPositive.count == 1, priorNegative.count == 1, latterPositive.count == 1,
                  priorNegative[0].lies(within: latterPositive[0])
            else { return nil }
            if latter.isOnACycle { return nil }
            return (priorPositive[0], priorNegative[0])
        }
        let ordered: (prior: DerivationStep, priorLine: Int?, latter: DerivationStep, latterLine: Int?, link: (subject: DerivationTerm, need: DerivationTerm))
        if let found = link(firstStep, secondStep) {
            ordered = (firstStep, firstLine, secondStep, secondLine, found)
        } else if let found = link(secondStep, firstStep) {
            ordered = (secondStep, secondLine, firstStep, firstLine, found)
        } else {
            return nil
        }
        func verb(_ step: DerivationStep) -> String {
            step.cause == .dependency ? "depends on" : "requires"
        }
        let latterNeeds = ordered.latter.terms.filter { !$0.isPositive }.map { describe($0) }.joined(separator: " or ")
        var text = "\(describe(ordered.link.subject, every: true)) \(verb(ordered.prior)) \(describe(ordered.link.need))"
        if let line = ordered.priorLine { text += " (\(line))" }
        text += " which \(verb(ordered.latter)) \(latterNeeds)"
        if let line = ordered.latterLine { text += " (\(line))" }
        return text
    }

    /// The single positive term both steps have, when it is the same and each also has
    /// negative terms ("X requires ...").
    private func sharedSubject(_ first: DerivationStep, _ second: DerivationStep) -> DerivationTerm? {
        guard first.terms.count > 1, second.terms.count > 1 else { return nil }
        let a = first.terms.filter(\.isPositive)
        let b = second.terms.filter(\.isPositive)
        guard a.count == 1, b.count == 1, a[0] == b[0], !first.isOnACycle, !second.isOnACycle else { return nil }
        return a[0]
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String], joinedBy word: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(word) " + items.last!
    }
}

extension DerivationStep {
    /// Whether the step states a dependency cycle.
    var isOnACycle: Bool {
        switch cause {
        case .cycle, .unavoidableCycle: true
        default: false
        }
    }
}
