// swift-tools-version:6.1
import PackageDescription
let package = Package(name: "Analytics", products: [.library(name: "Analytics", targets: ["Analytics"])], targets: [.target(name: "Analytics")])
