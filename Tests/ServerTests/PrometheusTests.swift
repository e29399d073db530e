import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server

@Suite("GET /metrics (Prometheus)")
struct PrometheusTests {
    static func scrape(_ client: some TestClientProtocol) async throws -> String {
        try await client.execute(uri: "/metrics", method: .get) { response in
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            return String(buffer: response.body)
        }
    }

    @Test("a first ping counts as ping, its redelivery as duplicate")
    func pingOutcome() async throws {
        try await TestServer.make().test { client in
            try await WebhookAPITests.register(client)
            let payload = #"{"zen": "Keep it simple.", "hook_id": 1, "repository": {"full_name": "acme/ios-app"}}"#
            #expect(try await WebhookAPITests.deliver(client, payload, event: "ping", id: "ping-1").status == .ok)
            let first = try await Self.scrape(client)
            #expect(first.contains(#"mobile_ops_webhook_deliveries_total{provider="github",outcome="ping"} 1"#), "\(first)")
            #expect(!first.contains(#"outcome="duplicate""#))

            #expect(try await WebhookAPITests.deliver(client, payload, event: "ping", id: "ping-1").status == .ok)
            let second = try await Self.scrape(client)
            #expect(second.contains(#"mobile_ops_webhook_deliveries_total{provider="github",outcome="duplicate"} 1"#))
            #expect(second.contains(#"mobile_ops_webhook_deliveries_total{provider="github",outcome="ping"} 1"#))
        }
    }

    @Test("queue, running jobs, agents by state, webhook intake and finished build durations, without a token")
    func exposition() async throws {
        try await TestServer.make().test { client in
            try await WebhookAPITests.register(client)
            let first = try await Self.scrape(client)
            #expect(first.contains("mobile_ops_jobs_pending 0.0"))
            // operations.md's series are all there from the first scrape, each with HELP and TYPE.
            #expect(first.contains("mobile_ops_metrics_scrape_errors_total 0"), "\(first)")
            for (name, type) in [
                ("mobile_ops_jobs_pending", "gauge"), ("mobile_ops_jobs_running", "gauge"), ("mobile_ops_agents", "gauge"),
                ("mobile_ops_outbox_pending", "gauge"), ("mobile_ops_outbox_dead", "gauge"), ("mobile_ops_metrics_scrape_errors_total", "counter"),
            ] {
                #expect(first.contains("# HELP \(name) "), "\(name): \(first)")
                #expect(first.contains("# TYPE \(name) \(type)"), "\(name): \(first)")
            }
            for state in ["busy", "idle", "offline", "revoked"] { #expect(first.contains(#"mobile_ops_agents{state="\#(state)"} 0.0"#), "\(first)") }

            let accepted = try await WebhookAPITests.deliver(client, TestPipelines.githubPush())
            #expect(accepted.status == .accepted)
            let rejected = try await WebhookAPITests.deliver(client, TestPipelines.githubPush(), secret: "wrong-secret-wrong")
            #expect(rejected.status == .unauthorized)
            let agent = try await AgentAPITests.registerAgent(client)
            // Run the build to the end: build, then two test shards.
            while let job = try await AgentAPITests.next(client, agent: agent) {
                let id = try #require(job["jobID"] as? Int)
                _ = try await client.send(.post, "/api/v1/agent/jobs/\(id)/start", token: agent)
                _ = try await client.send(.post, "/api/v1/agent/jobs/\(id)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": [0.1]}"#)
            }

            let text = try await Self.scrape(client)
            #expect(text.contains(#"mobile_ops_webhook_deliveries_total{provider="github",outcome="accepted"} 1"#))
            #expect(text.contains("# HELP mobile_ops_webhook_deliveries_total "))
            #expect(text.contains(#"mobile_ops_webhook_deliveries_total{provider="github",outcome="rejected"} 1"#))
            #expect(text.contains("mobile_ops_jobs_pending 0.0"))
            #expect(text.contains("mobile_ops_jobs_running 0.0"))
            #expect(text.contains(#"mobile_ops_agents{state="idle"} 1.0"#))
            #expect(text.contains("mobile_ops_outbox_pending"))
            for measure in ["queue", "run", "total"] {
                #expect(text.contains(#"mobile_ops_build_\#(measure)_seconds_count{state="passed"} 1"#), "\(text)")
                #expect(text.contains("# TYPE mobile_ops_build_\(measure)_seconds histogram"))
                #expect(text.contains("# HELP mobile_ops_build_\(measure)_seconds Seconds a finished MobileOps build"))
            }
            #expect(!text.contains("mobile_ops_build_duration_seconds"))
        }
    }
}
