import Foundation
import HTTPTypes
import Testing
@testable import Server

extension AccessMatrixTests {
    /// The token values the creating answers handed out (`token` of a 201).
    static func createdTokens(in answers: [AccessAnswer]) -> [String] {
        answers.filter { AccessAnswer.creators.contains($0.operation) && $0.status == .created }.compactMap { $0.json["token"] as? String }
    }

    /// Token values seen where they must not be: more than once over all answers, or in an
    /// answer that does not create tokens. Each as a readable line; empty when none.
    static func tokenLeaks(_ secrets: [String], in answers: [AccessAnswer]) -> [String] {
        var leaks: [String] = []
        for secret in Set(secrets) {
            let seen = answers.flatMap { answer in
                Array(repeating: answer, count: answer.everything.components(separatedBy: secret).count - 1)
            }
            let wrongPlaces = seen.filter { !AccessAnswer.creators.contains($0.operation) }
            if seen.count > 1 || !wrongPlaces.isEmpty {
                let places = seen.map { "\($0.operation) (\($0.credential), \($0.status.code))" }.joined(separator: ", ")
                leaks.append("\(secret.prefix(12))… appears \(seen.count) times: \(places)")
            }
        }
        return leaks.sorted()
    }

    /// The log lines holding any of `secrets`, with the secret's start; empty when none.
    static func loggedTokens(_ secrets: [String], in lines: [String]) -> [String] {
        Set(secrets).flatMap { secret in
            lines.filter { $0.contains(secret) }.map { "\(secret.prefix(12))… in: \($0.prefix(300))" }
        }.sorted()
    }

    @Test("the leak checks find a token answered twice, answered outside token creation, or logged")
    func leakChecksFindLeaks() {
        let token = "mo_0123456789ab_" + String(repeating: "f", count: 64)
        let answer = { (operation: String, text: String) in
            AccessAnswer(operation: operation, credential: "admin", status: .created, headers: [:], text: text)
        }
        let created = answer("POST /api/v1/tokens", #"{"id": "0123456789ab", "token": "\#(token)"}"#)
        #expect(Self.createdTokens(in: [created]) == [token])
        #expect(Self.tokenLeaks([token], in: [created, answer("GET /api/v1/tokens", "[]")]) == [])
        #expect(Self.tokenLeaks([token], in: [answer("POST /api/v1/tokens", #"{"token": "\#(token)", "again": "\#(token)"}"#)]).count == 1)
        #expect(Self.tokenLeaks([token], in: [created, answer("GET /api/v1/audit", "by \(token)")]).count == 1)
        var header = answer("GET /healthz", "{}")
        header.headers[.init("X-Echo")!] = token
        #expect(Self.tokenLeaks([token], in: [header]).count == 1)
        #expect(Self.loggedTokens([token], in: ["info request [\"path\": /healthz]"]) == [])
        #expect(Self.loggedTokens([token], in: ["info request [\"authorization\": Bearer \(token)]"]).count == 1)
    }
}
