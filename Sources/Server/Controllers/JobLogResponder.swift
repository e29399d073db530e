import Access
import Foundation
import Hummingbird
import Scheduling
import ServiceLifecycle
import Store

/// Serves a job's log as text; with `?follow=true` it streams until the job ends.
///
/// A follower reads the log again when it is woken (`LogFollowers`: a chunk arrived, the job
/// ended, here or on another server), or when the fallback interval passes unwoken; one token
/// may have at most `MOBILE_OPS_MAX_LOG_FOLLOWERS_PER_TOKEN` followers on a server.
struct JobLogResponder: Sendable {
    let queue: any JobQueue
    let followers: LogFollowers

    func respond(to request: Request, context: AppRequestContext, jobID: Int64) async throws -> Response {
        let headers: HTTPFields = [.contentType: "text/plain; charset=utf-8"]
        guard request.uri.queryParameters.get("follow") == "true" else {
            return Self.whole(try await queue.jobLog(jobID: jobID, after: nil), headers: headers)
        }
        // Registered before the first read, so a chunk arriving between that read and the
        // first wait is a change the wait sees. Released with the response, streamed or not.
        let follower: LogFollowers.Follower
        do throws(LogFollowers.TooManyFollowers) {
            follower = try followers.follow(jobID: jobID, token: context.identity?.tokenID ?? "")
        } catch {
            throw APIError(
                .tooManyRequests, code: "too_many_followers",
                message: "this token already follows \(error.limit) logs on this server, the most one token may (MOBILE_OPS_MAX_LOG_FOLLOWERS_PER_TOKEN); stop following one, or read the log without follow=true",
                headers: [.retryAfter: "10"])
        }
        let seenBeforeFirstRead = follower.changes
        let first = try await queue.jobLog(jobID: jobID, after: nil)
        guard !first.finished else { return Self.whole(first, headers: headers) }
        let queue = self.queue
        return Response(status: .ok, headers: headers, body: .init { writer in
            var last = first.chunks.last?.sequence
            var seen = seenBeforeFirstRead
            for chunk in first.chunks { try await writer.write(ByteBuffer(bytes: chunk.content)) }
            // Until the job has finished (its chunks all come before its finish, so one read
            // that sees it finished has them all), or the server is stopping: a follower must
            // not hold a graceful shutdown until its job ends. It is told so on a line of its
            // own and can follow again on another server.
            while true {
                await follower.waitForChange(after: seen)
                if Task.isShuttingDownGracefully {
                    try await writer.write(ByteBuffer(string: "\n[mobile-ops: this server is stopping; follow the log again to go on]\n"))
                    break
                }
                try Task.checkCancellation()
                seen = follower.changes
                let next = try await queue.jobLog(jobID: jobID, after: last)
                for chunk in next.chunks {
                    try await writer.write(ByteBuffer(bytes: chunk.content))
                    last = chunk.sequence
                }
                if next.finished { break }
            }
            try await writer.finish(nil)
        })
    }

    /// The log as it is now, in one body.
    private static func whole(_ log: (chunks: [(sequence: Int, content: [UInt8])], finished: Bool), headers: HTTPFields) -> Response {
        var buffer = ByteBuffer()
        for chunk in log.chunks { buffer.writeBytes(chunk.content) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: buffer))
    }
}
