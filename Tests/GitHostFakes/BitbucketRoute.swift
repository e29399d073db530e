import Foundation
import TestSupport

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
