import DistributionFakes
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server
import TestSupport

extension AccessMatrixTests {
    /// What is wrong with an answer given the table's outcome for the credential sent; nil when right.
    static func problem(with answer: AccessAnswer, expected: AccessMatrix.Outcome, row: AccessMatrix.Row) -> String? {
        let status = answer.status.code
        switch expected {
        case .unauthorized:
            guard status == 401 else { return "answered \(status), the table says 401" }
            // A webhook's credential is its signature: no bearer challenge would help the sender.
            // The build cache's clients answer a Basic challenge.
            let signed = row.outcomes.allSatisfy { $0 == .unauthorized }
            let challenge = answer.headers[.wwwAuthenticate]
            let wanted = row.takesBasic ? #"Basic realm="mobile-ops""# : "Bearer"
            if signed ? challenge != nil : challenge != wanted { return "401 with WWW-Authenticate \(challenge ?? "missing")" }
        case .forbidden:
            guard status == 403 else { return "answered \(status), the table says 403" }
        case .ok:
            if status == 401 || status == 403 { return "refused with \(status), the table says ok" }
            // The router's own 404 and 405 mean the path was filled wrong, not that auth passed.
            if status == 405 || answer.text.contains("no endpoint") { return "no route answered (\(status))" }
            if status >= 500 { return "failed with \(status)" }
            let isPublic = row.outcomes.allSatisfy { $0 == .ok }
            if isPublic, !(200..<300).contains(status) { return "a public route answered \(status)" }
        }
        return nil
    }

    @Test("every route, called with every kind of credential, answers as the table says; token values stay out of the log and answers")
    func everyRouteEveryCredential() async throws {
        let logs = RecordedLogs()
        let matrix = try AccessMatrix.shipped()
        try await TestServer.make(logs: logs, configure: { ReleaseFiles.install(in: $0, train: nil) }).test { client in
            var fixture = try await AccessFixture.make(client)
            var problems: [String] = []
            var calls = 0
            for row in matrix.rows {
                let request = fixture.request(for: row)
                for column in AccessMatrix.Credential.allCases {
                    for credential in fixture.credentials[column] ?? [] {
                        let answer = try await request.send(client, operation: row.operation, authorization: credential.authorization, credential: credential.label)
                        fixture.answers.append(answer)
                        calls += 1
                        // The build cache takes the token as a Basic password: the admin token's
                        // Basic credentials are the admin's there.
                        let expected = row.takesBasic && credential.label == "Basic" ? row.outcome(.admin) : row.outcome(column)
                        if let problem = Self.problem(with: answer, expected: expected, row: row) {
                            problems.append("\(row.operation) with \(column.rawValue) (\(credential.label)): \(problem): \(answer.text.prefix(160))")
                        }
                    }
                    // A refused call is refused before its body is read: a broken body changes
                    // nothing. Not for webhooks, whose body names the repository whose secret signs it.
                    let signed = row.outcomes.allSatisfy { $0 == .unauthorized }
                    if row.outcome(column) != .ok, !signed, request.body != nil, let credential = fixture.credentials[column]?.first {
                        var broken = request
                        broken.body = "not json"
                        let answer = try await broken.send(client, operation: row.operation, authorization: credential.authorization, credential: credential.label)
                        fixture.answers.append(answer)
                        calls += 1
                        if let problem = Self.problem(with: answer, expected: row.outcome(column), row: row) {
                            problems.append("\(row.operation) with \(column.rawValue) (\(credential.label)) and a broken body: \(problem): \(answer.text.prefix(160))")
                        }
                    }
                }
            }
            #expect(calls > 1200)
            #expect(problems == [])
            // Calls let through get all the way: the filled paths and bodies are real.
            let succeeded = Set(fixture.answers.filter { $0.credential != "seeding" && (200..<300).contains($0.status.code) }.map(\.operation))
            let letThrough = Set(matrix.rows.filter { $0.outcomes.contains(.ok) }.map(\.operation))
            #expect(letThrough.subtracting(succeeded).subtracting(AccessFixture.refusedByTheHandler).sorted() == [])

            let secrets = fixture.secrets + Self.createdTokens(in: fixture.answers)
            #expect(Self.tokenLeaks(secrets, in: fixture.answers) == [])
            // The request lines are there to search: failures log at info, successes at debug.
            #expect(logs.all.filter { $0.contains("request") }.count >= calls)
            #expect(Self.loggedTokens(secrets, in: logs.all) == [])
        }
    }
}
