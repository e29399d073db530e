import Foundation
import DI
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PostgresSupport
import Store
import Testing
@testable import Server

/// `/api/v1/repositories/{id}/secrets`: set, list and remove (admin only), never a value out.
@Suite("Repository secrets over HTTP")
struct SecretAPITests {
    typealias S = SecretTestSupport

    @Test("set creates then replaces; the list shows names, scopes, sizes and keyed fingerprints but no value; remove by scope; each change audited")
    func setListRemove() async throws {
        let logs = RecordedLogs()
        try await S.server(logs: logs).test { client in
            try await WebhookAPITests.register(client)
            let created = try await S.set(client, repository: 1, "STORE_PASSWORD", bytes: Array(S.storePassword.utf8), branches: ["main", "release/*"])
            #expect(created.status == .created, "\(created.body)")
            #expect(created.body["name"] as? String == "STORE_PASSWORD" && created.body["size"] as? Int == S.storePassword.utf8.count)
            #expect(created.body["branches"] as? [String] == ["main", "release/*"] && created.body["pullRequests"] as? Bool == false)
            let fingerprint = try #require(created.body["fingerprint"] as? String)
            #expect(fingerprint.count == 8)
            let replaced = try await S.set(client, repository: 1, "STORE_PASSWORD", bytes: Array(S.storePassword.utf8), pullRequests: true)
            #expect(replaced.status == .ok && replaced.body["fingerprint"] as? String == fingerprint, "the same value keeps its fingerprint")
            #expect(replaced.body["branches"] == nil && replaced.body["pullRequests"] as? Bool == true, "setting again replaces the scope")
            #expect(try await S.set(client, repository: 1, "STORE_PASSWORD", bytes: Array(S.nightly.utf8), pipeline: "nightly").status == .created)
            #expect(try await S.set(client, repository: 1, "ANDROID_KEYSTORE", bytes: S.keystore, kind: "file").status == .created)

            let list = try await client.execute(uri: "/api/v1/repositories/1/secrets", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"]) { String(buffer: $0.body) }
            let listed = (try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String: Any])?["secrets"] as? [[String: Any]] ?? []
            #expect(listed.map { $0["name"] as? String } == ["ANDROID_KEYSTORE", "STORE_PASSWORD", "STORE_PASSWORD"])
            #expect(listed.map { $0["pipeline"] as? String } == [nil, nil, "nightly"])
            #expect(listed.first?["kind"] as? String == "file" && listed.first?["size"] as? Int == S.keystore.count)
            #expect(listed.allSatisfy { $0["value"] == nil && $0["sealed"] == nil })
            for value in [S.storePassword, S.nightly, Data(S.storePassword.utf8).base64EncodedString(), Data(S.keystore).base64EncodedString()] {
                #expect(!list.contains(value))
            }

            let ambiguous = try await client.send(.delete, "/api/v1/repositories/1/secrets/STORE_PASSWORD")
            #expect(ambiguous.status == .conflict && ambiguous.body.errorMessage?.contains("pipeline nightly") == true, "\(ambiguous.body)")
            let removed = try await client.send(.delete, "/api/v1/repositories/1/secrets/STORE_PASSWORD?pipeline=nightly")
            #expect(removed.status == .ok && (removed.body["secrets"] as? [[String: Any]])?.first?["pipeline"] as? String == "nightly")
            #expect(try await client.send(.delete, "/api/v1/repositories/1/secrets/STORE_PASSWORD?pipeline=*").status == .ok)
            #expect(try await client.send(.delete, "/api/v1/repositories/1/secrets/STORE_PASSWORD").status == .notFound)

            let audit = try await client.send(.get, "/api/v1/audit?limit=100")
            let actions = (audit.body["events"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String }
            #expect(actions.filter { $0 == "secret.set" }.count == 4 && actions.filter { $0 == "secret.remove" }.count == 2)
            let auditText = String(decoding: try JSONSerialization.data(withJSONObject: audit.body), as: UTF8.self)
            #expect(!auditText.contains(S.storePassword) && !auditText.contains(S.nightly))
            // Nothing the server logged, at any level down to trace, holds a value.
            for value in [S.storePassword, S.nightly, Data(S.storePassword.utf8).base64EncodedString()] {
                #expect(logs.all.filter { $0.contains(value) } == [])
            }
        }
    }

    @Test("only admins; a bad name, scope or base64 is a 400; a value over its limit 413; nothing is stored for any of them")
    func refusals() async throws {
        try await S.server().test { client in
            try await WebhookAPITests.register(client)
            let write = try await client.send(.post, "/api/v1/tokens", json: #"{"name": "writer", "scopes": ["write"]}"#).body["token"] as? String
            #expect(try await S.set(client, repository: 1, "A_KEY", bytes: Array("value-long-enough".utf8), token: try #require(write)).status == .forbidden)
            #expect(try await client.send(.get, "/api/v1/repositories/1/secrets", token: write).status == .forbidden)

            let lower = try await S.set(client, repository: 1, "lower", bytes: Array("value-long-enough".utf8))
            #expect(lower.status == .badRequest && lower.body.errorCode == "invalid_secret_name")
            #expect(try await S.set(client, repository: 1, "A_KEY", bytes: [], kind: "env").body.errorCode == "invalid_value")
            #expect(try await S.set(client, repository: 1, "A_KEY", bytes: [0x66, 0x00, 0x67]).body.errorCode == "invalid_value", "an env value holds no NUL")
            #expect(try await S.set(client, repository: 1, "A_KEY", bytes: Array("value".utf8), branches: ["main,dev"]).body.errorCode == "invalid_scope")
            #expect(try await S.set(client, repository: 1, "A_KEY", bytes: Array("value".utf8), pipeline: "*").body.errorCode == "invalid_scope")
            let notBase64 = try await client.send(.put, "/api/v1/repositories/1/secrets/A_KEY", json: #"{"value": "not base64 !!!"}"#)
            #expect(notBase64.status == .badRequest && notBase64.body.errorMessage == "value must be the secret's bytes in base64")
            #expect(try await S.set(client, repository: 99, "A_KEY", bytes: Array("value".utf8)).status == .notFound)

            let tooLarge = try await S.set(client, repository: 1, "BIG_FILE", bytes: [UInt8](repeating: 7, count: (1 << 20) + 1), kind: "file")
            #expect(tooLarge.status == .contentTooLarge && tooLarge.body.errorCode == "payload_too_large", "\(tooLarge.body)")
            #expect(try await S.set(client, repository: 1, "BIG_FILE", bytes: [UInt8](repeating: 7, count: 1 << 20), kind: "file").status == .created, "1 MiB exactly is accepted")
            let largeEnv = try await S.set(client, repository: 1, "BIG_ENV", bytes: [UInt8](repeating: 0x61, count: (64 << 10) + 1))
            #expect(largeEnv.status == .contentTooLarge && largeEnv.body.errorMessage?.contains("kind file") == true)
            let listed = try await client.send(.get, "/api/v1/repositories/1/secrets")
            #expect((listed.body["secrets"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["BIG_FILE"])
        }
    }

    @Test("without a secrets key, setting one is refused with a code saying so")
    func noKey() async throws {
        try await S.server(configure: { $0.secretsKey = nil }).test { client in
            try await WebhookAPITests.register(client)
            let refused = try await S.set(client, repository: 1, "A_KEY", bytes: Array("value-long-enough".utf8))
            #expect(refused.status == .conflict && refused.body.errorCode == "secrets_key_not_configured", "\(refused.body)")
            #expect(refused.body.errorMessage?.contains("MOBILE_OPS_SECRETS_KEY") == true)
        }
    }

    @Test("the SQLite file holds no value in clear, nor its base64")
    func sqliteFileHoldsNoValue() async throws {
        let server = try await S.server()
        let path = server.databasePath
        try await server.server.makeApplication().test(.router) { client in
            try await WebhookAPITests.register(client)
            try await S.setAll(client, repository: 1)
        }
        if let database = try? await server.server.container.resolve((any StoreDatabase).self) { await database.close() }
        defer { try? FileManager.default.removeItem(at: server.directory) }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // The write-ahead log too, where recent pages may still be.
        bytes += (try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data()
        #expect(bytes.count > 0)
        for value in S.values.map({ Array($0.utf8) }) + [Array(S.keystore.dropFirst(8).prefix(16))] {
            #expect(bytes.range(of: Data(value)) == nil, "\(String(decoding: value, as: UTF8.self)) is in the file in clear")
            #expect(bytes.range(of: Data(Data(value).base64EncodedString().utf8)) == nil)
        }
        #expect(bytes.range(of: Data("ANDROID_KEYSTORE".utf8)) != nil, "the names are there: the file was read")
    }
}

extension SecretAPITests {
    @Test("no PostgreSQL table holds a value in clear, in hex (bytea's text) or in base64", .enabled(if: PostgresScratchDatabase.serverURL != nil))
    func postgresTablesHoldNoValue() async throws {
        let server = try await S.server(postgres: true)
        let scratch = try #require(server.scratch)
        try await server.server.makeApplication().test(.router) { client in
            try await WebhookAPITests.register(client)
            try await S.setAll(client, repository: 1)
        }
        let dumped = try await scratch.everyRowAsText()
        if let database = try? await server.server.container.resolve((any StoreDatabase).self) { await database.close() }
        try? await scratch.drop()
        try? FileManager.default.removeItem(at: server.directory)
        #expect(dumped.contains("ANDROID_KEYSTORE"), "the rows were read")
        for value in S.values.map({ Array($0.utf8) }) + [Array(S.keystore.dropFirst(8).prefix(16))] {
            let hex = value.map { String(format: "%02x", $0) }.joined()
            #expect(!dumped.contains(String(decoding: value, as: UTF8.self)))
            #expect(!dumped.contains(hex))
            #expect(!dumped.contains(Data(value).base64EncodedString()))
        }
    }
}
