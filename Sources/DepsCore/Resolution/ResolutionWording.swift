/// How terms and incompatibilities read in an explanation, in pub's style:
/// "the Depsfile depends on Moya ~> 15.0", "Depsfile.lock pins Alamofire 4.9.1",
/// "no versions of Foo match >= 9.0", "Moya >= 15.0.0 cannot be used".
struct ResolutionWording {
    let registry: PackageRegistry

    /// "the Depsfile" for the root, the package's name otherwise. The stand-in that ties a
    /// package's subspecs to one version reads as the package: "Kit/Core 1.0.0 depends on Kit 1.0.0".
    func name(of package: PackageID) -> String {
        guard let name = registry.name(of: package) else { return "the Depsfile" }
        return name.isVersionAnchor ? name.root.description : name.description
    }

    /// The term read positively: the package and the versions it covers. `every` writes a
    /// term that covers every version as "every version of Foo" rather than "Foo".
    func describe(_ term: Term, every: Bool = false) -> String {
        let name = name(of: term.package)
        guard term.package != .root else { return name }
        if let label = term.label {
            let requirement = registry.requirement(labelled: label)
            return requirement.isAny ? name : "\(name) \(describe(requirement))"
        }
        let range = describe(term.versions, of: term.package)
        if range.isEmpty { return every ? "every version of \(name)" : name }
        return "\(name) \(range)"
    }

    /// A requirement as its owner wrote it, `15.0.0` for `= 15.0.0`.
    func describe(_ requirement: Requirement) -> String {
        if requirement.constraints.count == 1, requirement.constraints[0].op == .equal {
            return requirement.constraints[0].version.description
        }
        return requirement.description
    }

    /// A set as a compact range over the known versions: "" for all of them, "5.0.0",
    /// ">= 5.0.0", "< 2.0", ">= 5.0.0, < 6.0.0", "!= 2.0", or runs joined by "or".
    /// When the set holds no prerelease and the package does not admit prereleases, they
    /// are left out of the picture, as a requirement that names none leaves them out.
    func describe(_ set: VersionSet, of package: PackageID) -> String {
        let versions = registry.versions(of: package)
        let members = set.indices
        let showsPrereleases = registry.admitsPrereleases(package) || members.contains { versions[$0].isPrerelease }
        let shown = versions.indices.filter { showsPrereleases || !versions[$0].isPrerelease }
        guard !members.isEmpty else { return "(no versions)" }
        let inSet = shown.map { set.contains($0) }
        if !inSet.contains(false) { return "" }

        let left = shown.indices.filter { !inSet[$0] }
        if left.count == 1, left[0] > 0, left[0] < shown.count - 1 {
            return "!= \(versions[shown[left[0]]])"
        }
        var runs: [String] = []
        var start: Int?
        for position in 0...shown.count {
            let member = position < shown.count && inSet[position]
            if member, start == nil { start = position }
            guard !member, let first = start else { continue }
            let last = position - 1
            start = nil
            let low = versions[shown[first]]
            if last == shown.count - 1 {
                runs.append(">= \(low)")
            } else if first == last {
                runs.append(low.description)
            } else if first == 0 {
                runs.append("< \(versions[shown[last + 1]])")
            } else {
                runs.append(">= \(low), < \(versions[shown[last + 1]])")
            }
        }
        return runs.joined(separator: " or ")
    }

    /// What an incompatibility says, as a clause.
    func describe(_ incompatibility: Incompatibility) -> String {
        let terms = incompatibility.terms
        switch incompatibility.cause {
        case .root:
            return "the Depsfile is required"
        case .dependency:
            return "\(describe(terms[0], every: true)) depends on \(describe(terms[1]))"
        case .noVersions:
            let term = terms[0]
            if let requirement = term.label.map(registry.requirement(labelled:)), !requirement.isAny {
                return "no versions of \(name(of: term.package)) match \(describe(requirement))"
            }
            return "\(name(of: term.package)) has only prerelease versions"
        case .missingPackage:
            return "no source has \(name(of: terms[0].package))"
        case let .pin(version):
            let package = terms[0].package
            let known = registry.versions(of: package).contains(version)
            return "Depsfile.lock pins \(name(of: package)) \(version)" + (known ? "" : ", which no source has")
        case let .cycle(versions):
            let steps = zip(terms, versions).map { "\(name(of: $0.package)) \($1)" }
            if steps.count == 1 { return "\(steps[0]) depends on itself" }
            return "\((steps + [steps[0]]).joined(separator: " -> ")) is a dependency cycle"
        case let .unavoidableCycle(packages, versions):
            let steps = zip(packages, versions).map { "\(name(of: $0)) \($1)" }
            return "\((steps + [steps[0]]).joined(separator: " -> ")) is a dependency cycle that every version of them is on"
        case .conflict:
            return describeDerived(terms)
        }
    }

