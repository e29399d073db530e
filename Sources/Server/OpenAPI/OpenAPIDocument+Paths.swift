import Foundation
import Hummingbird

extension OpenAPIDocument {
    /// The document's `paths` object, made from the routes the router serves: one member per
    /// path (`:id` written `{id}`), sorted, with one operation per route on it.
    ///
    /// Each operation is the route's `OpenAPIOperation` plus what follows from the route
    /// itself (see `OpenAPIOperation`), so the document cannot list a route the router lacks
    /// or miss one it has.
    static func paths(_ routes: [Route]) -> String {
        var operations: [String: [String]] = [:]
        for route in routes {
            let method = route.method.rawValue.lowercased()
            operations[openAPIPath(route.path), default: []].append(OpenAPIJSON.member(method, operation(route)))
        }
        let members = operations.keys.sorted().map { path in
            OpenAPIJSON.member(path, OpenAPIJSON.object(operations[path] ?? []))
        }
        return "{\n" + members.joined(separator: ",\n") + "\n}"
    }

    /// A router path in OpenAPI's spelling: `/api/v1/builds/:id` → `/api/v1/builds/{id}`, and
    /// the rest of the path (`**`) → `{path}`.
    static func openAPIPath(_ routerPath: String) -> String {
        "/" + segments(routerPath).map { $0 == "**" ? "{path}" : $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
    }

    /// The `operationId` made from the method and the path after `/api/v1`: the method, then
    /// each word of the path capitalised, parameters by their names (`POST /api/v1/builds/:id/cancel`
    /// → `postBuildsIdCancel`, `GET /feed.json` → `getFeedJson`); the rest of a path (`**`) is `Path`.
    static func operationID(_ method: HTTPRequest.Method, _ routerPath: String) -> String {
        let path = (routerPath.hasPrefix("/api/v1/") ? String(routerPath.dropFirst("/api/v1".count)) : routerPath)
            .replacingOccurrences(of: "**", with: "path")
        let words = path.split(whereSeparator: { "/.-:".contains($0) })
        return method.rawValue.lowercased() + words.map { String($0.prefix(1)).uppercased() + String($0.dropFirst()) }.joined()
    }

    // MARK: One operation

    /// The route's OpenAPI Operation Object.
    private static func operation(_ route: Route) -> String {
        let declared = route.openAPI
        let access = OpenAPIAccess(scope: route.scope, caller: declared.caller, basic: route.acceptsBasic)
        var members = [
            OpenAPIJSON.member("operationId", OpenAPIJSON.quoted(declared.operationID ?? operationID(route.method, route.path))),
            OpenAPIJSON.member("summary", OpenAPIJSON.quoted(declared.summary)),
        ]
        if !declared.description.isEmpty {
            members.append(OpenAPIJSON.member("description", OpenAPIJSON.quoted(declared.description.joined(separator: " "))))
        }
        members += [
            OpenAPIJSON.member("tags", OpenAPIJSON.array([OpenAPIJSON.quoted(declared.tag)])),
            OpenAPIJSON.member("x-mobile-ops-scope", OpenAPIJSON.quoted(access.scope)),
            OpenAPIJSON.member("security", OpenAPIJSON.array(access.schemes.map { OpenAPIJSON.object([OpenAPIJSON.member($0, "[]")]) })),
        ]
        if !declared.parameters.isEmpty {
            members.append(OpenAPIJSON.member("parameters", OpenAPIJSON.array(declared.parameters.map(\.jsonText))))
        }
        if let body = declared.body { members.append(OpenAPIJSON.member("requestBody", body.jsonText)) }
        members.append(OpenAPIJSON.member("responses", responses(route, access: access)))
        return OpenAPIJSON.object(members)
    }

    /// The `responses` object: the answers the route implies, then the shared errors it
    /// declares, then its own answers, each replacing an earlier one of the same status.
    private static func responses(_ route: Route, access: OpenAPIAccess) -> String {
        var byStatus: [Int: String] = [500: shared("InternalError")]
        if access.takesToken { byStatus[401] = shared("Unauthorized") }
        if access.hasScopes { byStatus[403] = shared("Forbidden") }
        // The router refuses any declared body over the limit; only these methods send one.
        if route.method == .post || route.method == .put { byStatus[413] = shared("PayloadTooLarge") }
        for error in route.openAPI.errors { byStatus[error.status] = shared(error.rawValue) }
        for answer in route.openAPI.answers { byStatus[answer.status] = answer.jsonText }
        return OpenAPIJSON.object(byStatus.keys.sorted().map { status in
            OpenAPIJSON.member(String(status), byStatus[status] ?? "{}")
        })
    }

    /// A reference to the shared answer `name` in `components.responses`.
    private static func shared(_ name: String) -> String {
        OpenAPIJSON.object([OpenAPIJSON.member("$ref", OpenAPIJSON.quoted("#/components/responses/" + name))])
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}
