import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose first request head is not complete within a deadline counted
/// from the accept, however the bytes trickle in.
///
/// A slowloris client opens many connections and sends its request line and headers one
/// byte every few seconds. An idle timeout that any received byte resets never fires for it,
/// so each connection is held forever and enough of them exhaust the connection cap or file
/// descriptors. This deadline is fixed when the connection opens and only a complete head
/// (the decoder's `.head` part) disarms it.
///
/// Later requests on a kept-alive connection are not covered here: Hummingbird's idle
/// timeout (`HTTP1Channel.Configuration.idleTimeout`) counts only decoded HTTP parts, so a
/// head trickled after an earlier response is cut that long after the response ended.
///
/// The handler sits after the HTTP codec, like `EarlyResponseCloser`, because it only needs
/// the decoded parts: bytes that do not make a head yet produce none.
final class HeaderReadTimeout: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    /// How long after the accept the first request head must be complete.
    let timeout: TimeAmount

    private var deadline: Scheduled<Void>?
    /// The first head arrived: the deadline never applies again on this connection.
    private var headReceived = false

    /// Creates the handler with the time a client has to send its first request head.
    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // An accepted connection becomes active only once its pipeline is built, so
        // `channelActive` arms the deadline; a channel already active when the handler is
        // added (a pipeline changed later) is armed here.
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            headReceived = true
            disarm()
        }
        context.fireChannelRead(data)
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard deadline == nil, !headReceived else { return }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [weak self] in
            guard let self, !self.headReceived else { return }
            self.deadline = nil
            // Nothing was asked yet, so there is nobody to answer: close without a response.
            context.close(promise: nil)
        }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}
