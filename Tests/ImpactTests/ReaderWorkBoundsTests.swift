import Foundation
import Testing
@testable import Impact
import TestSupport

/// A branch decides how much its project files make a reader do. The server reads them on a
/// thread that holds one of a few analysis slots, so that work is bounded, and it stops when
/// the analysis is stopped (its deadline, a shutdown).
@Suite("Readers bound their work")
struct ReaderWorkBoundsTests {
    static let spec = "targets:\n  App:\n    type: application\n    sources: App\n"

    @Test("includes that fan out (each of 40 files including the next layer 40 times) are refused past 256 loads, naming the limit")
    func includeFanOut() throws {
        let repo = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: repo) }
        // 40 × 40 × 40 loads without a cycle: each layer includes the next one's file 40 times.
        let fan = { (next: String) in "include:\n" + String(repeating: "  - \(next)\n", count: 40) }
        try write(fan("a.yml") + Self.spec, to: "project.yml", in: repo)
        try write(fan("b.yml"), to: "a.yml", in: repo)
        try write(fan("c.yml"), to: "b.yml", in: repo)
        try write("name: Leaf\n", to: "c.yml", in: repo)
        #expect {
            _ = try ModuleGraphLoader().load(projectDirectory: repo)
        } throws: { error in
            "\(error)".contains("more than \(XcodeGenSpecLoader.fileLimit) files")
        }
    }

    @Test("a few includes of the same file still load")
    func repeatedIncludesLoad() throws {
        let repo = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: repo) }
        try write("include:\n  - a.yml\n  - a.yml\n  - b.yml\n" + Self.spec, to: "project.yml", in: repo)
        try write("include: [b.yml]\nname: A\n", to: "a.yml", in: repo)
        try write("name: B\n", to: "b.yml", in: repo)
        let graph = try ModuleGraphLoader().load(projectDirectory: repo).graph
        #expect(graph.modules.map(\.name) == ["App"])
    }

    @Test("once the analysis is stopped, reading and listing its files stops: reads throw, listings are empty")
    func stoppedAnalysisReadsNothing() throws {
        let repo = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: repo) }
        try write(Self.spec, to: "project.yml", in: repo)
        try write("struct A {}", to: "App/a.swift", in: repo)
        let cancellation = Cancellation()
        let files = try ProjectFiles(project: repo, cancellation: cancellation)
        #expect(try files.read("project.yml") == Self.spec)
        #expect(files.list(".") == ["App", "project.yml"])
        cancellation.cancel()
        #expect(files.list(".").isEmpty)
        #expect(files.walk(".").files.isEmpty)
        #expect { try files.read("project.yml") } throws: { "\($0)".contains("the analysis was stopped") }
        #expect(throws: (any Error).self) { try ModuleGraphLoader(cancellation: cancellation).load(projectDirectory: repo) }
    }
}
