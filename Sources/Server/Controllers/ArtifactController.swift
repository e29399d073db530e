import Access
import Artifacts
import Core
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Store

/// Artifact upload (agents) and listing and download (people, scripts).
///
/// `PUT /api/v1/agent/jobs/{id}/artifacts?path=build/App.ipa` streams the body to a staged
/// file (up to `MOBILE_OPS_MAX_ARTIFACT_BYTES`) and on into the artifact storage (a folder or
/// an S3 bucket), then records it in one transaction with the check that the agent still
/// holds the job; the same path uploaded again replaces it (and its bytes are deleted).
/// Downloads stream from the storage to the client.
struct ArtifactController: APIController {
    /// Checks agents' tokens.
    let auth: AgentAuthService
    /// The artifacts' records.
    let store: any ArtifactStore
    /// Tells whether the uploading agent holds the job, before its body is read.
    let builds: any BuildStore
    /// The artifacts' bytes.
    let files: ArtifactFiles
    /// The clock every time-based decision reads.
    let clock: any TimeSource

    var routes: [Route] {
        [
            Route.agent(.put, "/api/v1/agent/jobs/:id/artifacts", auth: auth, bodyLimit: files.limit, openAPI: OpenAPIOperation(
                "Upload an artifact (streamed to disk)", tag: "agent-protocol", caller: .agent,
                parameters: [
                    .path("id"),
                    .query("path", description: "The artifact's relative path."),
                ],
                body: OpenAPIOperation.RequestBody(content: ["application/octet-stream": .binary]),
                answers: [.json(201, "Stored.", .ref("Artifact"))],
                errors: [.badRequest, .notFound, .conflict, .artifactUploadUnavailable]
            )) { request, context, agent in
                let jobID = try context.numericID(of: "job")
                let path = request.uri.queryParameters.get("path").map { String($0) } ?? ""
                if let problem = Artifact.problem(withPath: path) {
                    throw APIError.badRequest("invalid artifact path \(path.debugDescription): \(problem)", code: "invalid_path")
                }
                // Before the body: only the agent holding the job has its upload stored.
                try await builds.requireHeld(jobID: jobID, agentID: agent.id)
                let received = try await Self.usingStorage(context) { try await files.receive(request.body) }
                do {
                    let (artifact, replaced) = try await store.recordArtifact(
                        jobID: jobID, agentID: agent.id, path: path, size: received.size, sha256: received.sha256,
                        storedAs: received.storedAs, now: clock.now
                    )
                    if let replaced { await files.remove(replaced) }
                    return try .json(artifact, status: .created)
                } catch {
                    await files.remove(received.storedAs)
                    throw error
                }
            },
            Route(.get, "/api/v1/jobs/:id/artifacts", scope: .read, openAPI: OpenAPIOperation(
                "A job's artifacts", tag: "builds",
                parameters: [.path("id")],
                answers: [.ok("ArtifactList")],
                errors: [.notFound, .databaseUnavailable]
            )) { _, context in
                try await .json(["artifacts": store.artifacts(jobID: try context.numericID(of: "job"))])
            },
            Route(.get, "/api/v1/artifacts/:id", scope: .read, openAPI: OpenAPIOperation(
                "Download an artifact", tag: "builds",
                parameters: [.path("id")],
                answers: [
                    OpenAPIOperation.Answer(200, "The file, with `X-Artifact-SHA256`.", content: ["application/octet-stream": .binary], headers: #"{"X-Artifact-SHA256":{"schema":{"type":"string"}}}"#),
                ],
                errors: [.notFound, .artifactUnavailable]
            )) { _, context in
                let id = try context.numericID(of: "artifact")
                guard let (artifact, storedAs) = try await store.artifact(id: id) else {
                    throw APIError.notFound("no artifact with id \(id)")
                }
                let body = try await Self.usingStorage(context, artifact: artifact) { try await files.body(of: storedAs, size: artifact.size, on: context.channel.eventLoop) }
                return Self.download(artifact, body: body)
            },
        ]
    }

    /// Runs `work` against the artifact storage, turning its failures into answers: a
    /// missing file or object is 404 `artifact_missing` (naming the artifact), a storage that
    /// is unreachable or refuses is 503 `artifact_storage_unavailable`, logged with what failed.
    private static func usingStorage<T>(
        _ context: AppRequestContext, artifact: Artifact? = nil, _ work: () async throws -> T
    ) async throws -> T {
        do {
            return try await work()
        } catch let error as ArtifactStorageError {
            switch error {
            case .missing(let detail):
                let which = artifact.map { "artifact \($0.id)" } ?? "the artifact"
                throw ArtifactStorageError.missing("\(which) is recorded but \(detail)").apiError
            case .unavailable(let detail):
                context.logger.error("artifact storage unavailable: request refused", metadata: ["error": "\(detail)"])
                throw error.apiError
            }
        }
    }

    /// The bytes as `application/octet-stream`, named for download.
    private static func download(_ artifact: Artifact, body: ResponseBody) -> Response {
        let name = artifact.path.split(separator: "/").last.map(String.init) ?? "artifact"
        let headers: HTTPFields = [
            .contentType: "application/octet-stream",
            HTTPField.Name("Content-Disposition")!: contentDisposition(name),
            HTTPField.Name("X-Artifact-SHA256")!: artifact.sha256,
        ]
        return Response(status: .ok, headers: headers, body: body)
    }

    /// `attachment` with the file's name (RFC 6266): a plain ASCII `filename` every client
    /// reads (quotes, backslashes and non-ASCII characters as `_`), and for a name that is not
    /// all printable ASCII the exact one as `filename*=UTF-8''…`, percent-encoded (RFC 8187),
    /// which browsers and curl prefer. Raw UTF-8 in a header is read differently by each client.
    static func contentDisposition(_ name: String) -> String {
        let plain = name.unicodeScalars.allSatisfy { (0x20..<0x7f).contains($0.value) && $0 != "\"" && $0 != "\\" }
        let fallback = String(String.UnicodeScalarView(name.unicodeScalars.map {
            (0x20..<0x7f).contains($0.value) && $0 != "\"" && $0 != "\\" ? $0 : "_"
        }))
        guard !plain else { return "attachment; filename=\"\(fallback)\"" }
        let encoded = name.addingPercentEncoding(withAllowedCharacters: Self.attributeCharacters) ?? fallback
        return "attachment; filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
    }

    /// RFC 8187's `attr-char`: what `filename*` carries without percent-encoding.
    private static let attributeCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~")
}
