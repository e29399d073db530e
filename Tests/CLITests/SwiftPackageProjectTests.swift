import Foundation
import Testing

/// `mobile-ops impact` and `checks deps` on a Swift package named by a relative `--project`,
/// as in a monorepo's `ios/` folder: Package.swift is read by running `swift package dump-package`.
@Suite("Swift packages named by a relative --project")
struct SwiftPackageProjectTests {
    /// The PATH the test itself was given, where `swift` is.
    static let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    static let hasSwift = path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/swift") }

    static let manifest = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "ios-app", targets: [
            .target(name: "Core"),
            .target(name: "Checkout", dependencies: ["Core"]),
            .testTarget(name: "CoreTests", dependencies: ["Core"]),
            .testTarget(name: "CheckoutTests", dependencies: ["Checkout"]),
        ])
        """

    /// A folder holding `ios-app/` (the package) and `changes.txt`; answers the folder.
    static func makeProject() throws -> String {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("spm-relative-\(UUID().uuidString)").path
        let files = [
            "ios-app/Package.swift": manifest, "ios-app/Sources/Core/Money.swift": "public struct Money {}\n",
            "ios-app/Sources/Checkout/Cart.swift": "import Core\n", "ios-app/Tests/CoreTests/MoneyTests.swift": "\n",
            "ios-app/Tests/CheckoutTests/CartTests.swift": "\n", "changes.txt": "Sources/Checkout/Cart.swift\n",
            "ios-app/mobile-ops-checks.yml": "rules:\n  - name: core-is-a-leaf\n    forbid:\n      from: Core\n      to: Checkout\n",
            "broken/Package.swift": "// swift-tools-version:5.9\nlet package = Package(\n",
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: parent).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return parent
    }

    @Test("impact and checks deps read Package.swift from a relative project folder",
          // Six runs of `swift package dump-package`, each compiling a manifest: a bound for a hang only.
          .enabled(if: hasSwift, "needs swift on PATH"), .timeLimit(.minutes(15)))
    func relativeProject() async throws {
        let parent = try Self.makeProject()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        for project in ["ios-app", "./ios-app"] {
            let impact = try await CLIProcess.run(
                ["impact", "--project", project, "--changed-files", "changes.txt", "--json"], environment: ["PATH": Self.path], directory: parent)
            #expect(impact.status == 0, "impact --project \(project): \(impact.stderr)")
            let report = try JSONSerialization.jsonObject(with: Data(impact.stdout.utf8)) as? [String: Any]
            let selected = (report?["selected"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(selected == ["CheckoutTests"], "\(impact.stdout)")

            let checks = try await CLIProcess.run(["checks", "deps", "--project", project, "--json"], environment: ["PATH": Self.path], directory: parent)
            #expect(checks.status == 0, "checks deps --project \(project): \(checks.stderr)")
        }
        // A manifest swift cannot read: the error says why, whichever way the change is given.
        for change in [["--changed-files", "-"], ["--changed-files", "changes.txt"]] {
            let broken = try await CLIProcess.run(["impact", "--project", "broken"] + change, environment: ["PATH": Self.path], directory: parent)
            #expect(broken.status == 1)
            #expect(broken.stderr.contains("exited with status 1: ") && broken.stderr.contains("Package.swift"), "\(change): \(broken.stderr)")
        }
    }
}
