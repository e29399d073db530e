import Foundation
import TestSupport

// MARK: - FakeRequest

/// One request as a fake git host received it, whichever server hosts the fake.
public struct FakeRequest: Sendable {
    /// `GET`, `POST`, `PUT`, `PATCH`, `DELETE`.
    public var method: String
    /// The path, percent-encoding intact (GitLab's `group%2Fproject` stays one segment).
    public var path: String
    /// The query's parameters, decoded; a name given twice keeps its last value.
    public var query: [String: String]
    /// Header values by lower-case name.
    public var headers: [String: String]
    /// The body's bytes.
    public var body: [UInt8]

    /// Wraps a received request; `rawQuery` is the part after `?`, undecoded.
    public init(method: String, path: String, rawQuery: String?, headers: [String: String], body: [UInt8]) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        var query: [String: String] = [:]
        for pair in (rawQuery ?? "").split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ") }
            query[parts[0].removingPercentEncoding ?? parts[0]] = parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : ""
        }
        self.query = query
    }

    /// The path's segments, each still percent-encoded.
    var segments: [String] { path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init) }

    /// The body as JSON, or nil when it is not JSON.
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(body)) }

    /// Whether the body is declared as JSON.
    var isJSON: Bool { headers["content-type"]?.lowercased().hasPrefix("application/json") == true }
}

// MARK: - FakeResponse

/// A fake's answer: what ``LoopbackGitHost`` sends back.
public typealias FakeResponse = LoopbackResponse

extension LoopbackResponse {
    /// An answer whose body is `object` as JSON.
    static func json(_ status: Int, _ object: Any, headers: [String: String] = [:]) -> FakeResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return FakeResponse(status: status, body: String(decoding: data, as: UTF8.self), headers: headers)
    }
}

// MARK: - FakeGitHostAPI

/// A provider's API as a fake keeps it: state changed only by requests the docs allow.
public protocol FakeGitHostAPI: Sendable {
    /// Answers one request, changing the fake's state only when it succeeds.
    mutating func handle(_ request: FakeRequest) -> FakeResponse
}

// MARK: - JSON checks

/// Type checks shared by the fakes: JSON numbers come back from `JSONSerialization` as
/// `NSNumber`, whose booleans (type encoding `c`) must not pass for integers and the other
/// way round.
enum JSONCheck {
    /// `value` as an integer, when it is a JSON integer (not a boolean, not a fraction).
    static func int(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        let double = number.doubleValue
        return double.rounded() == double ? number.intValue : nil
    }

    /// `value` as a JSON boolean.
    static func bool(_ value: Any?) -> Bool? {
        guard let number = value as? NSNumber, isBoolean(number) else { return nil }
        return number.boolValue
    }

    private static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    /// Whether `text` is an absolute http(s) URL.
    static func isURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host != nil
    }

    /// Whether `text` is a 40- or 64-digit hex object name.
    static func isSHA(_ text: String) -> Bool {
        (text.count == 40 || text.count == 64) && text.allSatisfy(\.isHexDigit)
    }
}

// MARK: - Bitbucket

/// What the Bitbucket fakes (FakeBitbucketBranches, FakeBitbucketReports) share: Bitbucket's
/// error body, and the checks every request passes first, its `Authorization` value and then
/// a path under the one repository the fake holds.
enum BitbucketRoute {
    /// Bitbucket's error answer: `{"type": "error", "error": {"message": …}}` with `status`.
    static func error(_ status: Int, _ message: String) -> FakeResponse {
        .json(status, ["type": "error", "error": ["message": message] as [String: Any]])
    }

    /// Why `request` is refused before its route is looked at: 401 without the `authorization`
    /// value, 404 unless its path is `/2.0/repositories/{workspace}/{slug}/` for `repository`
    /// followed by `pattern` (a nil there stands for any one segment); nil when it passes.
    static func refusal(of request: FakeRequest, authorization: String, repository: String, under pattern: [String?]) -> FakeResponse? {
        guard request.headers["authorization"] == authorization else { return error(401, "Unauthorized") }
        let parts = request.segments
        guard parts.count >= 4 + pattern.count, parts[0] == "2.0", parts[1] == "repositories", "\(parts[2])/\(parts[3])" == repository,
              zip(parts.dropFirst(4), pattern).allSatisfy({ part, expected in expected.map { $0 == part } ?? true })
        else { return error(404, "Resource not found") }
        return nil
    }

    /// `response`, first noted in `refusals` with the request's method and path when it is a
    /// refusal (a status of 400 or more).
    static func recording(_ response: FakeResponse, for request: FakeRequest, in refusals: inout [String]) -> FakeResponse {
        if response.status >= 400 { refusals.append("\(request.method) \(request.path): \(response.status) \(response.body)") }
        return response
    }
}
