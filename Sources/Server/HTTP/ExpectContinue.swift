import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers `Expect: 100-continue` with `100 Continue` only once a route has accepted the
/// upload (its credential, size and key checked), so a refused upload is answered before the
/// client sends its body (Gradle's `useExpectContinue`, curl's large uploads).
///
/// Neither Hummingbird nor NIO sends `100 Continue` by itself: a client waits a while (curl one
/// second, Gradle's HTTP client three) and then sends its body anyway. A route that accepts an
/// upload calls ``sendContinue(on:)``; one that refuses simply answers, and
/// `EarlyResponseCloser` closes the connection without reading a body that was never sent.
///
/// Sits right after the HTTP codec, before `EarlyResponseCloser`, so the interim response is
/// not taken for an early final one.
final class ExpectContinue: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The outbound event a route triggers to have `100 Continue` sent.
    struct Send: Sendable {}

    /// The request being received asked for `100 Continue` and has not had it, nor a final answer.
    private var awaitingContinue = false

    /// Asks the connection's handler to send `100 Continue` when the request asked for it.
    /// Does nothing on a channel without one (the in-process test router's).
    static func sendContinue(on channel: any Channel) async {
        try? await channel.triggerUserOutboundEvent(Send()).get()
    }

    /// Whether `request` asked to be told to go on before sending its body.
    static func isExpected(in fields: HTTPFields) -> Bool {
        // Runs for every request head: the field's name is the library's constant, not one
        // parsed and validated from text each time.
        guard let value = fields[.expect] else { return false }
        return value.lowercased() == "100-continue"
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): awaitingContinue = Self.isExpected(in: head.headerFields)
        // The client sent its body without waiting (or had none): nothing to tell it.
        case .body, .end: awaitingContinue = false
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .head = unwrapOutboundIn(data) { awaitingContinue = false }
        context.write(data, promise: promise)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is Send else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        if awaitingContinue {
            awaitingContinue = false
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
        }
        promise?.succeed(())
    }
}
