import ChildProcesses
import Foundation
import Impact
import Testing

/// Fixture folders, temporary folders and a git helper shared by the Impact tests.
enum Fixtures {
    /// Absolute path of `Fixtures/<name>` inside the test bundle's resources.
    static func path(_ name: String) throws -> String {
        let root = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures")
        return root.appendingPathComponent(name).path
    }

    /// The analyzer for a fixture project read with the default triggers.
    static func analyzer(_ graph: ModuleGraph) throws -> ImpactAnalyzer {
        try ImpactAnalyzer(graph: graph)
    }

    /// The saved dump-package JSON of the SPM fixture, read as a graph.
    static func swiftPackageGraph() throws -> ModuleGraph {
        let data = try Data(contentsOf: URL(fileURLWithPath: try path("spm/dump-package.json")))
        return try SwiftPackageReader().graph(fromDumpPackage: data)
    }
}

// MARK: Files

/// Writes `text` to `relative` inside `directory`, creating folders.
func write(_ text: String, to relative: String, in directory: String) throws {
    let url = URL(fileURLWithPath: directory).appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

// MARK: Git

/// Runs git in `directory` with a fixed identity, failing the test on a non-zero exit.
@discardableResult
func git(_ arguments: [String], in directory: String) async throws -> String {
    let identity = ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"]
    let output = try await Command.run(.command("git", identity + arguments, in: directory))
    try #require(output.status.isSuccess, "git \(arguments.joined(separator: " ")) failed: \(output.errorText)")
    return output.text.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Whether a tool is on PATH (tests needing it are skipped otherwise).
func onPath(_ tool: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
    }
}

extension ImpactReport {
    /// Selected suite names, in report order.
    var selectedNames: [String] { selected.map(\.name) }
    /// Skipped suite names, in report order.
    var skippedNames: [String] { skipped.map(\.name) }
    /// The reason given for one selected suite.
    func reason(for suite: String) -> String? { selected.first { $0.name == suite }?.reason }
}

extension Module {
    /// The module without its declarations (configuration, file, line), for comparing what
    /// impact analysis follows with a hand-written expectation.
    var withoutDeclarations: Module {
        Module(name: name, paths: paths, dependencies: dependencies)
    }
}