    private func describeDerived(_ terms: [Term]) -> String {
        if terms.isEmpty || (terms.count == 1 && terms[0].package == .root) { return "version solving failed" }
        let positive = terms.filter(\.isPositive)
        let negative = terms.filter { !$0.isPositive }
        if terms.count == 1 {
            return positive.isEmpty ? "\(describe(terms[0])) is required" : "\(describe(terms[0])) cannot be used"
        }
        if negative.isEmpty {
            if positive.count == 2 { return "\(describe(positive[0])) is incompatible with \(describe(positive[1]))" }
            return "\(list(positive.map { describe($0) }, joinedBy: "and")) cannot all be used"
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
    func describe(_ first: Incompatibility, _ firstLine: Int?, and second: Incompatibility, _ secondLine: Int?) -> String {
        func numbered(_ text: String, _ line: Int?) -> String {
            line.map { "\(text) (\($0))" } ?? text
        }
        if let chain = chain(first, firstLine, second, secondLine) { return chain }
        if let shared = sharedSubject(first, second) {
            let bothDependencies: Bool
            if case .dependency = first.cause, case .dependency = second.cause { bothDependencies = true } else { bothDependencies = false }
            let needs = { (incompatibility: Incompatibility) in
                incompatibility.terms.filter { !$0.isPositive }.map { self.describe($0) }.joined(separator: " or ")
            }
            return "\(describe(shared, every: true)) \(bothDependencies ? "depends on" : "requires") both "
                + "\(numbered(needs(first), firstLine)) and \(numbered(needs(second), secondLine))"
        }
        return "\(numbered(describe(first), firstLine)) and \(numbered(describe(second), secondLine))"
    }

    /// "X depends on Y which depends on Z" when one incompatibility needs what the other's
    /// single subject covers.
    private func chain(_ first: Incompatibility, _ firstLine: Int?, _ second: Incompatibility, _ secondLine: Int?) -> String? {
        guard first.terms.count > 1, second.terms.count > 1 else { return nil }
        func link(_ prior: Incompatibility, _ latter: Incompatibility) -> (subject: Term, need: Term)? {
            let priorPositive = prior.terms.filter(\.isPositive)
            let priorNegative = prior.terms.filter { !$0.isPositive }
            let latterPositive = latter.terms.filter(\.isPositive)
            guard priorPositive.count == 1, priorNegative.count == 1, latterPositive.count == 1,
                  priorNegative[0].package == latterPositive[0].package,
                  priorNegative[0].negated.satisfies(latterPositive[0])
            else { return nil }
            if case .cycle = latter.cause { return nil }
            if case .unavoidableCycle = latter.cause { return nil }
            return (priorPositive[0], priorNegative[0])
        }
        let ordered: (prior: Incompatibility, priorLine: Int?, latter: Incompatibility, latterLine: Int?, link: (subject: Term, need: Term))
        if let found = link(first, second) {
            ordered = (first, firstLine, second, secondLine, found)
        } else if let found = link(second, first) {
            ordered = (second, secondLine, first, firstLine, found)
        } else {
            return nil
        }
        func verb(_ incompatibility: Incompatibility) -> String {
            if case .dependency = incompatibility.cause { return "depends on" }
            return "requires"
        }
        let latterNeeds = ordered.latter.terms.filter { !$0.isPositive }.map { describe($0) }.joined(separator: " or ")
        var text = "\(describe(ordered.link.subject, every: true)) \(verb(ordered.prior)) \(describe(ordered.link.need))"
        if let line = ordered.priorLine { text += " (\(line))" }
        text += " which \(verb(ordered.latter)) \(latterNeeds)"
        if let line = ordered.latterLine { text += " (\(line))" }
        return text
    }

    /// The single positive term both incompatibilities have, when it is the same and each
    /// also has negative terms ("X requires ...").
    private func sharedSubject(_ first: Incompatibility, _ second: Incompatibility) -> Term? {
        guard first.terms.count > 1, second.terms.count > 1 else { return nil }
        let a = first.terms.filter(\.isPositive)
        let b = second.terms.filter(\.isPositive)
        guard a.count == 1, b.count == 1, a[0] == b[0] else { return nil }
        switch (first.cause, second.cause) {
        case (.cycle, _), (_, .cycle), (.unavoidableCycle, _), (_, .unavoidableCycle): return nil
        default: return a[0]
        }
    }

    /// "a", "a and b", "a, b and c".
    func list(_ items: [String], joinedBy word: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(word) " + items.last!
    }
}
