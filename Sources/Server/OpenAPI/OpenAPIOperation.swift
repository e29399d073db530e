/// What the OpenAPI document says of one route, beyond the method, path and scope its `Route`
/// already holds: summary, tag, parameters, request body, answers and the shared error
/// answers it may give.
///
/// Declared beside the route's handler, so that adding or changing a route is one edit;
/// `OpenAPIDocument+Paths.swift` turns every route's operation into the document's `paths`.
/// What follows from the route itself is not declared here: the `operationId` (from the method
/// and path, unless `operationID` is given), `x-mobile-ops-scope` and `security` (from the
/// route's `scope`, or `caller` for a route the router lets through without a token), 401 and
/// 403 (from the same), 413 (every `POST` and `PUT`: the router's body limit) and 500 (every
/// route).
public struct OpenAPIOperation: Sendable {
    /// One line saying what the operation does (`summary`).
    public var summary: String
    /// A longer explanation (`description`), one sentence or clause per element, joined with
    /// spaces; empty for none. Split only so the source stays readable.
    public var description: [String]
    /// The operation's one tag, one of the document's `tags`.
    public var tag: String
    /// The `operationId` when the one made from the method and path does not suit (it would
    /// repeat another's, as the build page's would the build's); nil to make it.
    public var operationID: String?
    /// Who calls a route the router lets through without a token (`scope` nil) but that checks
    /// a credential of its own; nil for a route whose `scope` says it all (a bearer API token
    /// of that scope, or no credential at all).
    public var caller: Caller?
    /// The path, query and header parameters, in the document's order.
    public var parameters: [Parameter]
    /// The request body; nil when the operation reads none.
    public var body: RequestBody?
    /// The answers particular to the operation: its successes and any error it explains
    /// itself (`422 invalid_rules`); each replaces a derived or shared answer of its status.
    public var answers: [Answer]
    /// The shared error answers (`components.responses`) the operation may give besides the
    /// derived ones.
    public var errors: [SharedError]

    /// Describes an operation; see the members for each argument.
    public init(
        _ summary: String, tag: String, operationID: String? = nil, caller: Caller? = nil, description: [String] = [],
        parameters: [Parameter] = [], body: RequestBody? = nil, answers: [Answer], errors: [SharedError] = []
    ) {
        self.summary = summary
        self.tag = tag
        self.operationID = operationID
        self.caller = caller
        self.description = description
        self.parameters = parameters
        self.body = body
        self.answers = answers
        self.errors = errors
    }

    // MARK: Callers

    /// A credential a route checks itself, which the router's bearer-token check cannot.
    public enum Caller: Sendable {
        /// A registered agent's own token (`moa_…`): the agent protocol.
        case agent
        /// An agent registration token (`mor_…`): registering an agent.
        case registration
        /// A webhook delivery's signature, in the security scheme named (`githubSignature`).
        case signature(scheme: String)
        /// A read token, as a bearer header or as `?token=` for feed readers that send no header.
        case feedReader
    }
}
