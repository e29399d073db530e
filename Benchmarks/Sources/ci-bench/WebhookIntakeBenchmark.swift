import ChildProcesses
import Crypto
import Foundation

/// Signed GitHub push deliveries of about 8 KB, posted by `wrk` from loopback, each with its
/// own `X-GitHub-Delivery` so every one is stored (and starts a build) rather than deduplicated.
struct WebhookIntakeBenchmark {
    let serverBinary: String
    var duration = "10s"
    var connections = 32

    static let secret = "bench-webhook-secret-0123456789"

    static let pipeline = """
        name: intake
        triggers:
          push:
            branches: [main]
        steps:
          - key: build
            command: echo build
            agents:
              platform: ios
          - key: test
            command: echo test
            depends_on: build
            agents:
              platform: ios
        """

    /// The intake on each available store, side by side, and PostgreSQL's rate as a ratio
    /// of SQLite's from the same run.
    func run() async throws -> [ResultRow] {
        var rows: [ResultRow] = []
        var rates: [Double] = []
        for database in BenchDatabase.available {
            let (figures, rate) = try await BenchServer.with(binary: serverBinary, pipelines: ["intake.yml": Self.pipeline], database: database) { server in
                try await measure(server)
            }
            rows += figures
            rates.append(rate)
        }
        if rates.count == 2, rates[0] > 0 {
            rows.append(ResultRow(scenario: "webhook intake", measure: "PostgreSQL deliveries/s / SQLite deliveries/s (same run)", value: String(format: "%.2f×", rates[1] / rates[0]), target: "-", passed: nil))
        }
        return rows
    }

