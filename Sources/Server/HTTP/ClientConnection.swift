import Foundation
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Whether the client at the other end of a connection is still there: a request that waits
/// a long time (an agent's long poll) asks, so that what it hands out does not go to a client
/// that has left.
///
/// A client that closes its socket (an agent process that exits, say) sends end-of-file. The
/// server allows half-closed connections, so NIO keeps the channel open and only reports
/// `inputClosed`; ``ClientDisconnectHandler`` turns that (or the channel going inactive) into
/// ``isGone``. No HTTP client half-closes and then waits for an answer.
final class ClientConnection: Sendable {
    private let state = Mutex(State())

    private struct State {
        var gone = false
        var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    }

    /// Whether the client has closed its side of the connection.
    var isGone: Bool { state.withLock { $0.gone } }

    /// Records that the client left and wakes everyone waiting for it.
    func markGone() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.gone = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the client has gone, or at once if the calling task is cancelled.
    func waitUntilGone() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Checked under the lock the cancel handler takes: either this sees the
                // cancellation, or the handler sees this waiter.
                let resumeNow = state.withLock { state -> Bool in
                    if state.gone || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// The connection state `channel`'s ``ClientDisconnectHandler`` keeps; nil for a channel
    /// without one (the in-process test router's).
    static func of(_ channel: any Channel) async -> ClientConnection? {
        try? await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.handler(type: ClientDisconnectHandler.self).connection
        }.get()
    }
}

// MARK: - ClientDisconnectHandler

/// Reports to its connection's ``ClientConnection`` that the client closed its side
/// (`inputClosed`) or the channel went away. Sits after the HTTP codec, beside
/// `EarlyResponseCloser`, and passes everything on unchanged.
final class ClientDisconnectHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    /// What requests on this connection read.
    let connection = ClientConnection()

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event as? ChannelEvent == .some(.inputClosed) { connection.markGone() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        connection.markGone()
        context.fireChannelInactive()
    }
}
