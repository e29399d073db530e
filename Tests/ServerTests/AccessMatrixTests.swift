import Foundation
import Testing
@testable import Server

/// The access table (`OpenAPIAccessMatrix`) against the OpenAPI document, and against the
/// server's answers (`+Calls`, `+Secrets`, `+OutsideTheHeader`).
@Suite("Access control matrix: who may call what")
struct AccessMatrixTests {
    /// The document's operations with their `x-mobile-ops-scope` and whether they take a registration token.
    static func documentedScopes() async throws -> [String: (scope: String, registration: Bool)] {
        let document = try await OpenAPITests.generatedDocument()
        var scopes: [String: (String, Bool)] = [:]
        for (path, item) in document["paths"]?.members ?? [:] {
            for (method, operation) in item.members ?? [:] {
                let schemes = (operation["security"]?.elements ?? []).flatMap { $0.members?.keys.map { $0 } ?? [] }
                scopes["\(method.uppercased()) \(path)"] = (operation["x-mobile-ops-scope"]?.string ?? "?", schemes.contains("registrationToken"))
            }
        }
        return scopes
    }

    /// Where the table and the document disagree, as readable lines; empty when they agree.
    static func disagreements(_ matrix: AccessMatrix, _ documented: [String: (scope: String, registration: Bool)]) -> [String] {
        let tabled = Set(matrix.rows.map(\.operation))
        var problems = OpenAPITests.mismatches(routes: tabled, documented: Set(documented.keys))
            .map { $0.replacingOccurrences(of: "undocumented route", with: "in the table, not the document").replacingOccurrences(of: "documented but not routed", with: "in the document, not the table") }
        let counts = Dictionary(grouping: matrix.rows, by: \.operation).filter { $0.value.count > 1 }
        problems += counts.keys.sorted().map { "twice in the table: \($0)" }
        for row in matrix.rows {
            guard let (scope, registration) = documented[row.operation] else { continue }
            guard let expected = AccessMatrix.row(scope: scope, registration: registration) else {
                problems.append("\(row.operation): unknown x-mobile-ops-scope \(scope)")
                continue
            }
            if row.outcomes != expected {
                let cells = { (outcomes: [AccessMatrix.Outcome]) in outcomes.map(\.rawValue).joined(separator: " ") }
                problems.append("\(row.operation): the table says \(cells(row.outcomes)), x-mobile-ops-scope \(scope) means \(cells(expected))")
            }
        }
        return problems
    }

    @Test("the table covers exactly the document's operations, and agrees with each x-mobile-ops-scope")
    func agreesWithTheDocument() async throws {
        let matrix = try AccessMatrix.shipped()
        let documented = try await Self.documentedScopes()
        #expect(matrix.rows.count == documented.count)
        #expect(matrix.rows.count > 60)
        #expect(Self.disagreements(matrix, documented) == [])
    }

    @Test("the operations that take the token as a Basic password (basicAuth) are exactly the build cache's")
    func basicOperationsAreTheCache() async throws {
        let document = try await OpenAPITests.generatedDocument()
        var basic: [String] = []
        var cache: [String] = []
        for (path, item) in document["paths"]?.members ?? [:] {
            for (method, operation) in item.members ?? [:] {
                let schemes = (operation["security"]?.elements ?? []).flatMap { $0.members?.keys.map { $0 } ?? [] }
                if schemes.contains("basicAuth") { basic.append("\(method.uppercased()) \(path)") }
                if AccessMatrix.Row(method: method.uppercased(), path: path, outcomes: []).takesBasic { cache.append("\(method.uppercased()) \(path)") }
            }
        }
        #expect(basic.count == 16)
        #expect(basic.sorted() == cache.sorted())
    }

    @Test("the comparison catches a missing, extra, doubled or different line")
    func comparisonFailsEachWay() throws {
        let header = "METHOD PATH none malformed revoked read write admin agent register\n"
        let documented: [String: (scope: String, registration: Bool)] = [
            "GET /healthz": ("none", false), "POST /api/v1/builds": ("write", false), "POST /api/v1/agents/register": ("agent", true),
        ]
        let good = try AccessMatrix(parsing: header + """
            GET /healthz ok ok ok ok ok ok ok ok
            POST /api/v1/builds 401 401 401 403 ok ok 401 401
            POST /api/v1/agents/register 401 401 401 401 401 401 401 ok
            """)
        #expect(Self.disagreements(good, documented) == [])
        let readable = try AccessMatrix(parsing: header + """
            GET /healthz ok ok ok ok ok ok ok ok
            GET /healthz ok ok ok ok ok ok ok ok
            POST /api/v1/builds 401 401 401 ok ok ok 401 401
            POST /api/v1/agents/register 401 401 401 401 401 401 ok 401
            GET /api/v1/extra ok ok ok ok ok ok ok ok
            """)
        #expect(Self.disagreements(readable, documented) == [
            "in the table, not the document: GET /api/v1/extra",
            "twice in the table: GET /healthz",
            "POST /api/v1/builds: the table says 401 401 401 ok ok ok 401 401, x-mobile-ops-scope write means 401 401 401 403 ok ok 401 401",
            "POST /api/v1/agents/register: the table says 401 401 401 401 401 401 ok 401, x-mobile-ops-scope agent means 401 401 401 401 401 401 401 ok",
        ])
        let short = try AccessMatrix(parsing: header + "GET /healthz ok ok ok ok ok ok ok ok")
        #expect(Self.disagreements(short, documented) == [
            "in the document, not the table: POST /api/v1/agents/register", "in the document, not the table: POST /api/v1/builds",
        ])
        #expect(throws: AccessMatrix.Problem.self) { try AccessMatrix(parsing: header + "GET /healthz ok ok ok ok ok ok ok") }
        #expect(throws: AccessMatrix.Problem.self) { try AccessMatrix(parsing: header + "GET /healthz ok ok ok ok ok ok ok 200") }
        #expect(throws: AccessMatrix.Problem.self) { try AccessMatrix(parsing: "METHOD PATH none read\nGET /healthz ok ok") }
    }
}
