import Foundation
import Testing
import TestSupport

/// Getting a release of a Play-only train to sign-off, with a real server, a real agent and
/// ``FakeHostAndPlay``: shared by the release train's end-to-end tests.
extension Fleet {
    /// The release candidate's pipeline: one Android step that shows the branch it built.
    static let releaseCandidatePipeline = """
        name: e2e-rc
        triggers:
          manual: true
        steps:
          - key: rc
            label: Release candidate
            command: echo "rc of $MOBILE_OPS_RELEASE_VERSION on $(git branch -r --contains HEAD | grep release | tr -d ' ')" && cat README.md
            agents:
              platform: android
        """

    /// The server's environment for trains that drive GitHub and Google Play at the fake's
    /// `url`: the shared test service account key, and a scheduler that checks every second.
    static func releaseEnvironment(fakeURL url: String) throws -> [String: String] {
        let key = PlayTestKey.pem
        let account = try JSONSerialization.data(withJSONObject: [
            "type": "service_account", "private_key": key, "client_email": "bot@acme.iam.gserviceaccount.com", "token_uri": url + "/token",
        ])
        return [
            "MOBILE_OPS_GITHUB_API_URL": url, "MOBILE_OPS_GITHUB_TOKEN": "ghp_e2e_token",
            "MOBILE_OPS_PLAY_SERVICE_ACCOUNT_JSON": String(decoding: account, as: UTF8.self),
            "MOBILE_OPS_PLAY_API_URL": url, "MOBILE_OPS_PLAY_TOKEN_URL": url + "/token",
            "MOBILE_OPS_TRAIN_CHECK_SECONDS": "1",
        ]
    }

    /// Registers `acme/e2e` (the git repository at `repository`), starts an Android agent,
    /// starts a release of `train` for `com.acme.e2e` and waits until the scheduler has cut
    /// the branch and the agent has built the candidate. Returns the release as it then is.
    func startReleaseToSignOff(train: String, repository: String) async throws -> [String: Any] {
        try await call("POST", "/api/v1/repositories", json: #"{"name": "acme/e2e", "provider": "github", "cloneURL": "file://\#(repository)", "defaultBranch": "main", "webhookSecret": "\#(Self.secret)"}"#)
        try startAgent("linux", tags: ["platform=android"])
        let started = try await call("POST", "/api/v1/releases", json: #"{"train": "\#(train)", "store": {"androidPackage": "com.acme.e2e", "androidVersionCodes": ["42"]}}"#)
        let id = try #require(started["id"] as? Int, "\(started)")
        return try await waitForRelease(id, state: "awaiting_signoff")
    }

    /// Polls release `id` until it reaches `state`; records an issue if it does not within `limit`.
    func waitForRelease(_ id: Int, state: String, limit: Duration = .seconds(90)) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + limit
        var last: [String: Any] = [:]
        while ContinuousClock.now < deadline {
            last = try await call("GET", "/api/v1/releases/\(id)")
            if last["state"] as? String == state { return last }
            try await Task.sleep(for: .milliseconds(250))
        }
        Issue.record("release \(id) did not reach \(state): \(last["state"] ?? "?"), problem: \(last["problem"] ?? "none")")
        return last
    }
}
