import Crypto
import Foundation
import TestSupport

// MARK: - Credentials

/// Throwaway store credentials, as the environment would hand them to the server, for
/// ``FakeReleaseWorld``.
public struct ReleaseCredentials: Sendable {
    /// The GitHub token the release train's branch cuts use.
    public static let githubToken = "ghp_release_train_secret_token_0001"
    /// The Play service account's e-mail.
    public static let clientEmail = "release-bot@acme.iam.gserviceaccount.com"
    /// App Store Connect's issuer id.
    public static let issuer = "69a6de70-0000-47e3-e053-5b8c7c11a4d1"
    /// App Store Connect's key id.
    public static let keyID = "ASCKEY1234"

    /// The Play service account's private key (``PlayTestKey``).
    public let playPEM: String
    /// The Play service account's JSON file.
    public let playJSON: String
    /// A fresh App Store Connect key.
    public let ascPEM: String

    /// Credentials whose service account gets its tokens from `tokenURL`.
    public init(tokenURL: String) throws {
        playPEM = PlayTestKey.pem
        let fields = [
            "type": "service_account", "project_id": "acme", "private_key_id": "play-key-1", "private_key": playPEM,
            "client_email": Self.clientEmail, "token_uri": tokenURL,
        ]
        playJSON = String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
        ascPEM = P256.Signing.PrivateKey().pemRepresentation
    }

    /// The environment pointing every store at the fake.
    public func environment(fake: String) -> [String: String] {
        [
            "MOBILE_OPS_PLAY_SERVICE_ACCOUNT_JSON": playJSON, "MOBILE_OPS_PLAY_API_URL": fake, "MOBILE_OPS_PLAY_TOKEN_URL": fake + "/token",
            "MOBILE_OPS_ASC_ISSUER_ID": Self.issuer, "MOBILE_OPS_ASC_KEY_ID": Self.keyID, "MOBILE_OPS_ASC_KEY": ascPEM,
            "MOBILE_OPS_ASC_API_URL": fake,
        ]
    }

    /// Pieces of the secrets that must never appear in API answers or logs.
    public var secretFragments: [String] {
        let playBody = playPEM.split(separator: "\n").dropFirst().first.map(String.init) ?? playPEM
        let ascBody = ascPEM.split(separator: "\n").dropFirst().first.map(String.init) ?? ascPEM
        return [Self.githubToken, playBody, ascBody, FakeReleaseWorld.accessToken]
    }
}

// MARK: - Files

/// The release candidate pipeline and the train the release tests drive.
public enum ReleaseFiles {
    /// The RC pipeline the train builds.
    public static let rcPipeline = """
        name: release-candidate
        triggers:
          manual: true
        steps:
          - key: archive
            command: echo archive
            agents:
              platform: ios
        """

    /// A weekly train on both stores with two gates, three Play steps and a crash rule.
    public static let train = TrainFile.text(
        name: "mobile-app", repository: "acme/mobile-app", platforms: "[android, ios]", cadence: "every week on monday at 10:00 UTC",
        rcPipeline: "release-candidate", signoff: "[qa, product]",
        rollout: """
        rollout:
          android: {track: production, steps: [10, 50, 100], soak: 1h}
          ios: {phased: true}
        health:
          - {metric: crash_free_users, comparator: "<", threshold: 99.0, min_sample: 1000}
        """)

    /// Writes the RC pipeline into `pipelinesPath` and (unless `train` is nil) the train into
    /// its `trains/` folder.
    public static func install(pipelinesPath: String, train: String? = ReleaseFiles.train) {
        try? rcPipeline.write(toFile: pipelinesPath + "/release-candidate.yml", atomically: true, encoding: .utf8)
        guard let train else { return }
        let folder = pipelinesPath + "/trains"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? train.write(toFile: folder + "/mobile-app.yml", atomically: true, encoding: .utf8)
    }
}

// MARK: - Clock

/// Instants in the week of Monday 2026-11-23 (UTC).
public struct TrainClock: Sendable {
    /// Seconds the whole fixture calendar is moved by (one of ``DateShift/all``).
    public let shift: TimeInterval

    /// A calendar moved by `shift` seconds.
    public init(shift: TimeInterval) {
        self.shift = shift
    }

    /// November `day`, 2026 at `hour`:`minute` UTC (a Monday is the 23rd), moved by the shift.
    public func at(day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        DateShift.utc(2026, 11, day, hour, minute, shift: shift)
    }
}
