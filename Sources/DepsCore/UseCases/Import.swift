import DepsFailures
/// `deps import`: a CocoaPods project's Podfile (and Podfile.lock) become a Depsfile (and its
/// lock), as BEHAVIOUR 10 says. Nothing is written when anything fails, and an existing
/// Depsfile or Depsfile.lock is never replaced.
public final class ImportInteractor {
    private let cocoaPods: CocoaPodsProject
    private let destination: ImportDestination
    private let xcode: XcodeProjects?

    /// - Parameter xcode: the project's Xcode projects, whose targets the Depsfile's `xcode:` names
    ///   and out of which CocoaPods is taken (BEHAVIOUR 15); nil leaves them alone.
    public init(cocoaPods: CocoaPodsProject, destination: ImportDestination, xcode: XcodeProjects? = nil) {
        self.cocoaPods = cocoaPods
        self.destination = destination
        self.xcode = xcode
    }

    /// Reads, converts and (unless `dryRun`) writes; returns what was (or would be) written.
    ///
    /// - Parameter keepingCocoaPods: leave CocoaPods' integration in the Xcode projects.
    public func importProject(dryRun: Bool, keepingCocoaPods: Bool = false) async throws -> ProjectImport {
        guard let podfile = try await cocoaPods.readPodfile() else { throw PodfileMissingError() }
        let existing = destination.existingFiles()
        guard existing.isEmpty else { throw ImportWouldOverwriteError(files: existing) }
        let podfileLock = try cocoaPods.readPodfileLock()

        var manifestError: PodfileImportError?
        var imported: ImportedManifest?
        let projectsAtTopLevel = xcode?.projectsAtTopLevel() ?? []
        do {
            imported = try podfile.podfile.importedManifest(defaultProject: projectsAtTopLevel.count == 1 ? projectsAtTopLevel[0] : nil)
        } catch { manifestError = error }
        let manifestFile = imported.map(destination.manifestFile)
        var lockfile: Lockfile?
        var lockProblems: [PodfileLockConversionProblem] = []
        if let podfileLock {
            do {
                // The test and app specs the Podfile asks for are dropped from the lock as from the
                // Depsfile: no drift, no package that nothing requires.
                lockfile = try podfileLock.lockfile(
                    depsfileChecksum: manifestFile?.checksum ?? "", droppedSpecs: podfile.podfile.droppedSpecNames)
            } catch {
                lockProblems = error.problems
            }
        }
        guard let imported, let manifestFile, lockProblems.isEmpty else {
            throw PodfileImportError(podfileGaps: manifestError?.podfileGaps ?? [], lockProblems: lockProblems)
        }
        let lockfileText = lockfile.map(destination.lockfileText)
        // CocoaPods' integration is read first: a project deps cannot read stops the import before
        // anything is written.
        var removal: CocoaPodsRemoval?
        let xcodeProjects = imported.xcode?.projects ?? projectsAtTopLevel
        if let xcode, !keepingCocoaPods, !xcodeProjects.isEmpty {
            let workspace = podfile.podfile.workspacePath(projects: xcodeProjects)
            removal = try xcode.removeCocoaPods(from: xcodeProjects, workspace: workspace, dryRun: true)
            if !dryRun {
                try destination.write(manifest: manifestFile.text, lockfile: lockfileText)
                removal = try xcode.removeCocoaPods(from: xcodeProjects, workspace: workspace, dryRun: false)
            }
        } else if !dryRun {
            try destination.write(manifest: manifestFile.text, lockfile: lockfileText)
        }
        // A Podfile.lock older than its Podfile is kept as a stale lock is: install resolves
        // what changed again.
        let drift = lockfile.map { imported.manifest(checksum: manifestFile.checksum).drift(from: $0) }
        let warnings = (podfile.warnings + imported.xcodeWarnings).enumerated().sorted {
            $0.element.line != $1.element.line ? $0.element.line < $1.element.line : $0.offset < $1.offset
        }.map(\.element)
        var result = ProjectImport(
            manifest: imported, warnings: warnings, lockfile: lockfile,
            manifestText: manifestFile.text, lockfileText: lockfileText, written: !dryRun,
            staleLock: drift.flatMap { $0.isEmpty ? nil : $0 }, evaluation: podfile.evaluation)
        result.cocoaPodsRemoval = removal
        result.xcodeProjectsFound = projectsAtTopLevel
        return result
    }
}

