// swift-tools-version:5.9
import PackageDescription

// `deps install` writes Deps/ (the packages' code and Deps/Package.swift, one library per package).
let package = Package(
    name: "Hello",
    dependencies: [.package(path: "Deps")],
    targets: [
        .executableTarget(
            name: "hello",
            dependencies: [
                .product(name: "Greeting", package: "Deps"),
                .product(name: "Banner", package: "Deps"),
            ]),
    ]
)
