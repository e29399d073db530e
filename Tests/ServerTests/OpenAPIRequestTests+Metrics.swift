import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

/// Build reports from other CIs and impact-analysis requests against their request schemas.
extension OpenAPIRequestTests {
    /// The report of docs/build-metrics.md's `curl` example, as printed there.
    static let documentedReport = #"""
        {
          "id": "jenkins-1234",
          "dimensions": {"repository": "acme/android-app", "branch": "main", "pipeline": "pr", "platform": "android",
                         "machine": "ci-7", "gradleVersion": "8.10.2", "environment": "ci", "buildKind": "incremental"},
          "startedAt": "2026-11-21T10:00:00Z", "finishedAt": "2026-11-21T10:12:30Z", "queueSeconds": 42,
          "outcome": "success",
          "steps": [{"name": "./gradlew assembleDebug", "durationSeconds": 750, "outcome": "success"}],
          "tasks": [{"name": ":app:compileDebugKotlin", "target": ":app", "outcome": "fromCache", "cacheKind": "remote"}],
          "tests": {"total": 812, "passed": 810, "failed": 1, "skipped": 1, "flaky": 2, "retried": 2, "durationSeconds": 95},
          "commit": "4f9c2a1e0b7d6c5a4f3e2d1c0b9a8f7e6d5c4b3a"
        }
        """#

    /// Optional members as null and keys the decoder does not know: both accepted.
    static let reportWithNullsAndExtras = #"""
        {"id": null, "dimensions": {"repository": "acme/ios-app", "branch": null, "platform": null, "environment": "local", "team": "mobile"},
         "startedAt": null, "finishedAt": null, "durationSeconds": 61.5, "queueSeconds": null, "outcome": "failure", "steps": null,
         "tasks": [{"name": "App", "target": null, "durationSeconds": null, "outcome": "failed", "cacheKind": null}],
         "tests": {"total": 3, "passed": 1, "failed": 1, "skipped": 1, "flaky": null, "durationSeconds": null, "warnings": null,
                   "failures": [{"suite": "CartTests", "name": "testTotal", "message": null}],
                   "cases": [{"name": "testTotal", "suite": "CartTests", "outcome": "failed", "attempts": 2, "file": "Tests/CartTests.swift", "line": 40},
                             {"name": "testEmpty", "outcome": "passed", "suite": null, "attempts": null, "message": null},
                             {"name": "testShare", "outcome": "skipped"}]},
         "commit": null, "source": "laptop-script"}
        """#

    @Test("build reports other CIs post: the documented example, MetricsAPITests' shape, nulls and unknown keys")
    func buildReports() async throws {
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            let path = "/api/v1/metrics/builds"
            for report in [Self.documentedReport, MetricsAPITests.report(seconds: 300, queue: 12, ago: 3600, id: "gha-77"), Self.reportWithNullsAndExtras] {
                try await Self.accepted(client, document, .post, path, documentedAs: path, status: .created, json: report)
            }
        }
    }

    @Test("build reports the server refuses, the schema refuses too")
    func buildReportRefusals() async throws {
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            let path = "/api/v1/metrics/builds"
            let head = #""dimensions": {"repository": "acme/ios-app"}, "outcome": "success""#
            let bodies = [
                #"{"dimensions": {"repository": "acme/ios-app"}, "durationSeconds": 10}"#,
                #"{"dimensions": {"repository": "acme/ios-app"}, "outcome": "meh", "durationSeconds": 10}"#,
                #"{"dimensions": {"repository": "  "}, "outcome": "success", "durationSeconds": 10}"#,
                #"{"dimensions": {"repository": "acme/ios-app", "platform": "windows"}, "outcome": "success", "durationSeconds": 10}"#,
                "{\(head)}", "{\(head), \"startedAt\": \"2026-11-21T10:00:00Z\"}", "{\(head), \"durationSeconds\": -1}",
                "{\(head), \"durationSeconds\": 10, \"queueSeconds\": 700000}",
                "{\(head), \"durationSeconds\": 10, \"steps\": [{\"name\": \"build\", \"outcome\": \"success\"}]}",
                "{\(head), \"durationSeconds\": 10, \"tests\": {\"passed\": 3}}", "{\(head), \"durationSeconds\": 10, \"tests\": {\"total\": -1}}",
                "{\(head), \"durationSeconds\": 10, \"tests\": {\"total\": 1, \"cases\": [{\"name\": \"a\", \"outcome\": \"passed\", \"attempts\": 0}]}}",
            ]
            for body in bodies {
                try await Self.refused(client, document, .post, path, documentedAs: path, json: body)
            }
        }
    }

    @Test("impact requests: a graph with changed files, and one with nulls and an unknown key; refusals both ways")
    func impactRequests() async throws {
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            let path = "/api/v1/impact"
            let graph = ImpactAPITests.graph
            let answer = try await Self.accepted(
                client, document, .post, path, documentedAs: path, status: .ok, json: #"{"graph": \#(graph), "changedFiles": ["core/Money.swift", "README.md"]}"#)
            #expect(answer["selected"]?.elements?.first?["name"] == .string("CheckoutUITests"))
            try await Self.accepted(
                client, document, .post, path, documentedAs: path, status: .ok,
                json: #"{"graph": \#(graph), "changedFiles": ["search/Query.swift"], "runAll": ["ci/**"], "repository": null, "base": null, "kind": null, "note": "x"}"#)
            let refusals = [
                #"{"changedFiles": ["core/Money.swift"]}"#, #"{"graph": \#(graph)}"#, #"{"graph": \#(graph), "changedFiles": "core/Money.swift"}"#,
                #"{"graph": \#(graph), "changedFiles": [], "kind": "maven"}"#, #"{"repository": "acme/app", "base": "--upload-pack=x"}"#,
                #"{"graph": null, "repository": "", "changedFiles": []}"#,
            ]
            for body in refusals {
                try await Self.refused(client, document, .post, path, documentedAs: path, json: body)
            }
        }
    }
}
