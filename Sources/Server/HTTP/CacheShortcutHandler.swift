import Foundation
import HTTPTypes
import HummingbirdCore
import MemberwiseInit
import NIOCore
import NIOHTTPTypes

/// Puts ``CacheShortcut`` in a connection's pipeline: it answers the requests the shortcut can
/// answer and hands every other one on to Hummingbird, in order.
///
/// It sits last, just before Hummingbird's own reader, so the handlers before it (the idle and
/// header timeouts, `Expect: 100-continue`, the disconnect watch and Hummingbird's connection
/// state) see every request and every response, whoever answers. A request is answered here
/// only while no request handed on is still unanswered: HTTP/1.1 answers pipelined requests in
/// the order they came, and one waiting for the router must not be overtaken. Nor while the
/// socket is full: Hummingbird's writer waits for a slow reader, and this must not pile up
/// answers in memory for a client that sends and never reads.
final class CacheShortcutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let shortcut: CacheShortcut
    /// The answer to the request being read, sent once its end arrives.
    private var answer: CacheShortcut.Answer?
    /// Requests handed on whose response has not ended.
    private var handedOn = 0
    private var date = HTTPDateHeader()
    private var credentials = CacheShortcut.CredentialReading()

    init(shortcut: CacheShortcut) {
        self.shortcut = shortcut
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            if handedOn == 0, context.channel.isWritable, var found = shortcut.answer(request, credentials: &credentials) {
                // The headers Hummingbird puts on every response.
                found.head.headerFields[.date] = date.now()
                found.head.headerFields[.server] = MobileOpsServer.serverName
                answer = found
                return
            }
            handedOn += 1
            context.fireChannelRead(data)
        case .body:
            // An answered request has no body (the shortcut takes none that declares one).
            if answer == nil { context.fireChannelRead(data) }
        case .end:
            guard let found = answer else { return context.fireChannelRead(data) }
            answer = nil
            context.write(wrapOutboundOut(.head(found.head)), promise: nil)
            context.write(wrapOutboundOut(.body(found.body)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { handedOn = max(0, handedOn - 1) }
        context.write(data, promise: promise)
    }

    /// Adds a ``CacheShortcutHandler`` after Hummingbird's connection state handler once the
    /// pipeline is complete, then leaves. Hummingbird adds its extra handlers before its own
    /// last two, and the shortcut must come after them (see ``CacheShortcutHandler``).
    @MemberwiseInit
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart
        private let shortcut: CacheShortcut

        func channelActive(context: ChannelHandlerContext) {
            // Passed on before this handler leaves: the handlers after it (Hummingbird's idle
            // timer among them) start only when told the connection is active.
            context.fireChannelActive()
            install(context)
        }

        private func install(_ context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            // Without Hummingbird's handler there is nowhere safe to stand: no shortcut, and
            // every request goes to the router as before.
            if let state = try? pipeline.handler(type: HTTPConnectionStateHandler.self) {
                try? pipeline.addHandler(CacheShortcutHandler(shortcut: shortcut), position: .after(state))
            }
            pipeline.removeHandler(context: context, promise: nil)
        }
    }
}

/// The `Date` header's value (RFC 9110's IMF-fixdate), made once a second: a response answered
/// outside Hummingbird carries the header Hummingbird puts on its own.
private struct HTTPDateHeader {
    private var second: time_t = -1
    private var value = ""

    /// The value for the current second.
    mutating func now() -> String {
        let current = time(nil)
        guard current != second else { return value }
        var parts = tm()
        var seconds = current
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 40)
        // The C locale's day and month names are the English ones the format requires.
        let length = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        value = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        second = current
        return value
    }
}
