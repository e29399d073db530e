import Foundation
import TestSupport

// MARK: - FakeReleaseWorld

/// One loopback server that speaks, as far as the release train uses them, GitHub's git refs
/// API, Google's OAuth token endpoint and Android Publisher edits (``FakeGooglePlay``), and App
/// Store Connect (``FakeAppStoreConnect``). Both stores are strict: a request their
/// documentation does not allow fails. It records every request so tests check what the real
/// clients sent; App Review is played by the test.
public actor FakeReleaseWorld {
    /// One request as received.
    public typealias Recorded = LoopbackRequest

    /// The commit `main` points at.
    public static let headSHA = "5e1ec7ed5e1ec7ed5e1ec7ed5e1ec7ed5e1ec7ed"
    /// The access token Google's token endpoint hands out.
    public static let accessToken = "ya29.fake-play-access"

    /// Every request, in order.
    public private(set) var requests: [Recorded] = []
    /// Answers that were errors, as `METHOD path → status`: a test expecting none checks it.
    public private(set) var refusals: [String] = []
    /// App Store Connect as it is now.
    public private(set) var appStore = FakeAppStoreConnect()
    private(set) var play = FakeGooglePlay(accessToken: FakeReleaseWorld.accessToken)

    /// Which request to hold unanswered next, as a slow store would.
    private var holding: (@Sendable (Recorded) -> Bool)?
    /// The request waiting, if one is.
    private var held: CheckedContinuation<Void, Never>?
    /// Which requests get one 503 before they reach the store (and change nothing).
    private var failing: [@Sendable (Recorded) -> Bool] = []

    /// App Review approves the submitted version (see ``FakeAppStoreConnect/approveReview()``).
    public func approveReview() { appStore.approveReview() }
    /// App Review rejects the submitted version.
    public func rejectReview() { appStore.rejectReview() }
    /// The version submitted for review by hand in App Store Connect.
    public func submitOnWebsite() { appStore.submitOnWebsite() }
    /// The rejected version removed from review by hand in App Store Connect.
    public func removeFromReviewOnWebsite() { appStore.removeFromReviewOnWebsite() }
    /// Phased release turned on by hand in App Store Connect.
    public func enablePhasedReleaseOnWebsite() { appStore.enablePhasedReleaseOnWebsite() }
    /// Apple's phased-release schedule reaches `day`.
    public func setPhasedDay(_ day: Int?) { appStore.phasedDay = day }
    /// Sets the version's version string (the one the train looks for).
    public func setVersionString(_ version: String) { appStore.versionString = version }
    /// A review submission made by hand (see ``FakeAppStoreConnect/addSubmission(state:versions:otherItems:)``).
    public func addSubmission(state: String, versions: [String], otherItems: Int = 0) -> String {
        appStore.addSubmission(state: state, versions: versions, otherItems: otherItems)
    }
    /// App Store Connect finished with review submission `id`.
    public func completeSubmission(_ id: String) { appStore.completeSubmission(id) }

    /// Makes the next request that `matches` wait unanswered until ``releaseHold()``; it is
    /// handled (and recorded) only then, even if its client is gone by then.
    public func hold(where matches: @escaping @Sendable (Recorded) -> Bool) { holding = matches }

    /// Lets the waiting request through and stops holding.
    public func releaseHold() {
        holding = nil
        held?.resume()
        held = nil
    }

    /// Whether a request is waiting.
    public var isHolding: Bool { held != nil }

    /// Makes the next Play rollout update (an `inProgress` track PUT) wait, as a slow Google would.
    public func holdRollouts() {
        hold { $0.method == "PUT" && $0.path.contains("/tracks/") && $0.text.contains("inProgress") }
    }

    /// Answers the waiting rollout update and stops holding.
    public func releaseRollouts() { releaseHold() }

    /// Whether a rollout update is waiting.
    public var isHoldingARollout: Bool { isHolding }

    /// Answers the next request that `matches` with a 503 in the store's error shape, without
    /// letting it change anything: the call is cut off before the store acts.
    public func failOnce(where matches: @escaping @Sendable (Recorded) -> Bool) { failing.append(matches) }

    /// Waits if this is the request to hold.
    fileprivate func pauseIfHeld(_ request: Recorded) async {
        guard let holding, held == nil, holding(request) else { return }
        await withCheckedContinuation { held = $0 }
    }

    /// Requests whose path contains `fragment` (and of `method`, if given).
    public func requests(_ fragment: String, method: String? = nil) -> [Recorded] {
        requests.filter { $0.path.contains(fragment) && (method == nil || $0.method == method) }
    }

    /// The Play track updates (`PUT …/tracks/…`) as `(status, userFraction)`.
    public func playTrackUpdates() -> [(status: String, fraction: Double?)] {
        requests("/tracks/", method: "PUT").map { request in
            let release = (request.json?["releases"] as? [[String: Any]])?.first
            return (release?["status"] as? String ?? "?", release?["userFraction"] as? Double)
        }
    }

    // MARK: Answers

    fileprivate func handle(_ request: Recorded) -> (Int, String) {
        requests.append(request)
        let answer: (Int, String)
        if let index = failing.firstIndex(where: { $0(request) }) {
            failing.remove(at: index)
            answer = request.path.hasPrefix("/v1/")
                ? FakeAppStoreConnect.error(503, "SERVICE_UNAVAILABLE", "The service is temporarily unavailable")
                : (503, #"{"error": {"code": 503, "message": "The service is currently unavailable.", "status": "UNAVAILABLE"}}"#)
        } else {
            answer = self.answer(request)
        }
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
    public static func run(_ body: @escaping @Sendable (FakeReleaseWorld, String) async throws -> Void) async throws {
        let world = FakeReleaseWorld()
        try await LoopbackServer.run(label: "fake-release-world", bodyLimit: 1 << 20, answering: { request in
            await world.pauseIfHeld(request)
            let (status, text) = await world.handle(request)
            return LoopbackResponse(status: status, body: text)
        }) { server in
            try await body(world, server.url)
        }
    }
}
