// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Banner",
    products: [.library(name: "Banner", targets: ["Banner"])],
    targets: [.target(name: "Banner")]
)
