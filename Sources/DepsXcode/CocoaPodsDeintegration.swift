import DepsCore
import DepsPropertyList

/// Takes CocoaPods' integration out of a project file, as `pod deintegrate` does (BEHAVIOUR 15):
/// its `[CP]` phases, the Pods frameworks and libraries and their references, the base
/// configurations that point at a Pods xcconfig, and the Pods group once nothing else is in it.
/// `[CP-User]` phases are the user's and stay; scripts that name `${PODS_ROOT}` are reported.
enum CocoaPodsDeintegration {
    static let podsRootSpellings = ["${PODS_ROOT}/", "$(PODS_ROOT)/", "$PODS_ROOT/"]

    static func isCocoaPodsPhase(_ name: String, script: String) -> Bool {
        if name.hasPrefix("[CP] ") { return true }
        // Older CocoaPods named its phases `📦 Embed Pods Frameworks` and the like.
        return name.hasPrefix("📦 ") && script.contains("Pods")
    }

    static func isPodsProduct(_ path: String) -> Bool {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return (file.hasPrefix("Pods_") && file.hasSuffix(".framework")) || (file.hasPrefix("libPods-") && file.hasSuffix(".a"))
            || (file.hasPrefix("Pods-") && file.hasSuffix(".framework"))
    }

    static func isPodsConfiguration(_ path: String) -> Bool {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasPrefix("Pods") && file.hasSuffix(".xcconfig")
    }

    static func removing(from document: XcodeProjectDocument, project: String) throws -> ([UInt8], CocoaPodsRemoval.Project) {
        var edit = PropertyListEdit()
        var removedObjects = Set<String>()
        func removeObject(_ id: String) {
            guard removedObjects.insert(id).inserted, let entry = document.objects[id] else { return }
            edit.delete(document.wholeLines(of: entry.range) ?? entry.range)
        }
        var removedFileReferences = Set<String>()
        var handledConfigurations = Set<String>()
        var targets: [CocoaPodsRemoval.Target] = []
        for target in try document.nativeTargets() {
            var removed: [String] = []
            var kept: [String] = []
            var scripts: [CocoaPodsRemoval.PodsRootScript] = []
            for item in document.items(target.node, "buildPhases") {
                guard let id = item.string, let phase = document.object(id) else { continue }
                let isa = phase["isa"]?.string
                if isa == "PBXShellScriptBuildPhase" {
                    let name = phase["name"]?.string ?? "ShellScript"
                    let script = phase["shellScript"]?.string ?? ""
                    if isCocoaPodsPhase(name, script: script) {
                        edit.delete(document.removalRange(ofItem: item))
                        removeObject(id)
                        removed.append(name)
                        continue
                    }
                    if name.hasPrefix("[CP-User] ") { kept.append(name) }
                    for path in podsRootPaths(in: script) {
                        scripts.append(CocoaPodsRemoval.PodsRootScript(phase: name, path: path, newPath: "Deps/\(path)"))
                    }
                }
                if isa == "PBXFrameworksBuildPhase" {
                    for file in document.items(phase, "files") {
                        guard let fileID = file.string, let buildFile = document.object(fileID),
                              let referenceID = buildFile["fileRef"]?.string, let reference = document.object(referenceID),
                              let path = reference["path"]?.string, isPodsProduct(path) else { continue }
                        edit.delete(document.removalRange(ofItem: file))
                        removeObject(fileID)
                        removeObject(referenceID)
                        removedFileReferences.insert(referenceID)
                        removed.append(path.split(separator: "/").last.map(String.init) ?? path)
                    }
                }
            }
            // Base configurations that point at a Pods xcconfig.
            if let listID = target.node["buildConfigurationList"]?.string, let list = document.object(listID) {
                for item in document.items(list, "buildConfigurations") {
                    guard let configurationID = item.string, let configuration = document.object(configurationID),
                          let base = configuration.entry("baseConfigurationReference"), let referenceID = base.value.string,
                          let reference = document.object(referenceID), let path = reference["path"]?.string, isPodsConfiguration(path) else { continue }
                    edit.delete(document.wholeLines(of: base.range) ?? base.range)
                    handledConfigurations.insert(configurationID)
                    removeObject(referenceID)
                    removedFileReferences.insert(referenceID)
                    removed.append(path.split(separator: "/").last.map(String.init) ?? path)
                }
            }
            targets.append(CocoaPodsRemoval.Target(target: target.name, removed: removed, keptUserPhases: kept, podsRootScripts: scripts))
        }
        // What no native target holds: CocoaPods phases of other targets or of none, and base
        // configurations of the project's own configuration list.
        var phasesRemoved = Set<String>()
        for (id, entry) in document.objects where entry.value["isa"]?.string == "PBXShellScriptBuildPhase" {
            guard isCocoaPodsPhase(entry.value["name"]?.string ?? "", script: entry.value["shellScript"]?.string ?? "") else { continue }
            removeObject(id)
            phasesRemoved.insert(id)
        }
        for entry in document.objects.values where entry.value["isa"]?.string != "PBXNativeTarget" {
            for item in document.items(entry.value, "buildPhases") where phasesRemoved.contains(item.string ?? "") {
                edit.delete(document.removalRange(ofItem: item))
            }
        }
        var projectRemoved: [String] = []
        for (id, entry) in document.objects.sorted(by: { $0.key < $1.key }) where entry.value["isa"]?.string == "XCBuildConfiguration" {
            guard !handledConfigurations.contains(id), let base = entry.value.entry("baseConfigurationReference"),
                  let referenceID = base.value.string, let reference = document.object(referenceID),
                  let path = reference["path"]?.string, isPodsConfiguration(path) else { continue }
            edit.delete(document.wholeLines(of: base.range) ?? base.range)
            removeObject(referenceID)
            removedFileReferences.insert(referenceID)
            projectRemoved.append(path.split(separator: "/").last.map(String.init) ?? path)
        }
        if !projectRemoved.isEmpty {
            targets.append(CocoaPodsRemoval.Target(target: "(project)", removed: projectRemoved, keptUserPhases: [], podsRootScripts: []))
        }
        // The Pods xcconfig files the project lists (in the Pods group) go too, and the references
        // to removed files from every group; a Pods group left empty goes with its reference.
        for (id, entry) in document.objects where entry.value["isa"]?.string == "PBXFileReference" {
            if let path = entry.value["path"]?.string, isPodsConfiguration(path) || isPodsProduct(path) {
                removeObject(id)
                removedFileReferences.insert(id)
            }
        }
        var emptiedGroups = Set<String>()
        for (id, entry) in document.objects where entry.value["isa"]?.string == "PBXGroup" {
            let children = document.items(entry.value, "children")
            let gone = children.filter { removedFileReferences.contains($0.string ?? "") }
            guard !gone.isEmpty else { continue }
            for child in gone { edit.delete(document.removalRange(ofItem: child)) }
            let name = entry.value["name"]?.string ?? entry.value["path"]?.string
            if gone.count == children.count, name == "Pods" { emptiedGroups.insert(id) }
        }
        for entry in document.objects.values where entry.value["isa"]?.string == "PBXGroup" {
            for child in document.items(entry.value, "children") where emptiedGroups.contains(child.string ?? "") {
                edit.delete(document.removalRange(ofItem: child))
            }
        }
        for id in emptiedGroups { removeObject(id) }
        // A removed file may be built elsewhere too (a Pods framework in an Embed Frameworks copy
        // phase): those build files go, and their places in every phase, so nothing names a
        // missing object.
        var orphanedBuildFiles = Set<String>()
        for (id, entry) in document.objects where entry.value["isa"]?.string == "PBXBuildFile" && !removedObjects.contains(id) {
            if let file = entry.value["fileRef"]?.string, removedFileReferences.contains(file) { orphanedBuildFiles.insert(id) }
        }
        if !orphanedBuildFiles.isEmpty {
            for entry in document.objects.values {
                for item in document.items(entry.value, "files") where orphanedBuildFiles.contains(item.string ?? "") {
                    edit.delete(document.removalRange(ofItem: item))
                }
            }
            for id in orphanedBuildFiles { removeObject(id) }
        }
        for range in document.sectionsLeftEmpty(byRemoving: removedObjects) { edit.delete(range) }
        let bytes = edit.applied(to: document.bytes)
        return (bytes, CocoaPodsRemoval.Project(
            project: project, written: bytes != document.bytes, objectsRemoved: removedObjects.count, targets: targets))
    }

