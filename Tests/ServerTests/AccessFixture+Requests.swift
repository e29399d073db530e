import Foundation
import HTTPTypes
@testable import Server

extension AccessFixture {
    /// Operations whose request below the handler refuses (400, 409) by design: a valid one
    /// would end the seeded job, need a whole report or graph, or reach a git host.
    static let refusedByTheHandler: Set<String> = [
        "POST /api/v1/agent/jobs/{id}/finish", "POST /api/v1/agent/jobs/{id}/impact", "POST /api/v1/agent/jobs/{id}/metrics",
        "POST /api/v1/impact", "POST /api/v1/metrics/builds", "GET /api/v1/releases/{id}/notes", "POST /api/v1/checks/deps",
        // The seeded job has no devices: step (409); no device of the seeded agent has a health to reset (404).
        "POST /api/v1/agent/jobs/{id}/device-tests", "POST /api/v1/agent/jobs/{id}/device-batches/next",
        "POST /api/v1/agent/jobs/{id}/device-batches/{batch}/result", "POST /api/v1/devices/readmit", "POST /api/v1/agent/devices/readmit",
        // Unmuting a test the matrix has not muted (or unmuted already) is a 404.
        "POST /api/v1/tests/unmute",
        // The seeded outbox message is not dead: retrying it is a 404 or 409.
        "POST /api/v1/outbox/{id}/retry",
        // The seeded job has not failed: running it again is a 409.
        "POST /api/v1/jobs/{id}/retry",
    ]

    /// The request to send for a documented operation: its path filled with the seeded ids,
    /// and a body that passes the handler's checks where one is cheap to write, so that a call
    /// let through gets as far as it can: a 2xx, but for `refusedByTheHandler`, whose 400 or
    /// 409 from the handler still shows that authentication let the call through.
    func request(for row: AccessMatrix.Row) -> AccessRequest {
        let method = HTTPRequest.Method(rawValue: row.method) ?? .get
        var request = AccessRequest(method: method, uri: fill(row.path, operation: row.operation))
        switch row.operation {
        case "POST /api/v1/agent/jobs/next":
            request.uri += "?wait=0"
        case "PUT /api/v1/agent/jobs/{id}/artifacts":
            request.uri += "?path=matrix.txt"
            request.body = "matrix artifact"
            request.headers[.contentType] = "application/octet-stream"
        case "POST /api/v1/agent/jobs/{id}/checkout":
            request.body = #"{"commitSHA": "\#(String(repeating: "a", count: 40))"}"#
        case "POST /api/v1/agent/jobs/{id}/findings":
            request.body = #"{"source": "matrix.sarif", "format": "sarif", "failOn": "never", "findings": []}"#
            request.headers[.contentType] = "application/json"
        case "POST /api/v1/agent/jobs/{id}/log":
            request.body = "matrix line\n"
            request.headers[.logSequence] = "1"
        case "POST /api/v1/agent/jobs/{id}/finish", "POST /api/v1/agent/jobs/{id}/impact", "POST /api/v1/agent/jobs/{id}/metrics",
            "POST /api/v1/impact", "POST /api/v1/metrics/builds", "POST /api/v1/checks/deps":
            request.body = "{}"
        case "POST /api/v1/agent/jobs/{id}/device-tests":
            request.body = #"{"tests": ["com.acme.MatrixTest#opens"]}"#
        case "POST /api/v1/agent/jobs/{id}/device-batches/next":
            request.body = #"{"platform": "android", "identifier": "emulator-5554"}"#
        case "POST /api/v1/agent/jobs/{id}/device-batches/{batch}/result":
            request.body = #"{"results": []}"#
        case "POST /api/v1/tests/mute", "POST /api/v1/tests/unmute":
            request.body = #"{"name": "com.acme.MatrixTest#opens", "reason": "access matrix"}"#
        case "POST /api/v1/devices/readmit":
            request.body = #"{"agentID": 1, "platform": "android", "identifier": "matrix-device"}"#
        case "POST /api/v1/builds/{id}/findings":
            request.uri += "?source=matrix&root=/work/app"
            request.body = #"[{"character": 5, "file": "/work/app/Sources/App/Login.swift", "line": 12, "reason": "Line should be 120 characters or less", "rule_id": "line_length", "severity": "Warning", "type": "Line Length"}]"#
            request.headers[.contentType] = "application/json"
        case "GET /api/v1/metrics/findings":
            request.uri += "?repository=acme/ios-app"
        case _ where row.path.hasPrefix("/cache/") && row.method == "PUT":
            request.body = Self.cacheEntry
            request.headers[.contentType] = "application/octet-stream"
        case "POST /api/v1/agents/register":
            request.body = #"{"name": "matrix-android", "tags": {"platform": "android"}, "slots": 1}"#
        case "PUT /api/v1/repositories/{id}/secrets/{name}":
            request.body = Self.secretWrite
            request.headers[.contentType] = "application/json"
        case "POST /api/v1/agents/tokens":
            request.body = #"{"name": "matrix-created"}"#
        case "POST /api/v1/builds":
            request.body = #"{"pipeline": "app-ci", "repository": "acme/ios-app", "branch": "main", "commit": "def456"}"#
        case "POST /api/v1/releases":
            request.body = #"{"train": "matrix-train"}"#
        case "POST /api/v1/releases/{id}/{action}":
            request.body = #"{"reason": "access matrix"}"#
        case "POST /api/v1/repositories":
            request.body = #"{"name": "acme/matrix-new", "provider": "github", "cloneURL": "https://github.com/acme/matrix-new.git"}"#
        case "POST /api/v1/tokens":
            request.body = #"{"name": "matrix-created", "scopes": ["read"]}"#
        case "POST /api/v1/trains":
            request.body = Self.train.replacingOccurrences(of: "matrix-train", with: "matrix-train-2")
        case "POST /api/v1/webhooks/github":
            request.body = TestPipelines.githubPush()
            request.headers = [.init("X-GitHub-Event")!: "push", .init("X-GitHub-Delivery")!: UUID().uuidString]
        case "POST /api/v1/webhooks/gitlab":
            request.body = #"{"object_kind": "push", "ref": "refs/heads/main", "after": "\#(String(repeating: "2", count: 40))", "project": {"path_with_namespace": "acme/gl-app", "git_http_url": "https://gitlab.com/acme/gl-app.git"}, "commits": []}"#
            request.headers = [.init("X-Gitlab-Event")!: "Push Hook"]
        case "POST /api/v1/webhooks/bitbucket":
            request.body = #"{"actor": {"display_name": "Dev"}, "repository": {"full_name": "acme/bb-app"}, "push": {"changes": []}}"#
            request.headers = [.init("X-Event-Key")!: "repo:push", .init("X-Request-UUID")!: UUID().uuidString]
        default:
            break
        }
        return request
    }

