import Access
import Core
import Foundation
import HTTPTypes
import Hummingbird
import Store

/// Artifact upload (agents) and listing and download (people, scripts).
///
/// `PUT /api/v1/agent/jobs/{id}/artifacts?path=build/App.ipa` streams the body to disk
/// (up to `MOBILE_OPS_MAX_ARTIFACT_BYTES`), then records it in one transaction with the
/// check that the agent still holds the job; the same path uploaded again replaces it.
struct ArtifactController: APIController {
    let auth: AgentAuthService
    let store: any ArtifactStore
    let files: ArtifactFiles
    /// The clock every time-based decision reads.
    let clock: any TimeSource

    var routes: [Route] {
        [
            Route(.put, "/api/v1/agent/jobs/:id/artifacts", scope: nil, bodyLimit: files.limit) { request, context in
                let agent = try await auth.agent(bearerToken: request.bearerToken)
                let jobID = try context.numericID(of: "job")
                let path = request.uri.queryParameters.get("path").map { String($0) } ?? ""
                if let problem = Artifact.problem(withPath: path) {
                    throw APIError.badRequest("invalid artifact path \(path.debugDescription): \(problem)", code: "invalid_path")
                }
                let received = try await files.receive(request.body)
                do {
                    let (artifact, replaced) = try await store.recordArtifact(
                        jobID: jobID, agentID: agent.id, path: path, size: received.size, sha256: received.sha256,
                        storedAs: received.storedAs, now: clock.now
                    )
                    if let replaced { files.remove(replaced) }
                    return try .json(artifact, status: .created)
                } catch {
                    files.remove(received.storedAs)
                    throw error
                }
            },
            Route(.get, "/api/v1/jobs/:id/artifacts", scope: .read) { _, context in
                try await .json(["artifacts": store.artifacts(jobID: try context.numericID(of: "job"))])
            },
            Route(.get, "/api/v1/artifacts/:id", scope: .read) { _, context in
                let id = try context.numericID(of: "artifact")
                guard let (artifact, storedAs) = try await store.artifact(id: id) else {
                    throw APIError.notFound("no artifact with id \(id)")
                }
                return try download(artifact, from: files.path(of: storedAs))
            },
        ]
    }

    /// The file as `application/octet-stream`, read and sent in 64 KiB chunks.
    private func download(_ artifact: Artifact, from path: String) throws -> Response {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw APIError.notFound("artifact \(artifact.id) is recorded but its file is missing from the server")
        }
        let name = artifact.path.split(separator: "/").last.map(String.init) ?? "artifact"
        let headers: HTTPFields = [
            .contentType: "application/octet-stream",
            HTTPField.Name("Content-Disposition")!: "attachment; filename=\"\(name.replacingOccurrences(of: "\"", with: "_"))\"",
            HTTPField.Name("X-Artifact-SHA256")!: artifact.sha256,
        ]
        return Response(status: .ok, headers: headers, body: .init(contentLength: Int(artifact.size)) { writer in
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        })
    }
}
