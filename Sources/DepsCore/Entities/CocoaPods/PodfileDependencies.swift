import DepsFailures
/// A package the Podfile asks for, across every target: the union CocoaPods locks as one.
public struct PodfileDependency: Sendable, Hashable {
    public let name: PackageName
    /// Every requirement any target wrote on this package, as one.
    public let requirement: Requirement
    public let externalSource: PodExternalSource?
    public let specRepository: String?
    /// The lines that declare it, in order.
    public let lines: [Int]

    public init(name: PackageName, requirement: Requirement, externalSource: PodExternalSource?, specRepository: String?, lines: [Int]) {
        self.name = name
        self.requirement = requirement
        self.externalSource = externalSource
        self.specRepository = specRepository
        self.lines = lines
    }
}

/// The pods one concrete target uses: its own and, unless it inherits only search paths, those
/// of the targets around it.
public struct PodfileTargetListing: Sendable, Hashable {
    public let target: String
    public let pods: [PackageName]

    public init(target: String, pods: [PackageName]) {
        self.target = target
        self.pods = pods
    }
}

extension Podfile {
    /// Every declaration, depth first in the order written, the root's first.
    public var declarations: [PodDeclaration] {
        var result: [PodDeclaration] = []
        func visit(_ target: PodfileTarget) {
            result += target.pods
            target.children.forEach(visit)
        }
        visit(root)
        return result
    }

    /// The union of every target's pods, in the order first declared (BEHAVIOUR 10): a package
    /// declared in several places gets every requirement; `:subspecs` gives one dependency per
    /// subspec. One pod (its subspecs included) declared from two different external sources or
    /// spec repositories is a conflict, named at the line that disagrees; a declaration without
    /// an external source takes the one another line gives.
    public func dependencies() -> (dependencies: [PodfileDependency], conflicts: [PodfileError]) {
        struct Entry {
            var requirement: Requirement
            var lines: [Int]
        }
        var order: [PackageName] = []
        var entries: [PackageName: Entry] = [:]
        var externalSources: [PackageName: PodExternalSource] = [:]
        var specRepositories: [PackageName: String] = [:]
        var conflicts: [PodfileError] = []
        for declaration in declarations {
            let root = declaration.name.root
            var conflicting = false
            if let source = declaration.externalSource {
                if let known = externalSources[root], known != source { conflicting = true } else { externalSources[root] = source }
            }
            if let repository = declaration.specRepository {
                if let known = specRepositories[root], known != repository { conflicting = true } else { specRepositories[root] = repository }
            }
            if conflicting, !conflicts.contains(where: { $0.line == declaration.line }) {
                conflicts.append(PodfileError(line: declaration.line, .conflictingSources(root)))
            }
            for name in declaration.packageNames {
                if var entry = entries[name] {
                    entry.requirement = entry.requirement.intersection(declaration.requirement)
                    if entry.lines.last != declaration.line { entry.lines.append(declaration.line) }
                    entries[name] = entry
                } else {
                    order.append(name)
                    entries[name] = Entry(requirement: declaration.requirement, lines: [declaration.line])
                }
            }
        }
        let dependencies = order.compactMap { name in
            entries[name].map {
                PodfileDependency(
                    name: name, requirement: $0.requirement, externalSource: externalSources[name.root],
                    specRepository: specRepositories[name.root], lines: $0.lines)
            }
        }
        return (dependencies, conflicts)
    }

    /// Per concrete target, the packages it uses, in the order declared (inherited ones first),
    /// each once.
    public var targetListing: [PodfileTargetListing] {
        var result: [PodfileTargetListing] = []
        func visit(_ target: PodfileTarget, inherited: [PackageName]) {
            var pods = target.inheritance == .complete ? inherited : []
            for name in target.pods.flatMap(\.packageNames) where !pods.contains(name) {
                pods.append(name)
            }
            if !target.isAbstract { result.append(PodfileTargetListing(target: target.name, pods: pods)) }
            for child in target.children { visit(child, inherited: pods) }
        }
        visit(root, inherited: [])
        return result
    }

