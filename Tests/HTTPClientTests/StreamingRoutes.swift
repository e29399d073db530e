import Hummingbird
import NIOCore

// MARK: - StreamProgress

/// How many body bytes the `/stream` handlers have handed to the server's connection. The
/// connection's writes wait while the peer does not read, so this shows whether the client
/// stopped reading (backpressure) or swallowed everything.
actor StreamProgress {
    private(set) var written = 0

    /// Adds `count` written bytes.
    func add(_ count: Int) {
        self.written += count
    }
}

// MARK: - Routes

extension TestServer {
    /// `/stream/:bytes` (a large body written in 64 KiB pieces), `/stream-then-wait` (one piece,
    /// then nothing until the gate opens) and `/record/bucket/key` (answers the request's
    /// header fields, one `name: value` per line, for checking what the client sent).
    static func addStreamingRoutes(to router: Router<BasicRequestContext>, gate: Gate, progress: StreamProgress) {
        router.get("/stream/:bytes") { _, context -> Response in
            let count = try context.parameters.require("bytes", as: Int.self)
            return Response(status: .ok, body: .init(contentLength: count) { writer in
                // 64 KiB rounded to the 251-byte cycle, so the pieces join into one pattern.
                let piece = Self.patternBytes(251 * 261)
                var sent = 0
                while sent < count {
                    let size = min(piece.count, count - sent)
                    try await writer.write(ByteBuffer(bytes: piece[0..<size]))
                    sent += size
                    await progress.add(size)
                }
                try await writer.finish(nil)
            })
        }
        router.get("/stream-then-wait") { _, _ -> Response in
            Response(status: .ok, body: .init { writer in
                try await writer.write(ByteBuffer(bytes: Self.patternBytes(1000)))
                await gate.arrive()
                try await writer.write(ByteBuffer(bytes: Self.patternBytes(1000)))
                try await writer.finish(nil)
            })
        }
        for method in [HTTPRequest.Method.get, .put, .post, .head, .delete] {
            router.on("/record/bucket/key", method: method) { request, _ -> Response in
                let body = try await request.body.collect(upTo: 1024 * 1024)
                var lines = request.headers.map { "\($0.name.canonicalName): \($0.value)" }
                // HTTP/1's Host travels as the authority pseudo-header in HTTPTypes.
                lines.append("host: \(request.head.authority ?? "")")
                lines.append("body-length: \(body.readableBytes)")
                return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: lines.joined(separator: "\n"))))
            }
        }
    }
}
