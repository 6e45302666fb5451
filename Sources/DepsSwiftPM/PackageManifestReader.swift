import DepsCore
import DepsFailures

/// Reads the products a `Package.swift` declares without building or running it: the
/// `products: [ .library(name: "X", ...), .executable(name: "Y", ...) ]` argument of its
/// `Package(...)`. A manifest whose products only running it can tell (a list built in code, a
/// name that is not a string literal, products under `#if`, products changed after the
/// declaration) is unreadable, with the reason and the line.
public enum PackageManifestReader {
    public static func read(_ text: String) -> PackageManifestReading {
        let tokens = SwiftTokenizer.tokens(of: text)
        if let change = productsChangedInCode(tokens) {
            return .unreadable(reason: .productsChangedAfterDeclaration, line: change)
        }
        guard let call = packageCall(tokens) else {
            return .unreadable(reason: .noPackageDeclaration, line: nil)
        }
        guard let label = argument("products", of: call, in: tokens) else { return .products([]) }
        var index = label + 2
        guard index < tokens.count, tokens[index].kind == .punctuation("[") else {
            return .unreadable(reason: .productsBuiltInCode, line: tokens[label].line)
        }
        var products: [SwiftPMProduct] = []
        index += 1
        while index < tokens.count, tokens[index].kind != .punctuation("]") {
            switch product(at: index, in: tokens) {
            case let .failure(problem): return .unreadable(reason: problem.reason, line: problem.line)
            case let .success((found, next)):
                if let found { products.append(found) }
                index = next
            }
            if index < tokens.count, tokens[index].kind == .punctuation(",") { index += 1 }
        }
        guard index < tokens.count else {
            return .unreadable(reason: .productsListNotClosed, line: tokens[label].line)
        }
        let after = index + 1 < tokens.count ? tokens[index + 1].kind : nil
        guard after == .punctuation(",") || after == .punctuation(")") else {
            return .unreadable(reason: .productsListThroughCode, line: tokens[index].line)
        }
        return .products(products)
    }

    /// Why a product could not be read, and where.
    struct Problem: ExitStatusError {
        var exitStatus: ExitStatus { .malformedInput }
        let reason: UnreadableManifest
        let line: Int
    }

    /// The product whose expression starts at `start` (nil for a kind deps does not export, such
    /// as an app), and the index after it.
    /// What `Deps/Package.swift` pins each package it depends on to, by identity, as deps writes
    /// them: `.package(url: "…", exact: "1.2.3")`, a registry package's `.package(id: "scope.name",
    /// exact: "1.2.3")`, and a package on a branch or a revision `.package(url: "…", revision:
    /// "<commit>")` (BEHAVIOUR 16).
    public static func packagePins(_ text: String) -> [String: RecordedSwiftPackagePin] {
        let tokens = SwiftTokenizer.tokens(of: text)
        var versions: [String: RecordedSwiftPackagePin] = [:]
        var index = 0
        while index + 10 <= tokens.count {
            defer { index += 1 }
            guard tokens[index].kind == .word("package"), tokens[index + 1].kind == .punctuation("("),
                  case let .word(label) = tokens[index + 2].kind, label == "url" || label == "id" else { continue }
            guard case let .word(pinKind) = tokens[index + 6].kind, pinKind == "exact" || (pinKind == "revision" && label == "url") else { continue }
            let shape: [SwiftToken.Kind?] = [
                .word("package"), .punctuation("("), .word(label), .punctuation(":"), nil, .punctuation(","), .word(pinKind),
                .punctuation(":"), nil, .punctuation(")"),
            ]
            guard zip(shape, tokens[index...]).allSatisfy({ $0.0 == nil || $0.0 == $0.1.kind }),
                  case let .string(location?) = tokens[index + 4].kind, case let .string(value?) = tokens[index + 8].kind else { continue }
            let identity = label == "id" ? SwiftPackageIdentity(location) : SwiftPackageIdentity(location: location)
            versions[identity.description] = pinKind == "exact"
                ? RecordedSwiftPackagePin(version: value, revision: nil) : RecordedSwiftPackagePin(version: nil, revision: value)
        }
        return versions
    }

    private static func product(at start: Int, in tokens: [SwiftToken]) -> Result<(SwiftPMProduct?, Int), Problem> {
        var index = start
        let line = tokens[start].line
        if case .directive = tokens[index].kind {
            return .failure(Problem(reason: .productsUnderConditions, line: line))
        }
        // `.library(` or `Product.library(`
        if tokens[index].kind == .word("Product") { index += 1 }
        guard index + 2 < tokens.count, tokens[index].kind == .punctuation("."), case let .word(kind) = tokens[index + 1].kind,
              tokens[index + 2].kind == .punctuation("(") else {
            return .failure(Problem(reason: .productBuiltInCode, line: line))
        }
        guard let close = closing(of: index + 2, in: tokens) else {
            return .failure(Problem(reason: .productNotClosed, line: line))
        }
        guard let known = SwiftPMProduct.Kind(rawValue: kind) else { return .success((nil, close + 1)) }
        guard let label = argument("name", of: index + 2, in: tokens) else {
            return .failure(Problem(reason: .productWithoutName(kind: kind), line: line))
        }
        guard label + 3 < tokens.count, case let .string(value) = tokens[label + 2].kind,
              tokens[label + 3].kind == .punctuation(",") || tokens[label + 3].kind == .punctuation(")") else {
            return .failure(Problem(reason: .productNameNotALiteral(kind: kind), line: tokens[label].line))
        }
        guard let name = value, !name.isEmpty else {
            return .failure(Problem(reason: .productNameInterpolated(kind: kind), line: tokens[label].line))
        }
        return .success((SwiftPMProduct(name: name, kind: known), close + 1))
    }

    /// The index of the `(` after the manifest's `Package` (`let package = Package(`).
    private static func packageCall(_ tokens: [SwiftToken]) -> Int? {
        var index = 0
        while index + 1 < tokens.count {
            if tokens[index].kind == .word("Package"), tokens[index + 1].kind == .punctuation("("),
               index == 0 || tokens[index - 1].kind != .punctuation(".") {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// The index of `label` among the top-level arguments of the call whose `(` is at `open`.
    private static func argument(_ label: String, of open: Int, in tokens: [SwiftToken]) -> Int? {
        var depth = 0
        var index = open
        while index < tokens.count {
            switch tokens[index].kind {
            case .punctuation("("), .punctuation("["), .punctuation("{"): depth += 1
            case .punctuation(")"), .punctuation("]"), .punctuation("}"):
                depth -= 1
                if depth == 0 { return nil }
            case .word(label) where depth == 1:
                let before = tokens[index - 1].kind
                if index + 1 < tokens.count, tokens[index + 1].kind == .punctuation(":"),
                   before == .punctuation("(") || before == .punctuation(",") {
                    return index
                }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The index of the bracket closing the one at `open`.
    private static func closing(of open: Int, in tokens: [SwiftToken]) -> Int? {
        var depth = 0
        for index in open..<tokens.count {
            switch tokens[index].kind {
            case .punctuation("("), .punctuation("["), .punctuation("{"): depth += 1
            case .punctuation(")"), .punctuation("]"), .punctuation("}"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// The line of `package.products` (an append, an assignment) anywhere in the manifest.
    private static func productsChangedInCode(_ tokens: [SwiftToken]) -> Int? {
        for index in tokens.indices.dropFirst() where tokens[index].kind == .word("products") {
            if tokens[index - 1].kind == .punctuation(".") { return tokens[index].line }
        }
        return nil
    }
}