    /// The path with its parameters replaced by seeded ids. Removals get objects of their
    /// own, so a DELETE let through takes no credential and nothing a later line needs.
    private func fill(_ path: String, operation: String) -> String {
        let id: String
        switch operation {
        case "DELETE /api/v1/repositories/{id}": id = "\(ids.doomedRepository)"
        case "DELETE /api/v1/agents/{id}": id = "\(ids.doomedAgent)"
        case "DELETE /api/v1/agents/tokens/{id}": id = ids.doomedRegistrationToken
        case "DELETE /api/v1/tokens/{id}": id = ids.doomedToken
        default:
            let prefixes: [(String, String)] = [
                ("/api/v1/agent/jobs/", "\(ids.job)"), ("/api/v1/jobs/", "\(ids.job)"), ("/api/v1/builds/", "\(ids.build)"),
                ("/builds/", "\(ids.build)"), ("/api/v1/artifacts/", "\(ids.artifact)"), ("/api/v1/releases/", "\(ids.release)"),
                ("/api/v1/repositories/", "\(ids.repository)"), ("/api/v1/trains/", "matrix-train"),
            ]
            id = prefixes.first { path.hasPrefix($0.0) }?.1 ?? "1"
        }
        if operation == "DELETE /cache/ccache/{namespace}/{path}" { return "/cache/ccache/matrix/ab/doomed" }
        if path.hasPrefix("/api/v1/repositories/{id}/secrets/") {
            return path.replacingOccurrences(of: "{id}", with: id).replacingOccurrences(of: "{name}", with: Self.secretName)
        }
        return path.replacingOccurrences(of: "{id}", with: id).replacingOccurrences(of: "{action}", with: "halt")
            .replacingOccurrences(of: "{namespace}", with: "matrix").replacingOccurrences(of: "{key}", with: "0123abcd")
            .replacingOccurrences(of: "{hash}", with: Self.cacheEntrySHA256).replacingOccurrences(of: "{path}", with: "ab/cdef")
            .replacingOccurrences(of: "{kind}", with: "file").replacingOccurrences(of: "{name}", with: "matrix.zip")
            .replacingOccurrences(of: "{batch}", with: "1")
    }

    /// What the build cache's uploads send, and its SHA-256: the key of a CAS entry.
    static let cacheEntry = "matrix cache entry"
    static let cacheEntrySHA256 = "42bce9e53cd45f89a2f41c88740c5ae5394ca0f052409eb082978a85c7c0e606"

    /// The build cache's entries every read of the table finds (reads come before writes).
    static let seededCacheEntries = [
        "/cache/bazel/matrix/ac/\(cacheEntrySHA256)", "/cache/bazel/matrix/cas/\(cacheEntrySHA256)", "/cache/ccache/matrix/ab/cdef",
        "/cache/gradle/matrix/0123abcd", "/cache/xcode/matrix/file/matrix.zip",
    ]
}