/// What `deps import` did (or, with `--dry-run`, would do).
public struct ProjectImport: Sendable, Equatable {
    public let manifest: ImportedManifest
    /// What the Podfile asks for that deps drops, in line order.
    public let warnings: [PodfileWarning]
    /// The lock converted from Podfile.lock; nil when the project has none.
    public let lockfile: Lockfile?
    public let manifestText: String
    public let lockfileText: String?
    /// Whether the files were written (false for a dry run).
    public let written: Bool
    /// How the Podfile's dependencies differ from the Podfile.lock's DEPENDENCIES; nil when they
    /// agree (or there is no lock). The next install resolves those again.
    public let staleLock: DependencyDrift?
    /// How the Podfile was evaluated with Ruby; nil when it was read statically.
    public let evaluation: PodfileEvaluation?
    /// What taking CocoaPods out of the Xcode projects did (or would do); nil when it was not
    /// taken out (`--keep-cocoapods`, or no project).
    public var cocoaPodsRemoval: CocoaPodsRemoval?
    /// The `.xcodeproj` folders beside the Podfile.
    public var xcodeProjectsFound: [String] = []

    public init(
        manifest: ImportedManifest, warnings: [PodfileWarning], lockfile: Lockfile?, manifestText: String,
        lockfileText: String?, written: Bool, staleLock: DependencyDrift? = nil, evaluation: PodfileEvaluation? = nil
    ) {
        self.manifest = manifest
        self.warnings = warnings
        self.lockfile = lockfile
        self.manifestText = manifestText
        self.lockfileText = lockfileText
        self.written = written
        self.staleLock = staleLock
        self.evaluation = evaluation
    }
}

/// A Podfile read: the Podfile and what it drops.
public struct ReadPodfile: Sendable, Equatable {
    public var podfile: Podfile
    public var warnings: [PodfileWarning]
    /// How the Podfile was evaluated with Ruby, when the static reader could not follow it.
    public var evaluation: PodfileEvaluation?

    public init(podfile: Podfile, warnings: [PodfileWarning], evaluation: PodfileEvaluation? = nil) {
        self.podfile = podfile
        self.warnings = warnings
        self.evaluation = evaluation
    }
}

/// A Podfile read by running it with Ruby (BEHAVIOUR 10): which Ruby, and the first line the
/// static reader could not follow, with why.
public struct PodfileEvaluation: Sendable, Equatable {
    /// The `ruby` run, as found on PATH.
    public let ruby: String
    public let rubyVersion: String
    /// The first line the static reader could not follow, and what is there.
    public let firstLine: Int
    public let construct: PodfileConstruct

    public init(ruby: String, rubyVersion: String, firstLine: Int, construct: PodfileConstruct) {
        self.ruby = ruby
        self.rubyVersion = rubyVersion
        self.firstLine = firstLine
        self.construct = construct
    }
}

/// A Depsfile's text and the checksum its lock records for it.
public struct ManifestFile: Sendable, Equatable {
    public let text: String
    public let checksum: String

    public init(text: String, checksum: String) {
        self.text = text
        self.checksum = checksum
    }
}

/// `deps import` in a folder without a Podfile (exit status 1, as `pod install` there).
public struct PodfileMissingError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .refused }
    public init() {}
}

/// `deps import` where a Depsfile or Depsfile.lock exists already (exit status 1): the files it
/// would have replaced, nothing written.
public struct ImportWouldOverwriteError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .refused }
    public let files: [String]

    public init(files: [String]) {
        self.files = files
    }
}
