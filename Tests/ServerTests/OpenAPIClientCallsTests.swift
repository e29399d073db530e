import Foundation
import Testing
@testable import Server

/// Every call the CLI and the dashboard's scripts make is an operation the OpenAPI document
/// describes: read from their source text (`Sources/CLI/*.swift`, `Sources/Server/WebUI/WebPage*.swift`),
/// compared by method and path template.
@Suite("OpenAPI: the CLI and the dashboard call only documented operations")
struct OpenAPIClientCallsTests {
    /// `METHOD /path/{param}` of every operation of the served document.
    static func documentedOperations() async throws -> Set<String> {
        OpenAPITests.operations(in: try await OpenAPITests.generatedDocument())
    }

    /// The Swift files of `folder` (relative to the repository root) whose names start with `prefix`, sorted.
    static func sources(in folder: String, prefix: String = "") throws -> [(name: String, text: String)] {
        let directory = OpenAPIDocumentFile.repositoryRoot.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") && $0.hasPrefix(prefix) }.sorted()
        return try names.map { name in
            (folder + "/" + name, try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        }
    }

    @Test("each request of the CLI (Sources/CLI) matches a documented method and path")
    func cliCalls() async throws {
        var scanner = APICallScanner()
        for (name, text) in try Self.sources(in: "Sources/CLI") { scanner.scanSwift(text, file: name) }
        #expect(scanner.unreadable == [])
        // Enough calls that a scanner gone blind cannot pass: the CLI makes more than 40.
        #expect(scanner.calls.count > 40, "\(scanner.calls)")
        let undocumented = scanner.undocumented(in: try await Self.documentedOperations())
        #expect(undocumented.isEmpty, "calls to no documented operation: \(undocumented.map(\.description))")
    }

    @Test("each request of the web pages' scripts (Sources/Server/WebUI/WebPage*.swift) matches a documented method and path")
    func dashboardCalls() async throws {
        var scanner = APICallScanner()
        for (name, text) in try Self.sources(in: "Sources/Server/WebUI", prefix: "WebPage") { scanner.scanScript(text, file: name) }
        #expect(scanner.unreadable == [])
        let paths = Set(scanner.calls.map { "\($0.method) \($0.path)" })
        #expect(paths.isSuperset(of: [
            "GET /api/v1/dashboard", "GET /feed.json", "GET /api/v1/builds/{param}/tests", "GET /api/v1/jobs/{param}/log", "GET /api/v1/me",
            "POST /api/v1/builds/{param}/retry", "POST /api/v1/releases/{param}/{param}", "POST /api/v1/outbox/{param}/retry",
        ]), "\(paths.sorted())")
        let undocumented = scanner.undocumented(in: try await Self.documentedOperations())
        #expect(undocumented.isEmpty, "calls to no documented operation: \(undocumented.map(\.description))")
    }

    @Test("the scanner reads literals, interpolations, concatenations and queries, and reports what it cannot read")
    func scannerReads() throws {
        let swift = #"""
            let (a, _) = try await client.get("/api/v1/builds/\(id)/tests?failed=\(flag)", as: A.self)
            let path = "/api/v1/metrics/tests/flaky" + MetricsFormatting.query(pairs)
            let (b, _) = try await client.get(path, as: B.self)
            let (c, _) = try await client.post(
                "/api/v1/releases/\(id)/\(action)", payload, as: C.self)
            _ = try await client.delete("/api/v1/nowhere/\(id)", as: D.self)
            print("/api/v1/builds")
            _ = try await client.get("/api/v1/x" + suffix, as: E.self)
            """#
        var scanner = APICallScanner()
        scanner.scanSwift(swift, file: "Sample.swift")
        #expect(scanner.calls.map { "\($0.method) \($0.path)" } == [
            "GET /api/v1/builds/{param}/tests", "GET /api/v1/metrics/tests/flaky", "POST /api/v1/releases/{param}/{param}", "DELETE /api/v1/nowhere/{param}",
        ])
        #expect(scanner.unreadable == ["Sample.swift:7: a path in no recognised call", "Sample.swift:8: cannot read the path"])
        let documented: Set = ["GET /api/v1/builds/{id}/tests", "GET /api/v1/metrics/tests/flaky", "POST /api/v1/releases/{id}/{action}"]
        #expect(scanner.undocumented(in: documented).map { "\($0.method) \($0.path)" } == ["DELETE /api/v1/nowhere/{param}"])
        #expect(scanner.undocumented(in: documented.union(["GET /api/v1/nowhere/{id}"])).count == 1, "the method counts too")

        let script = #"""
            // get("/api/v1/commented-out")
            const build = await get("/api/v1/builds/" + id);
            const log = await request("/api/v1/jobs/" + job.id + "/log" + (live ? "?follow=true" : ""));
            await fetch("/api/v1/builds/" + id + "/cancel", {method: "POST"});
            async function get(path) { return (await request(path)).json(); }
            const other = await get(url);
            """#
        var scripts = APICallScanner()
        scripts.scanScript(script, file: "page.js")
        #expect(scripts.calls.map { "\($0.method) \($0.path)" } == [
            "GET /api/v1/builds/{param}", "GET /api/v1/jobs/{param}/log", "POST /api/v1/builds/{param}/cancel",
        ])
        #expect(scripts.unreadable == ["page.js:6: get( with an argument that is not a path literal"])
    }
}
