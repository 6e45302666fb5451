// swift-tools-version:5.9
import PackageDescription

// TextCase is expected beside this folder (../TextCase), as deps lays packages out in Deps/.
let package = Package(
    name: "Greeting",
    products: [.library(name: "Greeting", targets: ["Greeting"])],
    dependencies: [.package(path: "../TextCase")],
    targets: [.target(name: "Greeting", dependencies: [.product(name: "TextCase", package: "TextCase")])]
)
