import Crypto
import Foundation
import HTTPClient
import ReleaseTrain
import Testing
import TestSupport

@Suite("App Store Connect: ES256 JWT, review submission and phased release against a local fake")
struct AppStoreConnectClientTests {
    private static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
    private static let keyID = "2X9R4HXF34"

    /// Answers like App Store Connect does, with the phased release on day 3.
    private static let route: @Sendable (FakeDistribution.Recorded) -> FakeDistribution.Answer = { request in
        switch (request.method, request.path) {
        case ("GET", "/v1/apps/1234567890/appStoreVersions"):
            return .init(status: 200, body: #"{"data":[{"type":"appStoreVersions","id":"ver-1","attributes":{"versionString":"2.5.0","appStoreState":"PREPARE_FOR_SUBMISSION"}}],"links":{"self":"x"}}"#)
        case ("GET", "/v1/apps/404/appStoreVersions"):
            return .init(status: 200, body: #"{"data":[]}"#)
        case ("GET", "/v1/apps/1234567890/reviewSubmissions"):
            return .init(status: 200, body: #"{"data":[],"links":{"self":"x"}}"#)
        case ("POST", "/v1/reviewSubmissions"):
            return .init(status: 201, body: #"{"data":{"type":"reviewSubmissions","id":"sub-1","attributes":{"platform":"IOS","state":"READY_FOR_REVIEW"}}}"#)
        case ("POST", "/v1/reviewSubmissionItems"):
            return .init(status: 201, body: #"{"data":{"type":"reviewSubmissionItems","id":"item-1","attributes":{"state":"READY_FOR_REVIEW"}}}"#)
        case ("PATCH", "/v1/reviewSubmissions/sub-1"):
            return .init(status: 200, body: #"{"data":{"type":"reviewSubmissions","id":"sub-1","attributes":{"platform":"IOS","state":"WAITING_FOR_REVIEW"}}}"#)
        case ("POST", "/v1/appStoreVersionPhasedReleases"):
            return .init(status: 201, body: #"{"data":{"type":"appStoreVersionPhasedReleases","id":"phase-1","attributes":{"phasedReleaseState":"ACTIVE","currentDayNumber":null}}}"#)
        case ("GET", "/v1/appStoreVersions/ver-1/appStoreVersionPhasedRelease"):
            return .init(status: 200, body: #"{"data":{"type":"appStoreVersionPhasedReleases","id":"phase-1","attributes":{"phasedReleaseState":"ACTIVE","currentDayNumber":3,"totalPauseDuration":0}}}"#)
        case ("PATCH", "/v1/appStoreVersionPhasedReleases/phase-1"):
            let attributes = (request.json?["data"] as? [String: Any])?["attributes"] as? [String: Any]
            let state = attributes?["phasedReleaseState"] as? String ?? "ACTIVE"
            return .init(status: 200, body: #"{"data":{"type":"appStoreVersionPhasedReleases","id":"phase-1","attributes":{"phasedReleaseState":"\#(state)","currentDayNumber":3}}}"#)
        case ("PATCH", "/v1/appStoreVersionPhasedReleases/done"):
            return .init(status: 409, body: #"{"errors":[{"id":"e1","status":"409","code":"ENTITY_ERROR.ATTRIBUTE.INVALID","title":"An attribute value is invalid.","detail":"A completed phased release cannot be paused."}]}"#)
        default:
            return .init(status: 404, body: #"{"errors":[{"status":"404","code":"NOT_FOUND","title":"The specified resource does not exist","detail":"\#(request.method) \#(request.path)"}]}"#)
        }
    }

    @Test("Find, submit for review, phase the release, pause it on a health breach; every JWT verifies")
    func releaseFlow() async throws {
        let key = P256.Signing.PrivateKey()
        let pem = key.pemRepresentation
        // swift-crypto's key types are not Sendable here; the closure rebuilds the public key.
        let publicKeyBytes = key.publicKey.rawRepresentation
        try await FakeDistribution.run(route: Self.route) { store, base in
            let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
            try await withClient { http in
                let credentials = try AppStoreConnectKey(issuerID: Self.issuer, keyID: Self.keyID, privateKeyPEM: pem)
                let client = AppStoreConnectClient(http: http, key: credentials, configuration: .init(baseURL: base + "/"), now: { clock.now })
                let version = try await client.appStoreVersion(appID: "1234567890", versionString: "2.5.0")
                #expect(version == AppStoreVersion(id: "ver-1", versionString: "2.5.0", state: "PREPARE_FOR_SUBMISSION"))
                let submission = try await client.submitForReview(appID: "1234567890", versionID: version.id)
                #expect(submission == ReviewSubmission(id: "sub-1", state: "WAITING_FOR_REVIEW"))
                let created = try await client.createPhasedRelease(versionID: version.id)
                #expect(created.state == .active)
                let phased = try #require(try await client.phasedRelease(versionID: version.id))
                #expect(phased.currentDayNumber == 3)
                #expect(phased.percent == 5)

                // A crash-rate breach pauses the phased release.
                let verdict = HealthEvaluator(rules: [HealthRule(metric: .crashFreeUsers, comparator: .lessThan, threshold: 99.5, minimumSample: 500)])
                    .evaluate(HealthSample(metric: .crashFreeUsers, value: 98.2, sampleSize: 2000))
                #expect(verdict.isBreach)
                let paused = try await client.pausePhasedRelease(id: phased.id)
                #expect(paused.state == .paused)
            }

            let requests = await store.requests
            #expect(requests.map { "\($0.method) \($0.path)" } == [
                "GET /v1/apps/1234567890/appStoreVersions", "GET /v1/apps/1234567890/reviewSubmissions", "POST /v1/reviewSubmissions", "POST /v1/reviewSubmissionItems",
                "PATCH /v1/reviewSubmissions/sub-1", "POST /v1/appStoreVersionPhasedReleases",
                "GET /v1/appStoreVersions/ver-1/appStoreVersionPhasedRelease", "PATCH /v1/appStoreVersionPhasedReleases/phase-1",
            ])
            let query = requests[0].query.removingPercentEncoding ?? ""
            #expect(query == "filter[versionString]=2.5.0&filter[platform]=IOS")
            let listing = requests[1].query.removingPercentEncoding ?? ""
            #expect(listing == "filter[platform]=IOS&filter[state]=READY_FOR_REVIEW,WAITING_FOR_REVIEW,IN_REVIEW,UNRESOLVED_ISSUES,CANCELING,COMPLETING&limit=200")

            let tokens = Set(requests.compactMap(\.bearer))
            #expect(tokens.count == 1, "one token is reused while valid")
            let jwt = try DecodedJWT(try #require(tokens.first))
            #expect(jwt.header["alg"] as? String == "ES256")
            #expect(jwt.header["kid"] as? String == Self.keyID)
            #expect(jwt.header["typ"] as? String == "JWT")
            #expect(jwt.claims["iss"] as? String == Self.issuer)
            #expect(jwt.claims["aud"] as? String == "appstoreconnect-v1")
            let iat = try #require(jwt.claims["iat"] as? Int)
            let exp = try #require(jwt.claims["exp"] as? Int)
            #expect(iat == 1_750_000_000)
            #expect(exp > iat && exp - iat <= 20 * 60)
            #expect(jwt.signature.count == 64, "raw r || s, not DER")
            #expect(jwt.verifiesES256(try P256.Signing.PublicKey(rawRepresentation: publicKeyBytes)))
            #expect(!jwt.verifiesES256(P256.Signing.PrivateKey().publicKey))

            func data(_ index: Int) throws -> [String: Any] {
                try #require(requests[index].json?["data"] as? [String: Any])
            }
            func relationship(_ body: [String: Any], _ name: String) -> [String: String]? {
                ((body["relationships"] as? [String: Any])?[name] as? [String: Any])?["data"] as? [String: String]
            }
            let submission = try data(2)
            #expect(submission["type"] as? String == "reviewSubmissions")
            #expect(relationship(submission, "app") == ["type": "apps", "id": "1234567890"])
            let item = try data(3)
            #expect(item["type"] as? String == "reviewSubmissionItems")
            #expect(relationship(item, "reviewSubmission") == ["type": "reviewSubmissions", "id": "sub-1"])
            #expect(relationship(item, "appStoreVersion") == ["type": "appStoreVersions", "id": "ver-1"])
            let submit = try data(4)
            #expect(submit["id"] as? String == "sub-1")
            #expect((submit["attributes"] as? [String: Any])?["submitted"] as? Bool == true)
            let phase = try data(5)
            #expect((phase["attributes"] as? [String: String]) == ["phasedReleaseState": "INACTIVE"], "the version is not released yet")
            #expect(relationship(phase, "appStoreVersion") == ["type": "appStoreVersions", "id": "ver-1"])
            let pause = try data(7)
            #expect(pause["id"] as? String == "phase-1")
            #expect((pause["attributes"] as? [String: String]) == ["phasedReleaseState": "PAUSED"])
            #expect(requests[7].headers["content-type"] == "application/json")
        }
    }

    @Test("Apple's error bodies surface as typed errors; a missing version is notFound; no key leaks")
    func errors() async throws {
        let pem = P256.Signing.PrivateKey().pemRepresentation
        try await FakeDistribution.run(route: Self.route) { _, base in
            try await withClient { http in
                let credentials = try AppStoreConnectKey(issuerID: Self.issuer, keyID: Self.keyID, privateKeyPEM: pem)
                let client = AppStoreConnectClient(http: http, key: credentials, configuration: .init(baseURL: base))
                do {
                    _ = try await client.pausePhasedRelease(id: "done")
                    Issue.record("a 409 succeeded")
                } catch let error as DistributionAPIError {
                    #expect(error.kind == .rejected)
                    #expect(error.status == 409)
                    #expect(error.code == "ENTITY_ERROR.ATTRIBUTE.INVALID")
                    #expect(error.description == "App Store Connect: set phased release PAUSED failed (HTTP 409 ENTITY_ERROR.ATTRIBUTE.INVALID): An attribute value is invalid.: A completed phased release cannot be paused.")
                    #expect(!error.isTransient)
                    Self.expectNoSecrets(in: error.description, pem: pem)
                }
                do {
                    _ = try await client.appStoreVersion(appID: "404", versionString: "9.9.9")
                    Issue.record("a missing version was found")
                } catch let error as DistributionAPIError {
                    #expect(error.kind == .notFound)
                    #expect(error.message.contains("has no IOS version 9.9.9"))
                }
            }
        }
    }

    @Test("Keys never show themselves; bad keys and environments fail clearly")
    func redaction() throws {
        let pem = P256.Signing.PrivateKey().pemRepresentation
        let credentials = try AppStoreConnectKey(issuerID: Self.issuer, keyID: Self.keyID, privateKeyPEM: pem)
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in [credentials.description, String(reflecting: credentials), dumped] {
            Self.expectNoSecrets(in: text, pem: pem)
        }
        do {
            _ = try AppStoreConnectKey(issuerID: Self.issuer, keyID: Self.keyID, privateKeyPEM: pem.replacingOccurrences(of: "M", with: "Q"))
            Issue.record("a broken key loaded")
        } catch {
            #expect(error.kind == .invalidCredentials)
            Self.expectNoSecrets(in: error.description, pem: pem)
        }
        let environment = [AppStoreConnectKey.Variable.issuerID: Self.issuer, AppStoreConnectKey.Variable.keyID: Self.keyID, AppStoreConnectKey.Variable.key: pem]
        #expect(try AppStoreConnectKey.fromEnvironment(environment)?.keyID == Self.keyID)
        #expect(throws: DistributionAPIError.self) { try AppStoreConnectKey.fromEnvironment([AppStoreConnectKey.Variable.keyID: Self.keyID]) }
        #expect(try AppStoreConnectKey.fromEnvironment([:]) == nil)
    }

    static func expectNoSecrets(in text: String, pem: String) {
        #expect(!text.contains("PRIVATE KEY"))
        for line in pem.split(separator: "\n") where !line.hasPrefix("-----") {
            #expect(!text.contains(line), "a key line leaked")
        }
    }
}