    /// SQLite must take 2,000 deliveries/s with p99 < 50 ms; PostgreSQL, over the network
    /// stack and another process, 1,500/s with p99 < 100 ms.
    /// `url` is where wrk sends (a load balancer in front of `server`, say); `label` names the set-up.
    func measure(_ server: BenchServer, through url: String? = nil, label: String? = nil) async throws -> (rows: [ResultRow], rate: Double) {
        let sqlite = server.database.name == "SQLite"
        let scenario = "webhook intake (\(label ?? server.database.name))"
        let (minimumRate, maximumP99) = sqlite ? (2_000.0, 0.05) : (1_500.0, 0.1)
        try await server.api(.post, "/api/v1/repositories", json: #"{"name": "acme/ios-app", "provider": "github", "cloneURL": "https://github.com/acme/ios-app.git", "defaultBranch": "main", "webhookSecret": "\#(Self.secret)"}"#)

        let body = Self.pushPayload()
        let signature = HMAC<SHA256>.authenticationCode(for: Array(body.utf8), using: SymmetricKey(data: Array(Self.secret.utf8)))
        let hex = signature.map { String(format: "%02x", $0) }.joined()
        let bodyPath = server.directory + "/push.json"
        let scriptPath = server.directory + "/intake.lua"
        try body.write(toFile: bodyPath, atomically: true, encoding: .utf8)
        try Self.luaScript(bodyPath: bodyPath, signature: "sha256=" + hex).write(toFile: scriptPath, atomically: true, encoding: .utf8)

        let output = try Self.runWRK([
            "-t2", "-c\(connections)", "-d\(duration)", "--latency", "-s", scriptPath, (url ?? server.url) + "/api/v1/webhooks/github",
        ])
        let rate = Self.value(after: "Requests/sec:", in: output) ?? 0
        let p99 = Self.latency(percentile: "99%", in: output) ?? .infinity
        let p50 = Self.latency(percentile: "50%", in: output) ?? .infinity
        let errors = Self.value(after: "Non-2xx or 3xx responses:", in: output) ?? 0
        let newest = try await server.api(.get, "/api/v1/builds?limit=1")
        let builds = ((newest["builds"] as? [[String: Any]])?.first?["number"] as? Int) ?? 0
        let rows = [
            ResultRow(scenario: scenario, measure: "payload", value: "\(body.utf8.count) bytes, \(connections) connections, \(duration)", target: "~8 KB", passed: nil),
            ResultRow(scenario: scenario, measure: "deliveries/s (each 202 after durable)", value: String(format: "%.0f", rate), target: ">= \(Int(minimumRate))/s", passed: rate >= minimumRate && errors == 0),
            ResultRow(scenario: scenario, measure: "latency p50 / p99", value: "\(Stats.ms(p50)) / \(Stats.ms(p99))", target: "p99 < \(Int(maximumP99 * 1000)) ms", passed: p99 < maximumP99),
            ResultRow(scenario: scenario, measure: "non-2xx answers; builds created", value: "\(Int(errors)); \(builds)", target: "0; one per delivery", passed: errors == 0 && builds > 0),
        ]
        return (rows, rate)
    }

    // MARK: Payload

    /// A push of ten commits to main shaped like GitHub's (repository, pusher, sender, commits
    /// with file lists), padded to about 8 KB with realistic fields.
    static func pushPayload() -> String {
        var commits: [String] = []
        for index in 0..<10 {
            let sha = String(format: "%040x", 0xabc000 + index)
            commits.append("""
                {"id": "\(sha)", "tree_id": "\(String(format: "%040x", 0xdef000 + index))", "distinct": true,
                 "message": "Improve the onboarding flow, step \(index)\\n\\nMore detail about the change in the body.",
                 "timestamp": "2026-11-21T10:0\(index):00+01:00", "url": "https://github.com/acme/ios-app/commit/\(sha)",
                 "author": {"name": "Dev \(index)", "email": "dev\(index)@acme.test", "username": "dev\(index)"},
                 "committer": {"name": "GitHub", "email": "noreply@github.com", "username": "web-flow"},
                 "added": ["Sources/Onboarding/Step\(index).swift"], "removed": [],
                 "modified": ["Sources/Onboarding/Flow.swift", "Tests/OnboardingTests/FlowTests.swift", "App/Resources/Localizable.xcstrings"]}
                """)
        }
        let head = String(format: "%040x", 0xabc009)
        return """
            {"ref": "refs/heads/main", "before": "\(String(repeating: "1", count: 40))", "after": "\(head)",
             "created": false, "deleted": false, "forced": false, "base_ref": null, "compare": "https://github.com/acme/ios-app/compare/111111111111...abc009",
             "repository": {"id": 3000000001, "node_id": "R_kgDOAbCdEf", "name": "ios-app", "full_name": "acme/ios-app", "private": true,
              "owner": {"name": "acme", "login": "acme", "id": 1000001, "type": "Organization"},
              "html_url": "https://github.com/acme/ios-app", "clone_url": "https://github.com/acme/ios-app.git",
              "ssh_url": "git@github.com:acme/ios-app.git", "default_branch": "main", "pushed_at": 1763719200, "created_at": 1600000000,
              "size": 123456, "language": "Swift", "fork": false, "archived": false, "visibility": "private"},
             "pusher": {"name": "dev0", "email": "dev0@acme.test"},
             "sender": {"login": "dev0", "id": 2000001, "type": "User", "site_admin": false},
             "commits": [\(commits.joined(separator: ",\n"))],
             "head_commit": \(commits[9])}
            """
    }

    /// wrk script: the same signed body, a fresh delivery id per request.
    static func luaScript(bodyPath: String, signature: String) -> String {
        """
        local file = assert(io.open("\(bodyPath)", "rb"))
        local payload = file:read("*a")
        file:close()
        local counter = 0
        local threads = 0
        function setup(thread)
          threads = threads + 1
          thread:set("prefix", "bench-" .. threads .. "-" .. math.random(1, 1000000000))
        end
        function request()
          counter = counter + 1
          return wrk.format("POST", nil, {
            ["Content-Type"] = "application/json",
            ["X-GitHub-Event"] = "push",
            ["X-GitHub-Delivery"] = prefix .. "-" .. counter,
            ["X-Hub-Signature-256"] = "\(signature)",
          }, payload)
        end
        """
    }

    // MARK: wrk

    static func runWRK(_ arguments: [String]) throws -> String {
        let result = try Command.run(.command("wrk", arguments))
        let output = result.text + result.errorText
        guard result.status.isSuccess else { throw BenchError("wrk failed (apt-get install -y wrk): \(output)") }
        return output
    }

    /// The number after `label` on its line.
    static func value(after label: String, in output: String) -> Double? {
        for line in output.split(separator: "\n") {
            guard let range = line.range(of: label) else { continue }
            return Double(line[range.upperBound...].trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// A latency-distribution line (`99%  12.34ms`) in seconds.
    static func latency(percentile: String, in output: String) -> Double? {
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 2, fields[0] == percentile else { continue }
            let text = String(fields[1])
            for (suffix, scale) in [("us", 1e-6), ("ms", 1e-3), ("s", 1.0)] where text.hasSuffix(suffix) {
                return Double(text.dropLast(suffix.count)).map { $0 * scale }
            }
        }
        return nil
    }
}
