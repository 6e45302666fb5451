import DepsCore
import DepsFailures
import DepsFileSystem
import DepsPropertyList
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's Xcode projects on disk (BEHAVIOUR 15): reads each `project.pbxproj`, and replaces
/// it atomically, only when its bytes change, with edits that keep every other byte.
public final class XcodeProjectFiles: XcodeProjects {
    let projectDirectory: LocalPath
    let fileSystem: any FileSystem
    /// The check phase's shell script (its words are the presenters').
    let checkScript: String

    public init(projectDirectory: LocalPath, fileSystem: any FileSystem, checkScript: String) {
        self.projectDirectory = projectDirectory
        self.fileSystem = fileSystem
        self.checkScript = checkScript
    }

    static let projectFile = "project.pbxproj"

    func path(of project: String) -> LocalPath { projectDirectory / project / Self.projectFile }

    /// The last document read of each project: one command reads a project for its target names,
    /// then to edit it, and a real project file is a megabyte; a file whose bytes changed is read again.
    private var documents: [String: XcodeProjectDocument] = [:]

    func read(_ project: String) throws -> XcodeProjectDocument {
        let shown = "\(project)/\(Self.projectFile)"
        let bytes = try fileSystem.readFile(path(of: project), shownAs: shown)
        if let known = documents[project], known.bytes == bytes { return known }
        let document = try XcodeProjectDocument(bytes: bytes, file: shown)
        try document.checkReferences()
        documents[project] = document
        return document
    }

    func write(_ bytes: [UInt8], to project: String) throws {
        try fileSystem.writeAtomically(bytes, to: path(of: project), shownAs: "\(project)/\(Self.projectFile)")
    }

    public func projectsAtTopLevel() -> [String] {
        let entries = ((try? fileSystem.directoryEntries(projectDirectory, shownAs: projectDirectory.string)) ?? nil) ?? []
        return entries.filter { $0.hasSuffix(".xcodeproj") && fileSystem.kind(of: path(of: $0)) == .file }.sorted()
    }

    public func targetNames(in project: String) throws -> [String] {
        try read(project).nativeTargets().map(\.name)
    }

    public func integrate(_ integration: XcodeIntegration) throws -> [XcodeProjectEdit] {
        // Every project is read and edited in memory first: one that cannot be read stops them all.
        var results: [(XcodeProjectEdit, [UInt8])] = []
        for project in integration.projects {
            let document = try read(project.path)
            // The use cases check the names first; a name that slips through still writes nothing.
            for request in project.targets { try document.checkTargetExists(request.name) }
            let before = try DepsFootprint(document)
            let targets = try document.nativeTargets()
            let clean = try DepsIntegrationEdits.removingDeps(from: document).bytes
            let cleanDocument = try XcodeProjectDocument(bytes: clean, file: document.file)
            let bytes = try DepsIntegrationEdits.adding(project, to: cleanDocument, checkScript: checkScript).bytes
            var edits: [XcodeTargetEdit] = []
            for request in project.targets {
                let id = targets.first { $0.name == request.name }?.id ?? ""
                let had = Set(before.linkedProducts(of: id))
                let wanted = Set(request.allProducts)
                let edit = XcodeTargetEdit(
                    target: request.name, linked: wanted.subtracting(had).sorted(), unlinked: had.subtracting(wanted).sorted(),
                    checkPhaseAdded: before.checkPhases[id] == nil)
                if !edit.linked.isEmpty || !edit.unlinked.isEmpty || edit.checkPhaseAdded { edits.append(edit) }
            }
            // A target deps no longer integrates loses what deps gave it.
            for target in targets where before.checkPhases[target.id] != nil && !project.targets.contains(where: { $0.name == target.name }) {
                edits.append(XcodeTargetEdit(target: target.name, linked: [], unlinked: before.linkedProducts(of: target.id), checkPhaseRemoved: true))
            }
            let written = bytes != document.bytes
            let (objectsAdded, objectsRemoved) = written ? try Self.objectChanges(from: document, to: bytes) : (0, 0)
            results.append((XcodeProjectEdit(
                project: project.path, written: written, objectsAdded: objectsAdded, objectsRemoved: objectsRemoved,
                linesChanged: written ? LineChanges.count(from: document.bytes, to: bytes) : 0, targets: edits), bytes))
        }
        for (edit, bytes) in results where edit.written { try write(bytes, to: edit.project) }
        return results.map(\.0)
    }

    /// The objects in `bytes` that `document` lacks, and those it has that `bytes` lacks.
    static func objectChanges(from document: XcodeProjectDocument, to bytes: [UInt8]) throws -> (added: Int, removed: Int) {
        let after = Set(try XcodeProjectDocument(bytes: bytes, file: document.file).objects.keys)
        let before = Set(document.objects.keys)
        return (after.subtracting(before).count, before.subtracting(after).count)
    }