    /// The test and app specs the Podfile asks for (`pod 'Kit', :testspecs => ['Tests']`), named
    /// as CocoaPods names them in Podfile.lock's PODS and DEPENDENCIES (`Kit/Tests`). deps drops
    /// them with a warning, so they are no dependency of the Depsfile and no package of its lock.
    public var droppedSpecNames: Set<String> {
        var names: Set<String> = []
        for declaration in declarations {
            for option in declaration.droppedOptions {
                switch option {
                case let .testspecs(specs), let .appspecs(specs):
                    names.formUnion(specs.map { "\(declaration.name)/\($0)" })
                default:
                    break
                }
            }
        }
        return names
    }

    /// The warnings the declarations themselves carry: one per dropped option of a pod line.
    public var droppedOptionWarnings: [PodfileWarning] {
        declarations.flatMap { declaration in
            declaration.droppedOptions.map { PodfileWarning(line: declaration.line, .podOption(pod: declaration.name, $0)) }
        }
    }
}

/// Why a Podfile dependency cannot be written as a Depsfile dependency as it stands.
public enum PodfileConversionGap: ExitStatusError, Sendable, Hashable {
    public var exitStatus: ExitStatus { .malformedInput }
    /// A `:tag`, `:branch` or `:commit` deps does not take (an abbreviated commit among them).
    case invalidGitReference(url: String, PodGitReference)
    /// `:podspec` naming what deps cannot read as a spec file: a Ruby `.podspec` (it runs no
    /// Ruby), a URL, or a file neither `.podspec.json` nor `.yaml`.
    case unreadablePodspec(String, PodspecFileProblem)
    /// `:http`, `:svn`, `:hg` or `:bzr`: a download deps has no external source for.
    case download(kind: String, location: String)
}

extension PodfileDependency {
    /// The Depsfile dependency this one becomes, or why it cannot become one as it stands.
    /// `specRepository` is not part of it: the Depsfile says it as the dependency's `source:`
    /// (`ImportedManifest.dependencySources`).
    public func manifestDependency() throws(PodfileConversionGap) -> Dependency {
        switch externalSource {
        case nil:
            return Dependency(name, requirement)
        case let .path(path)?:
            return Dependency(name, requirement, externalSource: .path(path))
        case let .podspec(location)?:
            if let problem = PodspecFileProblem(location: location) { throw .unreadablePodspec(location, problem) }
            return Dependency(name, requirement, externalSource: .podspec(location))
        case let .download(kind, location)?:
            throw .download(kind: kind, location: location)
        case let .git(url, reference, submodules)?:
            // No `:tag`, `:branch` or `:commit`: the repository's default branch, as CocoaPods has it.
            guard let reference else {
                return Dependency(name, requirement, externalSource: .git(url: url, .defaultBranch, submodules: submodules))
            }
            guard let checked = try? GitReference.reading(key: reference.key, value: reference.value) else {
                throw .invalidGitReference(url: url, reference)
            }
            return Dependency(name, requirement, externalSource: .git(url: url, checked, submodules: submodules))
        }
    }
}

extension Podfile {
    /// The Depsfile's dependencies, in the Podfile's order, and the ones that cannot be written
    /// as they stand, each with why. The conflicts of `dependencies()` are not repeated here.
    public func manifestDependencies() -> (dependencies: [Dependency], gaps: [(dependency: PodfileDependency, gap: PodfileConversionGap)]) {
        var converted: [Dependency] = []
        var gaps: [(dependency: PodfileDependency, gap: PodfileConversionGap)] = []
        for dependency in dependencies().dependencies {
            do {
                converted.append(try dependency.manifestDependency())
            } catch {
                gaps.append((dependency, error))
            }
        }
        return (converted, gaps)
    }

    /// The Depsfile's `sources:`, trunk's spellings as `trunk`, each once, in order.
    public var manifestSources: [String] {
        var result: [String] = []
        for source in sources where !result.contains(source.depsName) {
            result.append(source.depsName)
        }
        return result
    }
}
