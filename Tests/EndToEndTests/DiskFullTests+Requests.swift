import Foundation
import HTTPClient
import Testing

/// The writes the disk-full test sends, each new (its own delivery id, report id or
/// artifact path), and the check of a refusal.
extension DiskFullTests {
    /// Item `index`'s head commit: 40 hex digits, distinct per item.
    static func sha(_ index: Int) -> String { Fleet.commitSHA("d", index) }

    /// Item `index` as a signed GitHub push; 16 KiB of commit message, so each one needs new
    /// pages of the database and its log.
    static func delivery(_ base: String, _ index: Int) -> HTTPRequest {
        let message = "disk \(index) " + String(repeating: "m", count: 16 * 1024)
        return Fleet.signedPush(base: base, repository: repository, sha: sha(index), deliveryID: "disk-delivery-\(index)", message: message)
    }

    /// Item `index` as a build report of ``reportRepository`` that finished a minute ago.
    static func report(_ base: String, _ index: Int) -> HTTPRequest {
        let format = ISO8601DateFormatter()
        let json = """
            {"id": "disk-report-\(index)", "dimensions": {"repository": "\(reportRepository)", "branch": "main", "pipeline": "disk",
             "platform": "ios", "machine": "disk", "environment": "ci"},
             "startedAt": "\(format.string(from: Date().addingTimeInterval(-120)))", "finishedAt": "\(format.string(from: Date().addingTimeInterval(-60)))",
             "outcome": "success", "steps": [{"name": "build", "durationSeconds": 60, "outcome": "success"}],
             "tasks": [{"name": ":app:compile\(String(repeating: "x", count: 4000))", "outcome": "executed", "durationSeconds": 20}],
             "commit": "\(sha(index))"}
            """
        let headers: HTTPHeaders = ["Authorization": "Bearer \(Fleet.adminToken)", "Content-Type": "application/json"]
        return HTTPRequest(method: .post, url: base + "/api/v1/metrics/builds", headers: headers, body: Array(json.utf8), timeout: .seconds(20))
    }

    /// Artifact `index`'s bytes: 64 KiB, distinct per index.
    static func artifactBytes(_ index: Int) -> [UInt8] {
        (0..<(64 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
    }

    /// Artifact `index` uploaded by the agent holding `job`.
    static func artifact(_ base: String, _ index: Int, job: Int, agentToken: String) -> HTTPRequest {
        HTTPRequest(
            method: .put, url: base + "/api/v1/agent/jobs/\(job)/artifacts?path=out/artifact-\(index).bin",
            headers: ["Authorization": "Bearer \(agentToken)", "Content-Type": "application/octet-stream"],
            body: artifactBytes(index), timeout: .seconds(20)
        )
    }

    /// An admin GET.
    static func get(_ base: String, _ path: String) -> HTTPRequest {
        HTTPRequest(url: base + path, headers: ["Authorization": "Bearer \(Fleet.adminToken)"], timeout: .seconds(20))
    }

    /// A JSON object body, or an empty one.
    static func object(_ body: [UInt8]) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }

    /// Whether `response` is the documented refusal: 503, `storage_full`, `Retry-After`.
    static func isStorageFull(_ response: HTTPResponse) -> Bool {
        let error = object(response.body)["error"] as? [String: Any]
        return response.status == 503 && error?["code"] as? String == "storage_full" && response.header("Retry-After") == "30"
    }

    /// Sends new items from `first` on until one is refused (at most `limit`): a write may
    /// still fit in space SQLite had already taken (once checkpointed, the `-wal` file is
    /// written again from its start; it can hold a few hundred pages from the migrations).
    /// Every answer must be `success` or the refusal. Returns the accepted items' answers,
    /// the refused item and the next unused index.
    static func writeUntilRefused(
        _ client: HTTPClient, _ what: String, first: Int, limit: Int = 400, success: Int, request: (Int) -> HTTPRequest
    ) async throws -> (accepted: [Int: HTTPResponse], refused: Int?, next: Int) {
        var accepted: [Int: HTTPResponse] = [:]
        for index in first..<(first + limit) {
            let response = try await client.execute(request(index))
            if response.status == success {
                accepted[index] = response
                continue
            }
            let refused = isStorageFull(response)
            #expect(refused, "\(what) \(index) on a full disk: \(response.status), Retry-After \(response.header("Retry-After") ?? "none"): \(response.bodyText)")
            return (accepted, index, index + 1)
        }
        Issue.record("\(what): \(limit) writes on a full disk were all accepted")
        return (accepted, nil, first + limit)
    }
}
