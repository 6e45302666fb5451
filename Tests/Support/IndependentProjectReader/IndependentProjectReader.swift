import Foundation
import XCTest

/// Reads a project file with PyPI's `openstep_parser`, an independent reader of the format, and
/// checks that every id a list or a reference names is an object of the file; answers each
/// native target's package products by name. Skipped where python3 or the module is missing
/// (`.ci/run` installs it).
public enum IndependentProjectReader {
    static let program = #"""
        import json, re, sys
        from openstep_parser import OpenStepDecoder
        data = OpenStepDecoder.ParseFromFile(open(sys.argv[1], encoding="utf-8"))
        objects = data["objects"]
        ids = set(objects)
        missing = []
        def walk(value, key=""):
            if isinstance(value, dict):
                for k, v in value.items(): walk(v, k)
            elif isinstance(value, list):
                for v in value: walk(v, key)
            elif isinstance(value, str) and re.fullmatch(r"[0-9A-F]{24}", value) and key not in ("remoteGlobalIDString", "TargetAttributes"):
                if value not in ids: missing.append(value)
        walk(objects)
        targets = {}
        remote = {}
        for oid, obj in objects.items():
            if obj.get("isa") == "PBXNativeTarget":
                names = sorted(objects[d]["productName"] for d in obj.get("packageProductDependencies", [])
                               if objects.get(objects[d].get("package", ""), {}).get("relativePath", "").split("/")[-1] == "Deps")
                targets[obj["name"]] = names
                linked = []
                for d in obj.get("packageProductDependencies", []):
                    package = objects.get(objects[d].get("package", ""), {})
                    if package.get("isa") == "XCRemoteSwiftPackageReference":
                        requirement = package.get("requirement", {})
                        linked.append("%s from %s %s %s" % (objects[d]["productName"], package.get("repositoryURL"),
                                                            requirement.get("kind"), requirement.get("version", requirement.get("revision"))))
                remote[obj["name"]] = sorted(linked)
        print(json.dumps({"missing": missing, "targets": targets, "remote": remote, "objectVersion": data.get("objectVersion")}))
        """#

    public struct Reading: Decodable {
        /// The ids a list or a reference names that are no object of the file.
        public let missing: [String]
        /// Each native target's products of the package at `Deps`, by name.
        public let targets: [String: [String]]
        /// Each native target's products of remote Swift packages: `Logging from URL exactVersion 1.6.2`.
        public let remote: [String: [String]]
        public let objectVersion: String?
    }

    public static func read(_ file: String) throws -> Reading {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program, file]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if errorText.contains("No module named 'openstep_parser'") || process.terminationStatus == 127 {
            throw XCTSkip("python3 with openstep_parser is not installed (pip install openstep_parser)")
        }
        guard process.terminationStatus == 0 else {
            XCTFail("openstep_parser could not read \(file): \(errorText)")
            return Reading(missing: [], targets: [:], remote: [:], objectVersion: nil)
        }
        return try JSONDecoder().decode(Reading.self, from: data)
    }
}
