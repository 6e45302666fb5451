import DepsCore

/// Prints `deps export swiftpm`: how many packages can move, the lines to paste into a SwiftPM
/// manifest (`.package(...)` for its `dependencies:`, `.product(...)` for a target's), and what
/// stays on deps and why.
public enum ExportTextPresenter {
    public static func render(_ export: SwiftPMExport) -> String {
        var lines = ["\(export.exported.count) of \(export.packageCount) packages can move to SwiftPM."]
        if !export.exported.isEmpty {
            lines += ["", "In Package.swift's `dependencies:`"]
            lines += export.exported.map { "    \(packageLine($0))," }
            lines += ["", "In a target's `dependencies:`"]
            for package in export.exported {
                lines += package.libraries.map { "    \(productLine($0, of: package))," }
                let executables = package.products.filter { $0.kind == .executable }.map(\.name)
                if !executables.isEmpty {
                    lines.append("    // \(package.name) also offers the executable\(executables.count > 1 ? "s" : "") \(executables.joined(separator: ", "))")
                }
                if !package.subspecs.isEmpty {
                    let names = package.subspecs.map(\.description).joined(separator: ", ")
                    lines.append("    // in place of \(names): SwiftPM has no subspecs, only \(package.name)'s products")
                }
            }
        }
        if !export.staying.isEmpty {
            lines += ["", "Staying on deps, through Deps/Package.swift:"]
            lines += export.staying.map { "  \($0.name) \($0.version): \(reason($0))" }
        }
        return lines.map { MessageText.escaped($0) + "\n" }.joined()
    }

    /// `.package(url: "https://…/Alamofire.git", exact: "5.9.1")`, or `revision: "<commit>"`.
    public static func packageLine(_ package: ExportedPackage) -> String {
        switch package.requirement {
        case let .exact(version): ".package(url: \(literal(package.url)), exact: \(literal(version.description)))"
        case let .revision(commit): ".package(url: \(literal(package.url)), revision: \(literal(commit)))"
        }
    }

    /// `.product(name: "Alamofire", package: "Alamofire")`.
    public static func productLine(_ product: SwiftPMProduct, of package: ExportedPackage) -> String {
        ".product(name: \(literal(product.name)), package: \(literal(package.identity)))"
    }

    /// Why a `Package.swift` cannot be read without running it, as one clause.
    static func words(for reason: UnreadableManifest) -> String {
        switch reason {
        case .productsChangedAfterDeclaration: "its products are changed in code after `Package(...)`"
        case .noPackageDeclaration: "it has no `Package(...)` declaration"
        case .productsBuiltInCode: "its `products:` is not a list written out but built in code"
        case .productsUnderConditions: "its products depend on `#if` conditions"
        case .productBuiltInCode: "a product is not written as `.library(name: ...)` but built in code"
        case .productNotClosed: "a product's parentheses are not closed"
        case let .productWithoutName(kind): "a `.\(kind)` product has no `name:`"
        case let .productNameNotALiteral(kind): "a `.\(kind)` product's name is not a string literal"
        case let .productNameInterpolated(kind): "a `.\(kind)` product's name is built by interpolation"
        case .productsListNotClosed: "its `products:` list is not closed"
        case .productsListThroughCode: "its `products:` list goes through code (an operator or a method) after it is written out"
        }
    }

    /// Why a package stays on deps, as one clause.
    public static func reason(_ package: StayingPackage) -> String {
        switch package.reason {
        case .noManifest:
            "its code at \(package.version) has no Package.swift of its own"
        case let .unreadableManifest(reason, line):
            "its Package.swift cannot be read without running it: \(words(for: reason))\(line.map { " (line \($0))" } ?? "")"
        case .noLibraries:
            "its Package.swift declares no library product a target could use"
        case let .archive(url):
            "its code is an archive (\(url)) and no git URL is known for it"
        case let .usedInPlace(path):
            "its code is the folder \(path), used in place, not a git repository"
        case let .noCommit(url):
            "its code follows a branch of \(url) and no commit pins it; run `deps install` first"
        case let .neededBy(names):
            "\(names.map(\.description).joined(separator: ", ")), which \(names.count == 1 ? "stays" : "stay") on deps, \(names.count == 1 ? "needs" : "need") it (Deps/Package.swift builds them with what they need)"
        }
    }

    /// A Swift string literal holding `text`, control characters escaped.
    static func literal(_ text: String) -> String {
        SwiftStringLiteral.quoted(text)
    }

    /// One `error:` line per package whose code could not be had, then, when the cache lacks them
    /// while offline, what to do about it.
    public static func render(_ error: ExportFetchError) -> String {
        var lines = error.failures.map { "error: \(ErrorTextPresenter.line(for: $0))" }
        if error.isOffline {
            lines.append("--offline: the cache lacks \(error.failures.count) of the packages whose Package.swift deps export reads; run `deps install`, or run without --offline to fetch them.")
        }
        return lines.joined(separator: "\n")
    }
}
