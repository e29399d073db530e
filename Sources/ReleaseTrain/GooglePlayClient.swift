import Foundation
import HTTPClient

// MARK: - GooglePlayClient

/// The Google Play Android Publisher API v3, as far as the release train needs it: edits,
/// tracks and commits, authenticated with a service account.
///
/// Every change goes through an edit: `POST …/edits` opens one, `PUT …/edits/{id}/tracks/{track}`
/// stages the track, `POST …/edits/{id}:commit` publishes. ``GooglePlayClient+Rollout`` wraps
/// that sequence for rollout steps, halts and completion.
public struct GooglePlayClient: Sendable {
    /// Where the API is; configurable for tests and proxies.
    public struct Configuration: Sendable, Hashable {
        /// The API root, without a trailing slash.
        public var apiBaseURL: String
        /// Overrides the service account's `token_uri` when set.
        public var tokenURL: String?
        /// The limit for one request.
        public var timeout: Duration

        /// Creates a configuration; by default Google's public endpoints.
        public init(apiBaseURL: String = "https://androidpublisher.googleapis.com", tokenURL: String? = nil, timeout: Duration = .seconds(60)) {
            var base = apiBaseURL
            while base.hasSuffix("/") { base.removeLast() }
            self.apiBaseURL = base
            self.tokenURL = tokenURL
            self.timeout = timeout
        }
    }

    private let configuration: Configuration
    private let transport: DistributionTransport
    private let tokens: GoogleAccessTokenProvider

    /// Creates a client; `now` is the clock for token lifetimes.
    public init(
        http: any HTTPExecuting, account: GoogleServiceAccount, configuration: Configuration = Configuration(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.transport = DistributionTransport(distribution: .googlePlay, http: http, timeout: configuration.timeout)
        self.tokens = GoogleAccessTokenProvider(account: account, http: http, tokenURL: configuration.tokenURL, timeout: configuration.timeout, now: now)
    }

    // MARK: Edits

    /// Opens an edit and returns its id.
    public func insertEdit(packageName: String) async throws(DistributionAPIError) -> String {
        struct Edit: Decodable { var id: String }
        let url = try editsURL(packageName)
        let edit = try await call(.post, url, body: Array("{}".utf8), operation: "open edit for \(packageName)", as: Edit.self)
        return edit.id
    }

    /// Reads a track within an edit.
    public func track(packageName: String, editID: String, track: String) async throws(DistributionAPIError) -> PlayTrack {
        let url = try editsURL(packageName) + "/\(Self.segment(editID))/tracks/\(Self.segment(track))"
        return try await call(.get, url, body: nil, operation: "read track \(track)", as: PlayTrack.self)
    }

    /// Replaces a track's releases within an edit (`PUT`), returning what Play stored.
    public func updateTrack(packageName: String, editID: String, track: PlayTrack) async throws(DistributionAPIError) -> PlayTrack {
        let url = try editsURL(packageName) + "/\(Self.segment(editID))/tracks/\(Self.segment(track.track))"
        return try await call(.put, url, body: DistributionTransport.body(track), operation: "update track \(track.track)", as: PlayTrack.self)
    }

    /// Publishes an edit's changes.
    public func commitEdit(packageName: String, editID: String) async throws(DistributionAPIError) {
        struct Committed: Decodable { var id: String? }
        let url = try editsURL(packageName) + "/\(Self.segment(editID)):commit"
        _ = try await call(.post, url, body: [], operation: "commit edit", as: Committed.self)
    }

    /// Discards an edit without publishing it.
    public func deleteEdit(packageName: String, editID: String) async throws(DistributionAPIError) {
        let url = try editsURL(packageName) + "/\(Self.segment(editID))"
        let request = HTTPRequest(method: .delete, url: url, headers: try await headers())
        _ = try await transport.send(request, operation: "delete edit")
    }

    // MARK: Plumbing

    /// Sends an authorised request and decodes the answer; a 401 drops the cached token so
    /// the next call gets a fresh one.
    private func call<Answer: Decodable>(
        _ method: HTTPMethod, _ url: String, body: [UInt8]?, operation: String, as type: Answer.Type
    ) async throws(DistributionAPIError) -> Answer {
        var headers = try await headers()
        if body != nil { headers.add(name: "Content-Type", value: "application/json") }
        do {
            return try await transport.json(HTTPRequest(method: method, url: url, headers: headers, body: body), operation: operation, as: type)
        } catch {
            if error.status == 401 { await tokens.invalidate() }
            throw error
        }
    }

    private func headers() async throws(DistributionAPIError) -> HTTPHeaders {
        let token = try await tokens.accessToken()
        return ["Authorization": "Bearer \(token)", "Accept": "application/json"]
    }

    /// `…/androidpublisher/v3/applications/{package}/edits`, refusing package names that are
    /// not Java package names (they would change the path).
    private func editsURL(_ packageName: String) throws(DistributionAPIError) -> String {
        let valid = !packageName.isEmpty && packageName.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_") }
        guard valid else {
            throw DistributionAPIError(distribution: .googlePlay, kind: .rejected, operation: "build request", message: "'\(packageName)' is not an Android package name")
        }
        return "\(configuration.apiBaseURL)/androidpublisher/v3/applications/\(packageName)/edits"
    }

    /// Percent-encodes one path segment (edit ids come from the server; track names may hold `:`).
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~:")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
