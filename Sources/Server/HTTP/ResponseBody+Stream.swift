import Artifacts
import Hummingbird
import NIOCore

extension ResponseBody {
    /// A body that sends `stream` chunk by chunk at the pace the client takes it, or, when the
    /// storage read it whole already (a small entry), as one buffer with the response head.
    ///
    /// `writer.write` returns once a chunk is handed to the event loop, not once the socket
    /// took it: the writer learns the channel is full only when the event loop has run that
    /// write. Waiting for the event loop after each chunk (a task queued behind the write) lets
    /// that writability reach the writer before the next chunk is read, so a connection holds
    /// about one chunk beyond the channel's high-water mark instead of racing ahead (16 clients
    /// of a 50 MiB entry held 300–500 MiB without it).
    static func streaming(_ stream: ArtifactStream, on eventLoop: any EventLoop) -> ResponseBody {
        if let contents = stream.contents { return ResponseBody(byteBuffer: contents) }
        return ResponseBody(contentLength: Int(stream.size)) { writer in
            try await stream.send { chunk in
                try await writer.write(chunk)
                try await eventLoop.submit {}.get()
            }
            try await writer.finish(nil)
        }
    }
}
