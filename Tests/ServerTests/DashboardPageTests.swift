import ChildProcesses
import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server
import TestSupport

/// `GET /` in a real headless browser (Debian's chromium): the page must fetch the dashboard
/// document and the feed with the token from its URL fragment and draw both charts.
@Suite("The HTML dashboard in headless chromium", .timeLimit(.minutes(10)))
struct DashboardPageTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("the page is self-contained: no external scripts, styles or fonts")
    func selfContained() async throws {
        try await TestServer.make().test { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let html = String(buffer: response.body)
                #expect(!html.contains("src=\"http"))
                #expect(!html.contains("href=\"http"))
                #expect(!html.contains("@import"))
                #expect(html.contains("/api/v1/dashboard") && html.contains("/feed.json"))
                // Every section the feed links to is on the page.
                for anchor in ["regressions", "test-health", "releases"] { #expect(html.contains("id=\"\(anchor)\""), "\(anchor)") }
            }
        }
    }

    @Test("chromium loads the page, which fetches the data and draws the build-time and cache charts; a screenshot is taken")
    func rendersInChromium() async throws {
        let browser = try #require(Self.chromium, "install chromium (make test does: apt-get install -y chromium)")
        let server = try await TestServer.make()
        let directory = server.directory.path
        try await server.server.makeApplication().test(.live) { client in
            let port = try #require(client.port)
            // Some history so both charts have points: a failed main build (a feed item) and
            // two reported builds with cache figures.
            for (day, minutes, cached) in [(2, 10.0, 1), (1, 14.0, 3)] {
                let started = DateShift.now.addingTimeInterval(-Double(day) * 86_400)
                let finished = started.addingTimeInterval(minutes * 60)
                let tasks = (0..<cached).map { #"{"name": ":app:task\#($0)", "outcome": "fromCache"}"# } + [#"{"name": ":app:compile", "outcome": "executed"}"#]
                let report = #"""
                    {"dimensions": {"repository": "acme/ios-app", "branch": "main", "pipeline": "app-ci", "platform": "android", "environment": "ci"},
                     "startedAt": "\#(started.formatted(.iso8601))", "finishedAt": "\#(finished.formatted(.iso8601))", "outcome": "success",
                     "tasks": [\#(tasks.joined(separator: ", "))]}
                    """#
                let stored = try await client.send(.post, "/api/v1/metrics/builds", json: report)
                #expect(stored.status == .created, "\(stored.body)")
            }
            let url = "http://127.0.0.1:\(port)/#token=\(TestServer.adminToken)"
            let screenshot = directory + "/dashboard.png"
            let dom = try await Self.runChromium(browser, [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(directory)/chromium-profile",
                "--virtual-time-budget=10000", "--window-size=1280,1400", "--dump-dom", url,
            ])
            #expect(dom.contains("data-state=\"ready\""), "the page did not finish loading: \(dom.prefix(2000))")
            let buildChart = try #require(Self.element(withID: "chart-build-time", in: dom))
            let cacheChart = try #require(Self.element(withID: "chart-cache", in: dom))
            #expect(buildChart.contains("class=\"line\"") && buildChart.contains("data-points=\"2\""), "\(buildChart)")
            #expect(cacheChart.contains("class=\"line\"") && cacheChart.contains("data-points=\"2\""), "\(cacheChart)")

            _ = try await Self.runChromium(browser, [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(directory)/chromium-profile-2",
                "--virtual-time-budget=10000", "--window-size=1280,1400", "--screenshot=\(screenshot)", url,
            ])
            let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG file")
            #expect(png.count > 20_000, "a rendered page, not a blank one (\(png.count) bytes)")
        }
        try? FileManager.default.removeItem(at: server.directory)
    }

    @Test("chromium draws findings per day with the rule that grew, and a build page lists only its new findings")
    func rendersFindings() async throws {
        let browser = try #require(Self.chromium, "install chromium (make test does: apt-get install -y chromium)")
        let clock = ManualClock(at: FindingsAPITests.start)
        let server = try await TestServer.make(clock: clock, backgroundServices: false)
        let directory = server.directory.path
        try await server.server.makeApplication().test(.live) { client in
            let port = try #require(client.port)
            let agent = try await AgentAPITests.registerAgent(client)
            let base = try await TestRuns.runBuild(client, agent: agent, testReports: [], now: clock.now)
            let first = try await FindingsAPITests.post(client, build: base, report: FindingsAPITests.swiftLint([("line_length", "Warning", 12)]))
            #expect(first.status == .created, "\(first.body)")
            clock.advance(by: 86_400)
            let head = try await TestRuns.runBuild(client, agent: agent, testReports: [], now: clock.now)
            let second = try await FindingsAPITests.post(
                client, build: head, report: FindingsAPITests.swiftLint([("line_length", "Warning", 12), ("force_try", "Error", 40), ("force_try", "Error", 52)]))
            #expect(second.status == .created, "\(second.body)")
            clock.advance(by: 60)

            let overview = try await Self.runChromium(browser, [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(directory)/chromium-findings",
                "--virtual-time-budget=10000", "--window-size=1280,1400", "--dump-dom", "http://127.0.0.1:\(port)/#token=\(TestServer.adminToken)",
            ])
            #expect(overview.contains("data-state=\"ready\""), "the page did not finish loading: \(overview.prefix(2000))")
            let chart = try #require(Self.element(withID: "chart-findings", in: overview))
            #expect(chart.contains("data-points=\"2\""), "one point per day with findings: \(chart)")
            let growing = try #require(Self.table(withID: "findings-growing", in: overview))
            #expect(growing.contains("force_try") && growing.contains("0 → 2") && !growing.contains("line_length"), "\(growing)")

            let page = try await Self.runChromium(browser, [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(directory)/chromium-findings-build",
                "--virtual-time-budget=10000", "--window-size=1280,1400", "--dump-dom", "http://127.0.0.1:\(port)/builds/\(head)#token=\(TestServer.adminToken)",
            ])
            #expect(page.contains("data-state=\"ready\""), "the build page did not finish loading: \(page.prefix(2000))")
            let findings = try #require(Self.table(withID: "findings", in: page))
            #expect(findings.contains("Sources/App/Login.swift:40") && findings.contains("Sources/App/Login.swift:52"), "\(findings)")
            #expect(!findings.contains("line_length"), "an unchanged finding is not listed as new: \(findings)")
            #expect(page.contains("href=\"/builds/\(base)\""), "the baseline build is linked")
            let baseLine = try #require(Self.element(withID: "findings-base", closedBy: "</p>", in: page))
            #expect(baseLine.contains("the newest earlier build of"), "the baseline says why it was taken: \(baseLine)")
            let figures = try #require(Self.element(withID: "findings-figures", closedBy: "</section>", in: page))
            #expect(figures.contains("suppressed"), "suppressed findings are counted on the page: \(figures)")
        }
        try? FileManager.default.removeItem(at: server.directory)
    }

    /// The markup from `<table id="…"` to its `</table>`.
    static func table(withID id: String, in dom: String) -> String? {
        guard let start = dom.range(of: "id=\"\(id)\""), let end = dom.range(of: "</table>", range: start.upperBound..<dom.endIndex) else { return nil }
        return String(dom[start.lowerBound..<end.upperBound])
    }

    /// Runs chromium and answers its standard output (stderr is chatty; dropped). Waits
    /// without blocking a cooperative thread (other tests share the pool); output goes to a
    /// file so a large DOM can never fill a pipe.
    static func runChromium(_ path: String, _ arguments: [String]) async throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        // Waits for the leader only: a browser helper that outlives it cannot hold the test up.
        let process = try ProcessGroup.spawn(.command(path, arguments), outputPath: outputPath, errorPath: "/dev/null")
        _ = await process.wait()
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// The markup from the element with `id` to the first `closing` after it (an `<svg>`'s `</svg>` by default).
    static func element(withID id: String, closedBy closing: String = "</svg>", in dom: String) -> String? {
        guard let start = dom.range(of: "id=\"\(id)\""), let end = dom.range(of: closing, range: start.upperBound..<dom.endIndex) else { return nil }
        return String(dom[start.lowerBound..<end.upperBound])
    }
}
