import DepsCore

/// What a project whose `Package.swift` does not build with the sandbox yet should add, after
/// an install: the package, a product per Depsfile dependency, and `Deps/` in `.gitignore`.
public enum SandboxUseHintPresenter {
    public static func render(dependencies: [PackageName]) -> String {
        var lines = [
            "",
            "Package.swift does not use Deps/ yet. Add to its `dependencies:`",
            "    .package(path: \"Deps\"),",
            "and to the `dependencies:` of each target that uses them:",
        ]
        for name in dependencies {
            lines.append("    .product(name: \"\(name)\", package: \"Deps\"),")
        }
        lines.append("deps install rebuilds Deps/ from Depsfile.lock: commit the lock and add `Deps/` to .gitignore.")
        return lines.joined(separator: "\n") + "\n"
    }
}
