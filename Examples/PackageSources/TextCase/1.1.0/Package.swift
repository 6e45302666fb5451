// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "TextCase",
    products: [.library(name: "TextCase", targets: ["TextCase"])],
    targets: [.target(name: "TextCase")]
)