    public func drift(from integration: XcodeIntegration) throws -> [XcodeDrift] {
        var drift: [XcodeDrift] = []
        for project in integration.projects {
            let document = try read(project.path)
            let footprint = try DepsFootprint(document)
            let targets = try document.nativeTargets()
            let references = footprint.referenceIDs.filter { id in
                document.items(document.project, "packageReferences").contains { $0.string == id }
                    && document.object(id)?["relativePath"]?.string == project.packagePath
            }
            if references.isEmpty { drift.append(XcodeDrift(project: project.path, target: nil, kind: .missingPackageReference)) }
            let listed = Set(document.items(document.project, "packageReferences").compactMap(\.string))
            for package in project.remotePackages where !footprint.remoteReferences.contains(where: { id, reference in
                listed.contains(id) && reference.url == package.url && reference.version == "\(package.requirement.kind) \(package.requirement.value)"
            }) {
                drift.append(XcodeDrift(project: project.path, target: nil, kind: .packageVersion(url: package.url, locked: package.version, exactly: package.revision == nil)))
            }
            for request in project.targets {
                guard let target = targets.first(where: { $0.name == request.name }) else {
                    drift.append(XcodeDrift(project: project.path, target: request.name, kind: .missingTarget))
                    continue
                }
                let linked = Set((footprint.products[target.id] ?? [:]).filter { $0.value.buildFile != nil }.keys)
                for product in request.allProducts where !linked.contains(product) {
                    drift.append(XcodeDrift(project: project.path, target: request.name, kind: .missingProduct(product)))
                }
                for product in Set(footprint.linkedProducts(of: target.id)).subtracting(request.allProducts).sorted() {
                    drift.append(XcodeDrift(project: project.path, target: request.name, kind: .extraProduct(product)))
                }
                if footprint.checkPhases[target.id] == nil {
                    drift.append(XcodeDrift(project: project.path, target: request.name, kind: .missingCheckPhase))
                }
            }
            for target in targets where !project.targets.contains(where: { $0.name == target.name }) {
                for product in footprint.linkedProducts(of: target.id) {
                    drift.append(XcodeDrift(project: project.path, target: target.name, kind: .extraProduct(product)))
                }
            }
        }
        return drift
    }

    public func deintegrate(_ projects: [String]) throws -> [XcodeProjectEdit] {
        var results: [(XcodeProjectEdit, [UInt8])] = []
        for project in projects {
            let document = try read(project)
            let footprint = try DepsFootprint(document)
            let (bytes, removed) = try DepsIntegrationEdits.removingDeps(from: document)
            let targets = try document.nativeTargets().filter { footprint.checkPhases[$0.id] != nil || footprint.products[$0.id] != nil }
            let written = bytes != document.bytes
            results.append((XcodeProjectEdit(
                project: project, written: written, objectsAdded: 0, objectsRemoved: removed,
                linesChanged: written ? LineChanges.count(from: document.bytes, to: bytes) : 0,
                targets: targets.map { XcodeTargetEdit(target: $0.name, linked: [], unlinked: footprint.linkedProducts(of: $0.id), checkPhaseRemoved: footprint.checkPhases[$0.id] != nil) }),
                bytes))
        }
        for (edit, bytes) in results where edit.written { try write(bytes, to: edit.project) }
        return results.map(\.0)
    }

    public func removeCocoaPods(from projects: [String], workspace: String?, dryRun: Bool) throws -> CocoaPodsRemoval {
        var results: [(CocoaPodsRemoval.Project, [UInt8])] = []
        for project in projects {
            let document = try read(project)
            let (bytes, removal) = try CocoaPodsDeintegration.removing(from: document, project: project)
            results.append((removal, bytes))
        }
        var workspaceBytes: [UInt8]?
        let workspacePath = workspace.map { projectDirectory / $0 / "contents.xcworkspacedata" }
        if let workspacePath, fileSystem.kind(of: workspacePath) == .file {
            let bytes = try fileSystem.readFile(workspacePath, shownAs: "\(workspace!)/contents.xcworkspacedata")
            let edited = CocoaPodsDeintegration.removingPodsProject(fromWorkspace: bytes)
            if edited != bytes { workspaceBytes = edited }
        }
        if !dryRun {
            for (removal, bytes) in results where removal.written { try write(bytes, to: removal.project) }
            if let workspaceBytes, let workspacePath {
                try fileSystem.writeAtomically(workspaceBytes, to: workspacePath, shownAs: "\(workspace!)/contents.xcworkspacedata")
            }
        }
        return CocoaPodsRemoval(projects: results.map(\.0), workspaceEdited: workspaceBytes != nil)
    }
}

/// Lines changed between two texts, counted as a line diff counts them for edits that add and
/// remove whole lines: lines only in the old text plus lines only in the new one.
enum LineChanges {
    static func count(from old: [UInt8], to new: [UInt8]) -> Int {
        old.withUnsafeBytes { old in
            new.withUnsafeBytes { new in
                var counts: [Line: Int] = [:]
                forEachLine(of: old) { counts[$0, default: 0] += 1 }
                forEachLine(of: new) { counts[$0, default: 0] -= 1 }
                return counts.values.reduce(0) { $0 + abs($1) }
            }
        }
    }

    /// Each line of `bytes` without its newline, as `split(separator:omittingEmptySubsequences: false)` gives them.
    private static func forEachLine(of bytes: UnsafeRawBufferPointer, _ body: (Line) -> Void) {
        var start = 0
        for index in 0..<bytes.count where bytes[index] == 0x0A {
            body(Line(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<index])))
            start = index + 1
        }
        body(Line(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<bytes.count])))
    }

    /// A line's bytes, hashed and compared whole rather than byte by byte through generics (a
    /// project file has tens of thousands of lines). Only used while both arrays are borrowed.
    private struct Line: Hashable {
        let bytes: UnsafeRawBufferPointer

        func hash(into hasher: inout Hasher) { hasher.combine(bytes: bytes) }

        static func == (left: Line, right: Line) -> Bool {
            guard left.bytes.count == right.bytes.count else { return false }
            guard let a = left.bytes.baseAddress, let b = right.bytes.baseAddress else { return true }
            return memcmp(a, b, left.bytes.count) == 0
        }
    }
}
