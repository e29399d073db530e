import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import StoreFakes
import Testing

// MARK: - FakeReleaseWorld

/// One loopback server that speaks, as far as the release train uses them, GitHub's git refs
/// API, Google's OAuth token endpoint and Android Publisher edits (``FakeGooglePlay``), and App
/// Store Connect (``FakeAppStoreConnect``). Both stores are strict: a request their
/// documentation does not allow fails. It records every request so tests check what the real
/// clients sent; App Review is played by the test.
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
    /// Answers that were errors, as `METHOD path → status`: a test expecting none checks it.
    private(set) var refusals: [String] = []
    private(set) var appStore = FakeAppStoreConnect()
    private(set) var play = FakeGooglePlay(accessToken: FakeReleaseWorld.accessToken)

    /// Whether Play rollout updates (`inProgress` track PUTs) wait for ``releaseRollouts()``.
    private var holdingRollouts = false
    /// The rollout update waiting, if one is.
    private var heldRollout: CheckedContinuation<Void, Never>?

    /// App Review approves the submitted version (see ``FakeAppStoreConnect/approveReview()``).
    func approveReview() { appStore.approveReview() }
    /// App Review rejects the submitted version.
    func rejectReview() { appStore.rejectReview() }
    /// The version submitted for review by hand in App Store Connect.
    func submitOnWebsite() { appStore.submitOnWebsite() }
    /// Phased release turned on by hand in App Store Connect.
    func enablePhasedReleaseOnWebsite() { appStore.enablePhasedReleaseOnWebsite() }
    /// Apple's phased-release schedule reaches `day`.
    func setPhasedDay(_ day: Int?) { appStore.phasedDay = day }
    /// Sets the version's version string (the one the train looks for).
    func setVersionString(_ version: String) { appStore.versionString = version }

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
        let answer = answer(request)
        if answer.0 >= 400 { refusals.append("\(request.method) \(request.path) → \(answer.0) \(answer.1)") }
        return answer
    }

    private func answer(_ request: Recorded) -> (Int, String) {
        let path = request.path
        switch (request.method, path) {
        case ("GET", let p) where p.contains("/git/ref/heads/"):
            return (200, #"{"ref": "refs/heads/main", "object": {"sha": "\#(Self.headSHA)", "type": "commit"}}"#)
        case ("POST", let p) where p.hasSuffix("/git/refs"):
            let ref = request.json?["ref"] as? String ?? ""
            return (201, #"{"ref": "\#(ref)", "object": {"sha": "\#(Self.headSHA)", "type": "commit"}}"#)
        case ("POST", "/token"):
            return (200, #"{"access_token": "\#(Self.accessToken)", "expires_in": 3600, "token_type": "Bearer"}"#)
        case ("POST", "/team-webhook"):
            return (200, #"{"ok": true}"#)
        case (_, let p) where p.hasPrefix("/androidpublisher/"):
            return play.handle(FakeGooglePlay.Request(method: request.method, path: request.path, headers: request.headers, body: request.body))
        case (_, let p) where p.hasPrefix("/v1/"):
            return appStore.handle(request)
        default:
            return (404, #"{"message": "no such fake route"}"#)
        }
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
