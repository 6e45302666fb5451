import DepsCore
import DepsFailures
import DepsPropertyList

/// The edits that take deps out of a project file, and those that put it in, each on the bytes as
/// they are: every other byte stays as it was.
enum DepsIntegrationEdits {
    /// `document` without anything deps added (its objects, their references, and what its notes
    /// say it had to change); the bytes as they are when deps added nothing.
    static func removingDeps(from document: XcodeProjectDocument) throws -> (bytes: [UInt8], removed: Int) {
        let footprint = try DepsFootprint(document)
        guard !footprint.isEmpty else { return (document.bytes, 0) }
        var edit = PropertyListEdit()
        var removedObjects = Set<String>()
        func removeObject(_ id: String) {
            guard removedObjects.insert(id).inserted, let entry = document.objects[id] else { return }
            edit.delete(document.wholeLines(of: entry.range) ?? entry.range)
        }
        func removeItems(of node: PropertyListNode, _ key: String, where matches: (String) -> Bool) {
            for item in document.items(node, key) where item.string.map(matches) == true {
                edit.delete(document.removalRange(ofItem: item))
            }
        }
        let ours = Set(footprint.referenceIDs).union(footprint.productDependencies.keys).union(footprint.buildFiles.keys)
            .union(footprint.checkPhases.values)
        let createdFrameworks = footprint.notes.contains("created Frameworks phase")
        for target in try document.nativeTargets() {
            var createdPhase: String?
            if createdFrameworks {
                let possible = DepsObjects.possibleIDs(DepsObjects.frameworksPhaseSeed(target.name), target: target.name)
                createdPhase = document.items(target.node, "buildPhases").compactMap(\.string).first { possible.contains($0) }
                // A phase deps made that the user has since put files of their own in is theirs now.
                if let id = createdPhase, let phase = document.object(id),
                   !document.items(phase, "files").allSatisfy({ ours.contains($0.string ?? "") }) {
                    createdPhase = nil
                }
            }
            removeItems(of: target.node, "buildPhases") { ours.contains($0) || $0 == createdPhase }
            if let createdPhase { removeObject(createdPhase) }
            let list = target.node.entry("packageProductDependencies")
            let keep = document.items(target.node, "packageProductDependencies").contains { !ours.contains($0.string ?? "") }
            if let list, footprint.notes.contains("created packageProductDependencies \(target.name)"), !keep {
                edit.delete(document.wholeLines(of: list.range) ?? list.range)
            } else {
                removeItems(of: target.node, "packageProductDependencies") { ours.contains($0) }
            }
            for phaseItem in document.items(target.node, "buildPhases") {
                guard let phaseID = phaseItem.string, phaseID != createdPhase, let phase = document.object(phaseID),
                      phase["isa"]?.string == "PBXFrameworksBuildPhase" else { continue }
                removeItems(of: phase, "files") { ours.contains($0) }
            }
        }
        let project = document.project
        let keepReferences = document.items(project, "packageReferences").contains { !ours.contains($0.string ?? "") }
        if let list = project.entry("packageReferences"), footprint.notes.contains("created packageReferences"), !keepReferences {
            edit.delete(document.wholeLines(of: list.range) ?? list.range)
        } else {
            removeItems(of: project, "packageReferences") { ours.contains($0) }
        }
        for id in ours { removeObject(id) }
        // A section that held only deps' objects goes with them.
        for range in document.sectionsLeftEmpty(byRemoving: removedObjects) { edit.delete(range) }
        // Put back only while the project says what deps made it say: a project Xcode has since
        // moved on (to 70, 77…) keeps its own objectVersion.
        if let note = footprint.notes.first(where: { $0.hasPrefix("objectVersion ") }), let value = document.root["objectVersion"],
           value.string == String(DepsObjects.packageReferenceObjectVersion) {
            edit.replace(value.range, with: String(note.dropFirst("objectVersion ".count)))
        }
        return (edit.applied(to: document.bytes), removedObjects.count)
    }

