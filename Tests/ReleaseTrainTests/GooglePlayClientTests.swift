import Foundation
import HTTPClient
import ReleaseTrain
import Testing
import _CryptoExtras
import TestSupport

@Suite("Google Play: service-account OAuth and edits against a local fake of the documented API")
struct GooglePlayClientTests {
    private static let package = "com.acme.app"
    private static let accessToken = "ya29.fake-access-token"

    /// A fresh RSA key and the service-account JSON Google would hand out for it.
    struct Account {
        let key: _RSA.Signing.PrivateKey
        let json: String
        let pem: String

        init(tokenURL: String) throws {
            // The shared test key: generating a 2048-bit key per test starves the others.
            key = try _RSA.Signing.PrivateKey(pemRepresentation: PlayTestKey.pem)
            pem = key.pkcs8PEMRepresentation
            let fields: [String: String] = [
                "type": "service_account", "project_id": "acme", "private_key_id": "key-123", "private_key": pem,
                "client_email": "release-bot@acme.iam.gserviceaccount.com", "token_uri": tokenURL,
            ]
            json = String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
        }

        func serviceAccount() throws -> GoogleServiceAccount {
            try GoogleServiceAccount(json: Data(json.utf8))
        }
    }

    /// Answers the token endpoint and the edits API like Google does.
    private static let playRoute: @Sendable (FakeDistribution.Recorded) -> FakeDistribution.Answer = { request in
        let edits = "/androidpublisher/v3/applications/\(package)/edits"
        switch (request.method, request.path) {
        case ("POST", "/token"):
            return .init(status: 200, body: #"{"access_token":"\#(accessToken)","expires_in":3599,"token_type":"Bearer"}"#)
        case ("POST", edits):
            return .init(status: 200, body: #"{"id":"edit-1","expiryTimeSeconds":"1750003600"}"#)
        case ("PUT", "\(edits)/edit-1/tracks/production"):
            return .init(status: 200, body: String(decoding: request.body, as: UTF8.self))
        case ("GET", "\(edits)/edit-1/tracks/production"):
            return .init(status: 200, body: #"{"track":"production","releases":[{"versionCodes":["1041"],"status":"completed"}]}"#)
        case ("POST", "\(edits)/edit-1:commit"):
            return .init(status: 200, body: #"{"id":"edit-1"}"#)
        case ("DELETE", "\(edits)/edit-1"):
            return .init(status: 204, body: "")
        default:
            return .init(status: 404, body: #"{"error":{"code":404,"message":"No route \#(request.method) \#(request.path)","status":"NOT_FOUND"}}"#)
        }
    }

    @Test("A rollout step then a halt: token exchange once, RS256 JWT verified, edit → track → commit")
    func rolloutStepAndHalt() async throws {
        try await FakeDistribution.run(route: Self.playRoute) { store, base in
            let account = try Account(tokenURL: base + "/token")
            let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
            try await withClient { http in
                let client = GooglePlayClient(
                    http: http, account: try account.serviceAccount(),
                    configuration: .init(apiBaseURL: base + "/"), now: { clock.now }
                )
                let notes = [PlayLocalizedText(language: "en-US", text: "Faster login")]
                let stepped = try await client.rollOut(packageName: Self.package, track: "production", versionCodes: ["1042"], userFraction: 0.05, releaseNotes: notes)
                #expect(stepped.releases.first?.userFraction == 0.05)
                _ = try await client.halt(packageName: Self.package, track: "production", versionCodes: ["1042"], userFraction: 0.05)
            }

            let requests = await store.requests
            let tokenRequests = requests.filter { $0.path == "/token" }
            #expect(tokenRequests.count == 1, "the access token is cached")
            let tokenRequest = try #require(tokenRequests.first)
            #expect(tokenRequest.headers["content-type"] == "application/x-www-form-urlencoded")
            #expect(tokenRequest.form["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer")
            let jwt = try DecodedJWT(try #require(tokenRequest.form["assertion"]))
            #expect(jwt.header["alg"] as? String == "RS256")
            #expect(jwt.header["typ"] as? String == "JWT")
            #expect(jwt.header["kid"] as? String == "key-123")
            #expect(jwt.claims["iss"] as? String == "release-bot@acme.iam.gserviceaccount.com")
            #expect(jwt.claims["scope"] as? String == "https://www.googleapis.com/auth/androidpublisher")
            #expect(jwt.claims["aud"] as? String == base + "/token")
            let iat = try #require(jwt.claims["iat"] as? Int)
            let exp = try #require(jwt.claims["exp"] as? Int)
            #expect(iat == 1_750_000_000)
            #expect(exp > iat && exp - iat <= 3600)
            #expect(jwt.verifiesRS256(account.key.publicKey), "the signature verifies with the account's public key")
            #expect(!jwt.verifiesRS256(try _RSA.Signing.PrivateKey(keySize: .bits2048).publicKey), "and not with another key")

            let api = await store.apiRequests
            let edits = "/androidpublisher/v3/applications/\(Self.package)/edits"
            let expected = [("POST", edits), ("PUT", "\(edits)/edit-1/tracks/production"), ("POST", "\(edits)/edit-1:commit")]
            #expect(api.map { "\($0.method) \($0.path)" } == (expected + expected).map { "\($0.0) \($0.1)" })
            #expect(api.allSatisfy { $0.bearer == Self.accessToken })

            let step = try #require(api[1].json)
            #expect(step["track"] as? String == "production")
            let release = try #require((step["releases"] as? [[String: Any]])?.first)
            #expect(release["versionCodes"] as? [String] == ["1042"])
            #expect(release["status"] as? String == "inProgress")
            #expect(release["userFraction"] as? Double == 0.05)
            #expect((release["releaseNotes"] as? [[String: String]])?.first == ["language": "en-US", "text": "Faster login"])
            let halt = try #require((api[4].json?["releases"] as? [[String: Any]])?.first)
            #expect(halt["status"] as? String == "halted")
            #expect(halt["userFraction"] as? Double == 0.05)
        }
    }

    @Test("Completion sends no userFraction; reading a track uses a throwaway edit; tokens renew after expiry")
    func completeAndRead() async throws {
        try await FakeDistribution.run(route: Self.playRoute) { store, base in
            let account = try Account(tokenURL: base + "/token")
            let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
            try await withClient { http in
                let client = GooglePlayClient(http: http, account: try account.serviceAccount(), configuration: .init(apiBaseURL: base), now: { clock.now })
                _ = try await client.complete(packageName: Self.package, track: "production", versionCodes: ["1042"])
                clock.advance(by: 3600)
                let track = try await client.readTrack(packageName: Self.package, track: "production")
                #expect(track.releases == [PlayTrackRelease(versionCodes: ["1041"], status: .completed)])
            }
            let requests = await store.requests
            #expect(requests.filter { $0.path == "/token" }.count == 2, "an expired token is replaced")
            let put = try #require(requests.first { $0.method == "PUT" })
            let release = try #require((put.json?["releases"] as? [[String: Any]])?.first)
            #expect(release["status"] as? String == "completed")
            #expect(release["userFraction"] == nil)
            #expect(requests.last?.method == "DELETE")
        }
    }

    @Test("Google's error bodies surface as typed errors without secrets")
    func errors() async throws {
        let route: @Sendable (FakeDistribution.Recorded) -> FakeDistribution.Answer = { request in
            if request.path == "/token" {
                return .init(status: 200, body: #"{"access_token":"\#(GooglePlayClientTests.accessToken)","expires_in":3599}"#)
            }
            return .init(status: 403, body: #"{"error":{"code":403,"message":"The caller does not have permission","status":"PERMISSION_DENIED"}}"#)
        }
        try await FakeDistribution.run(route: route) { _, base in
            let account = try Account(tokenURL: base + "/token")
            try await withClient { http in
                let client = GooglePlayClient(http: http, account: try account.serviceAccount(), configuration: .init(apiBaseURL: base))
                do {
                    _ = try await client.rollOut(packageName: Self.package, track: "production", versionCodes: ["1"], userFraction: 0.01)
                    Issue.record("a 403 succeeded")
                } catch let error as DistributionAPIError {
                    #expect(error.kind == .authentication)
                    #expect(error.status == 403)
                    #expect(error.code == "PERMISSION_DENIED")
                    #expect(error.message == "The caller does not have permission")
                    #expect(error.description == "Google Play: open edit for com.acme.app failed (HTTP 403 PERMISSION_DENIED): The caller does not have permission")
                    Self.expectNoSecrets(in: error.description, account: account)
                }
                do {
                    _ = try await client.rollOut(packageName: "../evil", track: "production", versionCodes: ["1"], userFraction: 0.01)
                    Issue.record("a bad package name was sent")
                } catch let error as DistributionAPIError {
                    #expect(error.message.contains("not an Android package name"))
                }
            }
        }
    }

    @Test("A refused token exchange is an authentication error carrying Google's OAuth message")
    func refusedToken() async throws {
        let route: @Sendable (FakeDistribution.Recorded) -> FakeDistribution.Answer = { _ in
            .init(status: 400, body: #"{"error":"invalid_grant","error_description":"Invalid JWT Signature."}"#)
        }
        try await FakeDistribution.run(route: route) { store, base in
            let account = try Account(tokenURL: base + "/token")
            try await withClient { http in
                let client = GooglePlayClient(http: http, account: try account.serviceAccount(), configuration: .init(apiBaseURL: base))
                do {
                    _ = try await client.readTrack(packageName: Self.package, track: "production")
                    Issue.record("a refused token worked")
                } catch let error as DistributionAPIError {
                    #expect(error.kind == .authentication)
                    #expect(error.code == "invalid_grant")
                    #expect(error.description == "Google Play: obtain access token failed (HTTP 400 invalid_grant): Invalid JWT Signature.")
                    Self.expectNoSecrets(in: error.description, account: account)
                }
            }
            #expect(await store.apiRequests.isEmpty)
        }
    }

    @Test("Service accounts never show their key; bad keys fail without echoing them")
    func redaction() throws {
        let account = try Account(tokenURL: "https://oauth2.googleapis.com/token")
        let parsed = try account.serviceAccount()
        var dumped = ""
        dump(parsed, to: &dumped)
        for text in [parsed.description, parsed.debugDescription, String(describing: parsed), String(reflecting: parsed), dumped, "\(parsed)"] {
            Self.expectNoSecrets(in: text, account: account)
            #expect(text.contains("release-bot@acme.iam.gserviceaccount.com") || text.contains("redacted"))
        }
        let broken = account.json.replacingOccurrences(of: "MII", with: "XYZ")
        do {
            _ = try GoogleServiceAccount(json: Data(broken.utf8))
            Issue.record("a broken key loaded")
        } catch {
            #expect(error.kind == .invalidCredentials)
            Self.expectNoSecrets(in: error.description, account: account)
        }
        let environment = [GoogleServiceAccount.jsonVariable: account.json]
        #expect(try GoogleServiceAccount.fromEnvironment(environment)?.clientEmail == "release-bot@acme.iam.gserviceaccount.com")
        #expect(try GoogleServiceAccount.fromEnvironment([:]) == nil)
    }

    /// No line of the PEM body and no access token may appear in `text`.
    static func expectNoSecrets(in text: String, account: Account) {
        #expect(!text.contains("PRIVATE KEY"))
        #expect(!text.contains(accessToken))
        for line in account.pem.split(separator: "\n") where !line.hasPrefix("-----") {
            #expect(!text.contains(line), "a key line leaked")
        }
    }
}
