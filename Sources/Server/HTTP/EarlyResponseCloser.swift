import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose response finished before its request did: a 413 for a body
/// over the limit, a 400 for a broken chunk, any early rejection.
///
/// Hummingbird alone handles this badly. For a request with `Connection: close` it stops
/// reading after the response and waits for the client to close, while a client that sends
/// its whole body before reading (Python's urllib does) waits for the server to read it:
/// both wait until the client's timeout, and the socket leaks meanwhile. Without
/// `Connection: close` it reads the rest of the body, however large, to reuse the connection.
///
/// This handler sits between the HTTP codec and Hummingbird. When the response to a request
/// still being received is written, it marks that response `Connection: close`, sends it and
/// half-closes the connection, then reads and discards the rest of the body, bounded by bytes
/// and time, and closes. Discarding rather than closing at once matters: closing a socket with
/// unread data sends a reset, and a client still sending would see that reset, not the answer.
final class EarlyResponseCloser: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// How much of an abandoned body is read and discarded before closing anyway.
    let drainLimit: Int
    /// How long an abandoned body is read before closing anyway.
    let drainTime: TimeAmount

    /// A request head has arrived and its end has not.
    private var receivingRequest = false
    /// The request stream failed (e.g. a malformed chunk): nothing more of it can be read.
    private var requestFailed = false
    /// The current response answers a request that was not fully received.
    private var closeAfterResponse = false
    /// The response has been sent; the rest of the request is being discarded.
    private var draining = false
    private var drained = 0
    private var drainDeadline: Scheduled<Void>?

    /// Creates the handler; the defaults let a client that sends a body a few times the
    /// usual limit before reading still see the answer, and bound what one connection costs.
    init(drainLimit: Int = 32 * 1024 * 1024, drainTime: TimeAmount = .seconds(5)) {
        self.drainLimit = drainLimit
        self.drainTime = drainTime
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        guard !draining else {
            switch part {
            case let .body(buffer):
                drained += buffer.readableBytes
                if drained > drainLimit { close(context) }
            case .end, .head:
                // The client sent all of it: closing now loses it nothing.
                close(context)
            }
            return
        }
        switch part {
        case .head: receivingRequest = true
        case .end: receivingRequest = false
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Hummingbird no longer asks for data once it has answered; keep reading to discard.
        if draining { context.read() } else { context.fireChannelReadComplete() }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if draining {
            close(context)
            return
        }
        requestFailed = true
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        drainDeadline?.cancel()
        drainDeadline = nil
        context.fireChannelInactive()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case var .head(head) where receivingRequest || requestFailed || head.status == .contentTooLarge:
            // A 413 leaves the body unread even when all of it has arrived: Hummingbird
            // would read on to reuse the connection, or wait for the client to close.
            closeAfterResponse = true
            head.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end where closeAfterResponse:
            context.writeAndFlush(data, promise: promise)
            finishResponse(context)
        default:
            context.write(data, promise: promise)
        }
    }

    /// The early response is on its way: close, or discard the rest of the body first.
    private func finishResponse(_ context: ChannelHandlerContext) {
        closeAfterResponse = false
        guard receivingRequest, !requestFailed else {
            close(context)
            return
        }
        draining = true
        // The FIN tells a client reading the response that nothing more is coming.
        context.close(mode: .output, promise: nil)
        drainDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: drainTime) { [weak self] in
            self?.close(context)
        }
        context.read()
    }

    private func close(_ context: ChannelHandlerContext) {
        drainDeadline?.cancel()
        drainDeadline = nil
        draining = false
        context.close(promise: nil)
    }
}
