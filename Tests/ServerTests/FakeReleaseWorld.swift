import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Testing

// MARK: - FakeReleaseWorld

/// One loopback server that speaks, as far as the release train uses them, GitHub's git refs
/// API, Google's OAuth token endpoint and Android Publisher edits, and App Store Connect
/// (versions, review submissions, phased releases). It records every request so tests check
/// what the real clients sent, and its App Store state is set by the test.
actor FakeReleaseWorld {
    /// One request as received.
    struct Recorded: Sendable {
        var method: String
        var path: String
        var query: String
        var headers: [String: String]
        var body: [UInt8]

        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    static let headSHA = "5e1ec7ed5e1ec7ed5e1ec7ed5e1ec7ed5e1ec7ed"
    static let accessToken = "ya29.fake-play-access"

    private(set) var requests: [Recorded] = []
    /// The App Store version's `appStoreState`.
    var versionState = "PREPARE_FOR_SUBMISSION"
    /// The phased release's state and day.
    var phasedState = "INACTIVE"
    var phasedDay: Int?
    private var edits = 0

    /// Whether Play rollout updates (`inProgress` track PUTs) wait for ``releaseRollouts()``.
    private var holdingRollouts = false
    /// The rollout update waiting, if one is.
    private var heldRollout: CheckedContinuation<Void, Never>?

    func setVersionState(_ state: String) { versionState = state }

    /// Makes the next Play rollout updates wait unanswered, as a slow Google would.
    func holdRollouts() { holdingRollouts = true }

    /// Answers the waiting rollout update and stops holding.
    func releaseRollouts() {
        holdingRollouts = false
        heldRollout?.resume()
        heldRollout = nil
    }

    /// Whether a rollout update is waiting.
    var isHoldingARollout: Bool { heldRollout != nil }

    /// Waits while rollout updates are held; the request is recorded only once let through.
    fileprivate func pauseIfHeld(_ request: Recorded) async {
        guard holdingRollouts, request.method == "PUT", request.path.contains("/tracks/"), request.text.contains("inProgress") else { return }
        await withCheckedContinuation { heldRollout = $0 }
    }
    func setPhasedDay(_ day: Int?) { phasedDay = day }

    /// Requests whose path contains `fragment` (and of `method`, if given).
    func requests(_ fragment: String, method: String? = nil) -> [Recorded] {
        requests.filter { $0.path.contains(fragment) && (method == nil || $0.method == method) }
    }

    /// The Play track updates (`PUT …/tracks/…`) as `(status, userFraction)`.
    func playTrackUpdates() -> [(status: String, fraction: Double?)] {
        requests("/tracks/", method: "PUT").map { request in
            let release = (request.json?["releases"] as? [[String: Any]])?.first
            return (release?["status"] as? String ?? "?", release?["userFraction"] as? Double)
        }
    }

    // MARK: Answers

    fileprivate func handle(_ request: Recorded) -> (Int, String) {
        requests.append(request)
        let path = request.path
        switch (request.method, path) {
        case ("GET", let p) where p.contains("/git/ref/heads/"):
            return (200, #"{"ref": "refs/heads/main", "object": {"sha": "\#(Self.headSHA)", "type": "commit"}}"#)
        case ("POST", let p) where p.hasSuffix("/git/refs"):
            let ref = request.json?["ref"] as? String ?? ""
            return (201, #"{"ref": "\#(ref)", "object": {"sha": "\#(Self.headSHA)", "type": "commit"}}"#)
        case ("POST", "/token"):
            return (200, #"{"access_token": "\#(Self.accessToken)", "expires_in": 3600, "token_type": "Bearer"}"#)
        case ("POST", let p) where p.hasSuffix("/edits"):
            edits += 1
            return (200, #"{"id": "edit-\#(edits)"}"#)
        case ("PUT", let p) where p.contains("/tracks/"):
            return (200, request.text)
        case ("POST", let p) where p.hasSuffix(":commit"):
            return (200, #"{"id": "committed"}"#)
        case ("DELETE", _):
            return (204, "")
        case ("POST", "/team-webhook"):
            return (200, #"{"ok": true}"#)
        case ("GET", let p) where p.hasSuffix("/appStoreVersions"):
            return (200, #"{"data": [{"type": "appStoreVersions", "id": "ver-1", "attributes": {"versionString": "1.0.0", "appStoreState": "\#(versionState)"}}]}"#)
        case ("POST", "/v1/appStoreVersionPhasedReleases"):
            phasedState = "ACTIVE"
            return (201, phased())
        case ("GET", let p) where p.hasSuffix("/appStoreVersionPhasedRelease"):
            return (200, phased())
        case ("PATCH", let p) where p.hasPrefix("/v1/appStoreVersionPhasedReleases/"):
            let attributes = (request.json?["data"] as? [String: Any])?["attributes"] as? [String: Any]
            phasedState = attributes?["phasedReleaseState"] as? String ?? phasedState
            return (200, phased())
        case ("POST", "/v1/reviewSubmissions"):
            return (201, #"{"data": {"type": "reviewSubmissions", "id": "sub-1", "attributes": {"platform": "IOS", "state": "READY_FOR_REVIEW"}}}"#)
        case ("POST", "/v1/reviewSubmissionItems"):
            return (201, #"{"data": {"type": "reviewSubmissionItems", "id": "item-1"}}"#)
        case ("PATCH", "/v1/reviewSubmissions/sub-1"):
            versionState = "WAITING_FOR_REVIEW"
            return (200, #"{"data": {"type": "reviewSubmissions", "id": "sub-1", "attributes": {"state": "WAITING_FOR_REVIEW"}}}"#)
        default:
            return (404, #"{"errors": [{"status": "404", "code": "NOT_FOUND", "title": "no such fake route"}]}"#)
        }
    }

    private func phased() -> String {
        let day = phasedDay.map(String.init) ?? "null"
        return #"{"data": {"type": "appStoreVersionPhasedReleases", "id": "phase-1", "attributes": {"phasedReleaseState": "\#(phasedState)", "currentDayNumber": \#(day)}}}"#
    }
}

// MARK: - Running

extension FakeReleaseWorld {
    /// Starts the fake on 127.0.0.1, runs `body` with it and its base URL, then stops it.
    static func run(_ body: @escaping @Sendable (FakeReleaseWorld, String) async throws -> Void) async throws {
        let world = FakeReleaseWorld()
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "fake-release-world")
        logger.logLevel = .critical
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let data = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let recorded = Recorded(
                method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "", headers: headers, body: Array(buffer: data)
            )
            await world.pauseIfHeld(recorded)
            let (status, text) = await world.handle(recorded)
            return Response(status: .init(code: status), headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
        }
        let app = Application(
            responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) }, logger: logger
        )
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        do {
            try await body(world, "http://127.0.0.1:\(port)")
        } catch {
            await group.triggerGracefulShutdown()
            _ = await task.result
            throw error
        }
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}
