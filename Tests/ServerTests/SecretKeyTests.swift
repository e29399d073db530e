import Core
import Foundation
import HTTPTypes
import DI
import HummingbirdTesting
import Logging
import Scheduling
import Secrets
import Store
import Testing
@testable import Server

/// The secrets key: read from the environment or a file, checked at start against what is
/// stored, and rotated in one transaction.
@Suite("The secrets key")
struct SecretKeyTests {
    typealias S = SecretTestSupport

    static let first = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
    static let second = String(repeating: "5a", count: 32)
    static let third = "mR8s0q1J9nV2xW3yZ4aB5cD6eF7gH8iJ9kL0mN1oP2Q="

    @Test("the key comes from MOBILE_OPS_SECRETS_KEY or a file, not both; a bad key is refused without being repeated")
    func resolution() async throws {
        let key = try SecretKey(text: Self.first)
        #expect(try SecretsKeySetting.resolve(environment: ["MOBILE_OPS_SECRETS_KEY": Self.first]) == .key(key))
        #expect(try SecretsKeySetting.resolve(environment: ["MOBILE_OPS_SECRETS_KEY_FILE": "/k"]) == .file(path: "/k"))
        #expect(try SecretsKeySetting.resolve(environment: [:]) == nil)
        #expect(throws: ConfigurationError.self) {
            try SecretsKeySetting.resolve(environment: ["MOBILE_OPS_SECRETS_KEY": Self.first, "MOBILE_OPS_SECRETS_KEY_FILE": "/k"])
        }
        let bad = "not-a-key-but-a-password-someone-pasted"
        #expect {
            try ServerConfiguration.resolve(flags: .init(), environment: ["MOBILE_OPS_SECRETS_KEY": bad])
        } throws: { error in
            let message = (error as? ConfigurationError)?.message ?? ""
            return message.contains("MOBILE_OPS_SECRETS_KEY") && !message.contains(bad)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("key").path
        try (Self.second + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try await SecretsKeySetting.file(path: file).load() == SecretKey(text: Self.second))
        await #expect(throws: ConfigurationError.self) { try await SecretsKeySetting.file(path: file + ".missing").load() }
    }

    /// Runs `body` against a server on `directory`'s database with `key`, then closes its store
    /// and leaves the folder for the next server.
    static func withServer(in directory: URL, key: String?, _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let secretsKey = try key.map { text in try SecretKey(text: text) }
        let server = try await TestServer.make(in: directory, configure: { configuration in
            try? S.pipeline.write(toFile: configuration.pipelinesPath + "/signing.yml", atomically: true, encoding: .utf8)
            configuration.secretsKey = secretsKey.map(SecretsKeySetting.key)
        })
        try await server.server.makeApplication().test(.router, body)
        if let database = try? await server.server.container.resolve((any StoreDatabase).self) { await database.close() }
    }

    /// Why a server on `directory` with `key` does not start; nil when it does.
    static func refusal(in directory: URL, key: String?) async -> String? {
        do {
            try await withServer(in: directory, key: key) { _ in }
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("with secrets stored, a server without the key or with another key does not start, and says which keys; rotation re-seals them all, and a wrong current key changes nothing")
    func startAndRotate() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-server-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try SecretKey(text: Self.first), second = try SecretKey(text: Self.second), third = try SecretKey(text: Self.third)
        // No secrets yet: a server without a key starts.
        #expect(await Self.refusal(in: directory, key: nil) == nil)
        try await Self.withServer(in: directory, key: Self.first) { client in
            try await WebhookAPITests.register(client)
            try await S.setAll(client, repository: 1)
        }
        let missing = try #require(await Self.refusal(in: directory, key: nil))
        #expect(missing.contains("no secrets key is configured") && missing.contains(first.fingerprint), "\(missing)")
        let other = try #require(await Self.refusal(in: directory, key: Self.second))
        #expect(other.contains(second.fingerprint) && other.contains(first.fingerprint) && other.contains("6 secrets"), "\(other)")
        #expect(!other.contains(Self.first) && !other.contains(Self.second))
        #expect(await Self.refusal(in: directory, key: Self.first) == nil)

        let keyFile = directory.appendingPathComponent("new.key").path
        try Self.third.write(toFile: keyFile, atomically: true, encoding: .utf8)
        var configuration = ServerConfiguration()
        configuration.databasePath = directory.appendingPathComponent("db/mobile-ops.sqlite").path
        configuration.secretsKey = .key(second)
        let before = try await Self.sealedRows(configuration)
        await #expect(throws: StartupError.self) {
            try await MobileOpsServer.rotateSecretsKey(configuration: configuration, newKeyFile: keyFile, logger: Logger(label: "test"))
        }
        #expect(try await Self.sealedRows(configuration) == before, "a wrong current key changes nothing")

        configuration.secretsKey = .key(first)
        let rotation = try await MobileOpsServer.rotateSecretsKey(configuration: configuration, newKeyFile: keyFile, logger: Logger(label: "test"))
        #expect(rotation.count == 6 && rotation.oldFingerprint == first.fingerprint && rotation.newFingerprint == third.fingerprint)
        let after = try await Self.sealedRows(configuration)
        #expect(after.count == 6 && zip(before, after).allSatisfy { $0 != $1 }, "every value is sealed anew")
        #expect(await Self.refusal(in: directory, key: Self.first)?.contains(third.fingerprint) == true, "the old key no longer starts the server")
        try await Self.withServer(in: directory, key: Self.third) { client in
            let agent = try await S.registerSigner(client)
            _ = try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "signing", "repository": "acme/ios-app", "branch": "main", "commit": "abc123"}"#)
            let jobs = try await S.startJobs(client, agent: agent)
            let fetched = try await S.fetch(client, agent: agent, job: try #require(jobs["sign"]))
            #expect(fetched.given["ANDROID_KEYSTORE"]?.value == S.keystore, "every value survives the rotation")
            #expect(fetched.given["STORE_PASSWORD"]?.value == Array(S.storePassword.utf8))
        }
    }

    @Test("a replica started with another key before any secret was stored refuses to set one once another has, naming both keys by fingerprint, and stores nothing")
    func replicaWithAnotherKey() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-server-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try SecretKey(text: Self.first), second = try SecretKey(text: Self.second)
        // This server starts with the second key: nothing is stored yet, so nothing to refuse.
        let server = try await TestServer.make(in: directory, configure: { configuration in
            try? S.pipeline.write(toFile: configuration.pipelinesPath + "/signing.yml", atomically: true, encoding: .utf8)
            configuration.secretsKey = .key(second)
        })
        let database = try await server.server.container.resolve((any StoreDatabase).self)
        // Another replica on the same store, with the first key.
        let replica = SecretService(store: database, key: first, clock: SystemClock(), logger: Logger(label: "test"))
        try await server.server.makeApplication().test(.router) { client in
            try await WebhookAPITests.register(client)
            _ = try await replica.set(
                repositoryID: 1, name: "STORE_PASSWORD", input: SecretService.Input(value: Array(S.storePassword.utf8), kind: .env), actor: "admin")
            let refused = try await S.set(client, repository: 1, "SIGNING_ONLY", bytes: Array(S.signingOnly.utf8))
            #expect(refused.status == .conflict && refused.body.errorCode == "secrets_key_mismatch", "\(refused.body)")
            let message = (refused.body["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains(first.fingerprint) && message.contains(second.fingerprint), "\(message)")
            #expect(!message.contains(Self.first) && !message.contains(Self.second) && !message.contains(S.signingOnly))
            let listed = try await client.send(.get, "/api/v1/repositories/1/secrets")
            #expect((listed.body["secrets"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["STORE_PASSWORD"], "nothing was stored")
        }
        await database.close()
    }

    /// The stored rows' sealed bytes, by id: the bytes alone, so that "every value is sealed
    /// anew" is not true merely because the key's fingerprint beside them changed.
    static func sealedRows(_ configuration: ServerConfiguration) async throws -> [[UInt8]] {
        let database = try await configuration.database.open(clock: SystemClock(), presenceWindow: 60, logger: Logger(label: "test"))
        let rows = try await database.allSecrets().sorted { $0.id < $1.id }.map(\.sealed)
        await database.close()
        return rows
    }
}
