import Foundation

/// Finds the HTTP calls a client's source text makes: the CLI's Swift (`client.get("/api/v1/builds/\(id)", …)`)
/// and the dashboard's scripts (`get("/api/v1/builds/" + id + "/tests")`), each as a method and
/// a path template.
///
/// A path is read from its string literals: an interpolation or a concatenated expression right
/// after a `/` is a path parameter (`{param}`); after a `?`, or an expression that builds a query
/// (its text holds `query` or a `"?` literal), it is the query and left out. Anything else is
/// reported as unreadable, as is a path literal in no call this scanner recognises, so a new
/// way of calling cannot slip past the check unseen.
struct APICallScanner {
    /// A call: `METHOD /path/{param}` and where it is (`file:line`).
    struct Call: Hashable, CustomStringConvertible {
        /// `GET`, `POST`, `PUT` or `DELETE`.
        var method: String
        /// The path template, parameters as `{param}`, without the query.
        var path: String
        /// `file:line` of the path.
        var location: String
        /// `METHOD /path (file:line)`.
        var description: String { "\(method) \(path) (\(location))" }
    }

    /// The calls found.
    private(set) var calls: [Call] = []
    /// What looked like a call but could not be read, as `file:line: why`.
    private(set) var unreadable: [String] = []

    /// The Swift client's request methods and their HTTP methods (`stream` is a `GET` read as it arrives).
    static let swiftMethods = ["get": "GET", "getRaw": "GET", "stream": "GET", "post": "POST", "put": "PUT", "delete": "DELETE"]
    /// The dashboard script's helpers (all `GET`) and `fetch`.
    static let scriptFunctions = ["get", "optional", "request", "fetch", "send"]

    /// Scans one Swift file of the CLI.
    mutating func scanSwift(_ text: String, file: String) {
        let source = SourceText(text, script: false)
        for literal in source.literals() where literal.isAPIPath {
            let location = "\(file):\(source.line(of: literal.start))"
            guard let path = source.pathTemplate(startingAt: literal.start) else {
                unreadable.append("\(location): cannot read the path"); continue
            }
            if let method = source.calledMethod(before: literal.start, among: Self.swiftMethods) {
                calls.append(Call(method: method, path: path, location: location))
            } else if let name = source.assignedName(before: literal.start),
                      let method = source.methodCalled(with: name, after: literal.start, among: Self.swiftMethods) {
                calls.append(Call(method: method, path: path, location: location))
            } else {
                unreadable.append("\(location): a path in no recognised call")
            }
        }
    }

    /// Scans one file holding dashboard scripts: every call of `get`, `optional`, `request` or `fetch`.
    mutating func scanScript(_ text: String, file: String) {
        let source = SourceText(text, script: true)
        var used = Set<Int>()
        for (name, argument) in source.calls(of: Self.scriptFunctions) {
            let location = "\(file):\(source.line(of: argument))"
            if name == "send" {
                // `send("POST", "/api/v1/…", body)`: the method, then the path; the helper's own
                // definition passes its `method` parameter on.
                if source.isIdentifier("method", at: argument) { continue }
                guard let method = source.literal(at: argument)?.pieces.first?.text, let start = source.argument(afterLiteralAt: argument),
                      source.startsWithLiteral(at: start), let path = source.pathTemplate(startingAt: start)
                else {
                    unreadable.append("\(location): send( without a method literal and a path literal"); continue
                }
                calls.append(Call(method: method.uppercased(), path: path, location: location))
                used.insert(start)
            } else if source.startsWithLiteral(at: argument) {
                guard let path = source.pathTemplate(startingAt: argument) else {
                    unreadable.append("\(location): cannot read the path"); continue
                }
                let method = name == "fetch" ? source.fetchMethod(after: argument) : "GET"
                calls.append(Call(method: method, path: path, location: location))
                used.insert(argument)
            } else if !source.isIdentifier("path", at: argument) {
                // The helpers pass their own `path` parameter on; any other argument is a call we cannot read.
                unreadable.append("\(location): \(name)( with an argument that is not a path literal")
            }
        }
        for literal in source.literals() where literal.isAPIPath && !used.contains(literal.start) {
            unreadable.append("\(file):\(source.line(of: literal.start)): a path in no recognised call")
        }
    }

    /// The calls that match no operation of `operations` (`METHOD /path/{name}`): a `{param}`
    /// matches any template segment, a literal segment itself or a template segment.
    func undocumented(in operations: Set<String>) -> [Call] {
        let templates = operations.map { operation -> (String, [Substring]) in
            let parts = operation.split(separator: " ", maxSplits: 1)
            return (String(parts.first ?? ""), (parts.last ?? "").split(separator: "/", omittingEmptySubsequences: false))
        }
        return calls.filter { call in
            let segments = call.path.split(separator: "/", omittingEmptySubsequences: false)
            return !templates.contains { method, template in
                method == call.method && template.count == segments.count && zip(template, segments).allSatisfy { documented, called in
                    let isTemplate = documented.hasPrefix("{") && documented.hasSuffix("}")
                    return called == "{param}" ? isTemplate : (isTemplate || documented == called)
                }
            }
        }
    }
}
