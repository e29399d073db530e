import Foundation
import Hummingbird
import ServiceLifecycle
import Store

/// Serves a job's log as text; with `?follow=true` it streams until the job ends.
struct JobLogResponder: Sendable {
    let queue: any JobQueue
    /// How often a follower checks for new chunks.
    var pollInterval: Duration = .milliseconds(250)

    func respond(to request: Request, jobID: Int64) async throws -> Response {
        let first = try await queue.jobLog(jobID: jobID, after: nil)
        let headers: HTTPFields = [.contentType: "text/plain; charset=utf-8"]
        let follow = request.uri.queryParameters.get("follow") == "true"
        guard follow, !first.finished else {
            var buffer = ByteBuffer()
            for chunk in first.chunks { buffer.writeBytes(chunk.content) }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: buffer))
        }
        let queue = self.queue
        let interval = pollInterval
        return Response(status: .ok, headers: headers, body: .init { writer in
            var last = first.chunks.last?.sequence
            for chunk in first.chunks { try await writer.write(ByteBuffer(bytes: chunk.content)) }
            // Poll until the job has finished and everything it logged has been sent, or the
            // server is stopping: a follower must not hold a graceful shutdown until its job
            // ends. It is told so on a line of its own and can follow again on another server.
            while true {
                try await Task.sleep(for: interval)
                if Task.isShuttingDownGracefully {
                    try await writer.write(ByteBuffer(string: "\n[mobile-ops: this server is stopping; follow the log again to go on]\n"))
                    break
                }
                let next = try await queue.jobLog(jobID: jobID, after: last)
                for chunk in next.chunks {
                    try await writer.write(ByteBuffer(bytes: chunk.content))
                    last = chunk.sequence
                }
                if next.finished, next.chunks.isEmpty { break }
            }
            try await writer.finish(nil)
        })
    }
}
