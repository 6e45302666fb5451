import DepsCore
import DepsCocoaPods
import DepsFiles
import XCTest

/// A YAML spec turned into podspec.json (for a CocoaPods-layout repository) reads back as the same spec.
final class PodspecJSONWriterTests: XCTestCase {
    func testAYAMLSpecReadsBackTheSameAsPodspecJSON() throws {
        let yaml = """
            name: Moya
            version: "15.0"
            summary: "Network \\"abstraction\\"\\tlayer"
            homepage: https://github.com/Moya/Moya
            license: MIT
            authors:
              Ash: ash@example.com
            source:
              git: https://github.com/Moya/Moya.git
              tag: "15.0"
              submodules: true
            dependencies:
              Alamofire: ">= 5.0, < 6"
              Result:
            source_files:
              - Sources/Moya/*.swift
              - Sources/Shared/**/*.swift
            module: MoyaKit
            subspecs:
              - name: Core
                dependencies:
                  Alamofire: ~> 5.0
                source_files: Sources/Core/*.swift
              - name: Combine
                dependencies:
                  Moya/Core:
            default_subspecs: Core

            """
        let name = try PackageName("Moya")
        let fromYAML = try SpecCodec(fileName: "Moya.yaml").decode(Array(yaml.utf8), checksum: "c", expectedName: name, expectedVersion: nil)
        let json = try PodspecJSONWriter.podspecJSON(fromYAMLSpec: Array(yaml.utf8), file: "Moya.yaml")
        let text = String(decoding: json, as: UTF8.self)
        XCTAssertTrue(text.contains("\"module_name\": \"MoyaKit\""), text)
        XCTAssertTrue(text.contains("\"Alamofire\": [\n      \">= 5.0\",\n      \"< 6\"\n    ]"), text)
        XCTAssertTrue(text.contains("\"submodules\": true"), text)
        XCTAssertTrue(text.hasSuffix("}\n"), text)
        let fromJSON = try PodspecJSONCodec(fileName: "Moya.podspec.json").decode(json, checksum: "c", expectedName: name, expectedVersion: nil)
        XCTAssertEqual(fromJSON, fromYAML)
    }
}