    /// `document` (holding nothing of deps') linking what `project` says.
    static func adding(_ project: XcodeProjectIntegration, to document: XcodeProjectDocument, checkScript: String) throws -> (bytes: [UInt8], added: Int) {
        var edit = PropertyListEdit()
        var taken = Set<String>()
        var objectsByISA: [String: [(id: String, text: String)]] = [:]
        var notes: [String] = []
        let targets = try document.nativeTargets()

        if let version = document.root["objectVersion"], let number = version.string.flatMap({ Int($0) }),
           number < DepsObjects.packageReferenceObjectVersion {
            notes.append("objectVersion \(version.string!)")
            edit.replace(version.range, with: String(DepsObjects.packageReferenceObjectVersion))
        }
        let referenceID = DepsObjects.freeID(DepsObjects.referenceSeed, target: nil, in: document, taken: &taken)
        objectsByISA["XCLocalSwiftPackageReference", default: []].append((referenceID, """
            \t\t\(referenceID) /* \(DepsObjects.referenceComment) */ = {
            \t\t\tisa = XCLocalSwiftPackageReference;
            \t\t\trelativePath = \(PropertyListText.string(project.packagePath));
            \t\t};

            """))
        // Each Swift package a target links a product of: Xcode's own reference at its locked version.
        var remoteIDs: [String: String] = [:]
        var references = ["\(referenceID) /* \(DepsObjects.referenceComment) */"]
        for package in project.remotePackages {
            let id = DepsObjects.freeID(DepsObjects.remoteReferenceSeed(package.url), target: nil, in: document, taken: &taken)
            remoteIDs[package.url] = id
            references.append("\(id) /* \(DepsObjects.remoteReferenceComment(package.url)) */")
            objectsByISA["XCRemoteSwiftPackageReference", default: []].append((id, """
                \t\t\(id) /* \(DepsObjects.remoteReferenceComment(package.url)) */ = {
                \t\t\tisa = XCRemoteSwiftPackageReference;
                \t\t\trepositoryURL = \(PropertyListText.string(package.url));
                \t\t\trequirement = {
                \t\t\t\tkind = \(package.requirement.kind);
                \t\t\t\t\(package.revision == nil ? "version" : "revision") = \(PropertyListText.string(package.requirement.value));
                \t\t\t};
                \t\t};

                """))
        }
        if !add(references, toList: "packageReferences", of: document.project, in: document, &edit) {
            notes.append("created packageReferences")
        }

        var projectNotes = notes
        for request in project.targets {
            guard let target = targets.first(where: { $0.name == request.name }) else {
                throw document.error(.missingObject(request.name), at: document.project.range.lowerBound)
            }
            var targetNotes: [String] = []
            var frameworkFiles: [String] = []
            var productItems: [String] = []
            let linked = request.products.map { (product: $0, seed: $0, package: "\(referenceID) /* \(DepsObjects.referenceComment) */") }
                + request.packageProducts.map { remote in
                    (product: remote.product, seed: "\(remote.url):\(remote.product)",
                     package: "\(remoteIDs[remote.url]!) /* \(DepsObjects.remoteReferenceComment(remote.url)) */")
                }
            for (product, seed, package) in linked {
                let dependencyID = DepsObjects.freeID("product:\(request.name):\(seed)", target: request.name, in: document, taken: &taken)
                let buildFileID = DepsObjects.freeID("build-file:\(request.name):\(seed)", target: request.name, in: document, taken: &taken)
                let name = PropertyListText.string(product)
                objectsByISA["XCSwiftPackageProductDependency", default: []].append((dependencyID, """
                    \t\t\(dependencyID) /* \(product) */ = {
                    \t\t\tisa = XCSwiftPackageProductDependency;
                    \t\t\tpackage = \(package);
                    \t\t\tproductName = \(name);
                    \t\t};

                    """))
                objectsByISA["PBXBuildFile", default: []].append((buildFileID,
                    "\t\t\(buildFileID) /* \(product) in Frameworks */ = {isa = PBXBuildFile; productRef = \(dependencyID) /* \(product) */; };\n"))
                productItems.append("\(dependencyID) /* \(product) */")
                frameworkFiles.append("\(buildFileID) /* \(product) in Frameworks */")
            }
            if !productItems.isEmpty, !add(productItems, toList: "packageProductDependencies", of: target.node, in: document, &edit) {
                targetNotes.append("created packageProductDependencies \(request.name)")
            }
            let frameworks = document.items(target.node, "buildPhases").compactMap(\.string).first { document.isa($0) == "PBXFrameworksBuildPhase" }
            var appendedPhases: [String] = []
            if !frameworkFiles.isEmpty {
                if let frameworks, let phase = document.object(frameworks) {
                    _ = add(frameworkFiles, toList: "files", of: phase, in: document, &edit)
                } else {
                    let phaseID = DepsObjects.freeID(DepsObjects.frameworksPhaseSeed(request.name), target: request.name, in: document, taken: &taken)
                    objectsByISA["PBXFrameworksBuildPhase", default: []].append((phaseID, """
                        \t\t\(phaseID) /* Frameworks */ = {
                        \t\t\tisa = PBXFrameworksBuildPhase;
                        \t\t\tbuildActionMask = 2147483647;
                        \t\t\tfiles = (
                        \(frameworkFiles.map { "\t\t\t\t\($0),\n" }.joined())\t\t\t);
                        \t\t\trunOnlyForDeploymentPostprocessing = 0;
                        \t\t};

                        """))
                    appendedPhases.append("\(phaseID) /* Frameworks */")
                    targetNotes.append("created Frameworks phase")
                }
            }
            let phaseID = DepsObjects.freeID("check:\(request.name)", target: request.name, in: document, taken: &taken)
            let depsfileFolder = String(repeating: "../", count: max(0, project.path.split(separator: "/").count - 1))
            let script = checkScript + (projectNotes + targetNotes).map { DepsObjects.notePrefix + $0 + "\n" }.joined()
            objectsByISA["PBXShellScriptBuildPhase", default: []].append((phaseID, """
                \t\t\(phaseID) /* \(DepsObjects.checkPhaseName) */ = {
                \t\t\tisa = PBXShellScriptBuildPhase;
                \t\t\tbuildActionMask = 2147483647;
                \t\t\tfiles = (
                \t\t\t);
                \t\t\tinputFileListPaths = (
                \t\t\t);
                \t\t\tinputPaths = (
                \t\t\t\t\(PropertyListText.string("$(SRCROOT)/\(depsfileFolder)Depsfile.lock")),
                \t\t\t\t\(PropertyListText.string("$(SRCROOT)/\(project.packagePath)/Manifest.lock")),
                \t\t\t);
                \t\t\tname = \(PropertyListText.string(DepsObjects.checkPhaseName));
                \t\t\toutputFileListPaths = (
                \t\t\t);
                \t\t\toutputPaths = (
                \t\t\t\t\(PropertyListText.string("$(DERIVED_FILE_DIR)/deps-\(request.name)-check.txt")),
                \t\t\t);
                \t\t\trunOnlyForDeploymentPostprocessing = 0;
                \t\t\tshellPath = /bin/sh;
                \t\t\tshellScript = \(PropertyListText.string(script));
                \t\t\tshowEnvVarsInLog = 0;
                \t\t};

                """))
            if let phases = target.node["buildPhases"] {
                let start = document.startOfList(phases)
                edit.insert(start.ownLine ? "\(start.indent)\(phaseID) /* \(DepsObjects.checkPhaseName) */,\n" : "\(phaseID) /* \(DepsObjects.checkPhaseName) */, ", at: start.offset)
                if !appendedPhases.isEmpty {
                    let end = document.endOfList(phases)
                    edit.insert(appendedPhases.map { end.ownLine ? "\(end.indent)\($0),\n" : "\($0), " }.joined(), at: end.offset)
                }
            }
            projectNotes = notes
        }
        var added = 0
        // In the order of their isa, so that new sections that go in at one place are in Xcode's order
        // (a Dictionary's order changes from one run to the next).
        for (isa, objects) in objectsByISA.sorted(by: { $0.key < $1.key }) {
            added += objects.count
            insert(objects, isa: isa, in: document, &edit)
        }
        return (edit.applied(to: document.bytes), added)
    }

