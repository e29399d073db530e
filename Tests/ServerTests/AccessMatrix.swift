@testable import Server

/// `OpenAPIAccessMatrix.table` parsed: for each operation, what each kind of credential gets.
struct AccessMatrix {
    /// A column of the table: the kind of credential a request carries.
    enum Credential: String, CaseIterable, Sendable {
        case none, malformed, revoked, read, write, admin, agent, register
    }

    /// A cell of the table.
    enum Outcome: String, Sendable {
        /// Let through to the handler: any answer but 401 and 403.
        case ok
        case unauthorized = "401"
        case forbidden = "403"
    }

    /// One line: `METHOD /path` and an outcome per credential, in column order.
    struct Row: Equatable, Sendable {
        var method: String
        var path: String
        var outcomes: [Outcome]

        /// `METHOD /path`, as `OpenAPITests.operations(in:)` names operations.
        var operation: String { "\(method) \(path)" }

        /// Whether the operation also takes the token as an HTTP Basic password: the build
        /// cache's (`/cache/…`), as the document's `basicAuth` scheme says
        /// (`AccessMatrixTests.basicOperationsAreTheCache`).
        var takesBasic: Bool { path.hasPrefix("/cache/") }

        /// The outcome for `credential`.
        func outcome(_ credential: Credential) -> Outcome {
            outcomes[Credential.allCases.firstIndex(of: credential) ?? 0]
        }
    }

    /// A line of the table that does not parse.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    let rows: [Row]

    /// Parses a table: a header naming the columns in `Credential` order, then one line per operation.
    init(parsing text: String) throws {
        var lines = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.filter { !$0.isEmpty }
        let header = ["METHOD", "PATH"] + Credential.allCases.map(\.rawValue)
        guard lines.first == header else {
            throw Problem(description: "the header must be \(header.joined(separator: " "))")
        }
        lines.removeFirst()
        rows = try lines.map { words in
            let outcomes = words.dropFirst(2).compactMap(Outcome.init(rawValue:))
            guard words.count == 2 + Credential.allCases.count, outcomes.count == Credential.allCases.count else {
                throw Problem(description: "not METHOD /path and \(Credential.allCases.count) outcomes (ok, 401, 403): \(words.joined(separator: " "))")
            }
            return Row(method: words[0], path: words[1], outcomes: outcomes)
        }
    }

    /// The table the server's source carries.
    static func shipped() throws -> AccessMatrix {
        try AccessMatrix(parsing: OpenAPIAccessMatrix.table)
    }

    /// The row an operation with `x-mobile-ops-scope` `scope` must have; `registration` for the
    /// one agent operation that takes a registration token instead of an agent token. Nil for an
    /// unknown scope.
    static func row(scope: String, registration: Bool = false) -> [Outcome]? {
        let allowed: Set<Credential>
        switch scope {
        case "none": allowed = Set(Credential.allCases)
        case "read": allowed = [.read, .write, .admin]
        case "write": allowed = [.write, .admin]
        case "admin": allowed = [.admin]
        case "agent": allowed = registration ? [.register] : [.agent]
        case "signature": allowed = []
        default: return nil
        }
        // A valid API token that lacks the scope is known but not enough: 403. Everything
        // else refused is not a credential for this operation at all: 401.
        let apiScopes: Set<Credential> = ["read", "write", "admin"].contains(scope) ? [.read, .write, .admin] : []
        return Credential.allCases.map { credential in
            allowed.contains(credential) ? .ok : apiScopes.contains(credential) ? .forbidden : .unauthorized
        }
    }
}