    /// The paths a script names under `${PODS_ROOT}`, each once: `SwiftLint/swiftlint`.
    static func podsRootPaths(in script: String) -> [String] {
        var paths: [String] = []
        for spelling in podsRootSpellings {
            for range in script.ranges(of: spelling) {
                var path = script[range.upperBound...].prefix { !" \t\n\"';|&)`".contains($0) }
                while path.hasSuffix("/") { path.removeLast() }
                if !path.isEmpty, !paths.contains(String(path)) { paths.append(String(path)) }
            }
        }
        return paths
    }

    /// The workspace's XML without the `FileRef` of `Pods/Pods.xcodeproj`; every other byte kept.
    static func removingPodsProject(fromWorkspace bytes: [UInt8]) -> [UInt8] {
        guard let location = bytes.firstRange(of: Array("location = \"group:Pods/Pods.xcodeproj\"".utf8)) else { return bytes }
        let open = Array("<FileRef".utf8)
        var start = location.lowerBound
        while start >= open.count, !bytes[(start - open.count)..<start].elementsEqual(open) { start -= 1 }
        guard start >= open.count, let close = bytes[location.upperBound...].firstRange(of: Array("</FileRef>".utf8)) else { return bytes }
        start -= open.count
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        var end = close.upperBound
        if end < bytes.count, bytes[end] == 0x0A { end += 1 }
        return Array(bytes[..<start]) + Array(bytes[end...])
    }
}