    /// Adds items at the end of `key`'s list of `node`; when there is no such list, adds the key
    /// (among the keys in order, as Xcode sorts them) and answers false.
    static func add(_ items: [String], toList key: String, of node: PropertyListNode, in document: XcodeProjectDocument, _ edit: inout PropertyListEdit) -> Bool {
        if let list = node[key] {
            let end = document.endOfList(list)
            edit.insert(items.map { end.ownLine ? "\(end.indent)\($0),\n" : "\($0), " }.joined(), at: end.offset)
            return true
        }
        let entries = node.entries ?? []
        let indent = entries.first.map { document.indentation(ofLineAt: $0.range.lowerBound) } ?? "\t\t\t"
        let text = "\(indent)\(key) = (\n" + items.map { "\(indent)\t\($0),\n" }.joined() + "\(indent));\n"
        if let next = entries.first(where: { $0.key > key && $0.key != "isa" }) {
            edit.insert(text, at: document.lineStart(next.range.lowerBound))
        } else {
            edit.insert(text, at: document.lineStart(node.range.upperBound - 1))
        }
        return false
    }

    /// Puts objects in their isa's section, each before the first object of a greater id; makes
    /// the section, in Xcode's order of sections, when the file has none.
    static func insert(_ objects: [(id: String, text: String)], isa: String, in document: XcodeProjectDocument, _ edit: inout PropertyListEdit) {
        let sorted = objects.sorted { $0.id < $1.id }
        if let section = document.section(isa) {
            let inside = (document.objectsNode.entries ?? []).filter { $0.range.lowerBound > section.begin && $0.range.lowerBound < section.end }
            for object in sorted {
                let next = inside.first { $0.key > object.id }
                edit.insert(object.text, at: next.map { document.lineStart($0.range.lowerBound) } ?? section.end)
            }
            return
        }
        let text = "\n/* Begin \(isa) section */\n" + sorted.map(\.text).joined() + "/* End \(isa) section */\n"
        let sections = document.sections()
        if let previous = sections.last(where: { $0.isa < isa }) {
            edit.insert(text, at: previous.endLineEnd)
        } else if let first = sections.first {
            // Before the first section, after the blank line that precedes it.
            edit.insert(String(text.dropFirst()) + "\n", at: first.beginLine)
        } else {
            edit.insert(sorted.map(\.text).joined(), at: document.lineStart(document.objectsNode.range.upperBound - 1))
        }
    }
}
