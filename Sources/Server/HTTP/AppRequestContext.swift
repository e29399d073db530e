import Access
import Core
import Hummingbird
import Logging
import NIOCore

/// Per-request state: Hummingbird's core storage plus who is calling.
public struct AppRequestContext: RequestContext {
    /// Hummingbird's own per-request storage (logger, parameters, endpoint path).
    public var coreContext: CoreRequestContextStorage
    /// The authenticated caller, set by `AuthMiddleware` on protected routes.
    public var identity: Identity?
    /// The connection the request came on: a long poll asks it whether its client is still
    /// there (``ClientConnection``).
    public let channel: any Channel

    /// Creates the context for a new request.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.identity = nil
        self.channel = source.channel
    }

    /// The request id Hummingbird assigned, also sent back as `X-Request-ID`.
    public var requestID: String {
        logger[metadataKey: "hb.request.id"]?.description ?? "unknown"
    }

    /// The audit actor for changes made by this request.
    public var actor: String {
        identity.map { "token:\($0.tokenID)(\($0.name))" } ?? "anonymous"
    }
}
