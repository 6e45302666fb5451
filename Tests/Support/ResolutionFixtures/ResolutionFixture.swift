import DepsCore
import XCTest

/// Shorthands that keep resolver tests reading like tables.
public enum ResolutionFixture {
    public static func dependencies(_ requirements: [String: String]) throws -> [Dependency] {
        try requirements.keys.sorted().map { name in
            let text = requirements[name]!
            return Dependency(try PackageName(name), text.isEmpty ? .any : try Requirement(text))
        }
    }

    public static func pins(_ pins: [String: String]) throws -> [PackageName: Version] {
        var result: [PackageName: Version] = [:]
        for (name, version) in pins { result[try PackageName(name)] = try Version(version) }
        return result
    }

    /// Resolves and returns the chosen versions as "name": "version" text.
    public static func resolve(_ catalog: TableCatalog, _ requirements: [String: String], pins: [String: String] = [:]) throws -> [String: String] {
        let resolution = try Resolver(catalog: catalog).resolve(try dependencies(requirements), pins: try self.pins(pins))
        var result: [String: String] = [:]
        for (name, version) in resolution.versions { result[name.description] = version.description }
        return result
    }

    /// Resolves expecting a failure, and returns it.
    public static func failure(
        _ catalog: TableCatalog, _ requirements: [String: String], pins: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> ResolutionFailure {
        do {
            let result = try resolve(catalog, requirements, pins: pins)
            XCTFail("expected a failure, resolved \(result.sorted { $0.key < $1.key })", file: file, line: line)
            return ResolutionFailure(kind: .noSolution, derivation: Derivation(steps: [DerivationStep(terms: [], cause: .depsfile)]))
        } catch let failure as ResolutionFailure {
            return failure
        }
    }
}
