import Core
import Foundation
import GitHosts
import HTTPClient
import Notifications
import Testing

@Suite("Backoff, Retry-After and configuration")
struct DeliveryPolicyTests {
    // MARK: Backoff

    @Test("backoff doubles from the initial wait and stops at the cap")
    func exponentialBackoff() {
        let policy = BackoffPolicy(initial: .seconds(2), maximum: .seconds(600), jitter: 0)
        let delays = (1...11).map { policy.delay(afterAttempt: $0) }
        #expect(delays == [2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600].map { Duration.seconds($0) })
        #expect(policy.delay(afterAttempt: 10_000) == .seconds(600))
        #expect(policy.delay(afterAttempt: -3) == .seconds(2))
    }

    @Test("jitter only shortens a wait, by at most its fraction; Retry-After wins up to its cap")
    func jitterAndRetryAfter() {
        let policy = BackoffPolicy(initial: .seconds(10), maximum: .seconds(600), jitter: 0.2, maximumRetryAfter: .seconds(60))
        #expect(policy.delay(afterAttempt: 1, random: { $0.lowerBound }) == .seconds(8))
        #expect(policy.delay(afterAttempt: 1, random: { $0.upperBound }) == .seconds(10))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(30), random: { $0.upperBound }) == .seconds(30))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(3600), random: { $0.upperBound }) == .seconds(60))
    }

    // MARK: Classification

    @Test("Retry-After as an HTTP date, and GitHub's rate-limit reset, become waits")
    func retryAfterForms() {
        let now = Date(timeIntervalSince1970: 1_445_412_470)  // 2015-10-21 07:27:50 GMT
        let dated = HTTPClient.Response(status: 503, headers: ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"])
        #expect(OutboxDeliveryOutcome.classify(dated, now: now) == .retry("HTTP 503: (empty body)", retryAfter: .seconds(10)))
        let limited = HTTPClient.Response(
            status: 403, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "\(Int(now.timeIntervalSince1970) + 90)"]
        )
        #expect(OutboxDeliveryOutcome.classify(limited, now: now) == .retry("rate limited; HTTP 403: (empty body)", retryAfter: .seconds(90)))
        #expect(OutboxDeliveryOutcome.classify(HTTPClient.Response(status: 403)) == .permanentFailure("HTTP 403: (empty body)"))
        #expect(OutboxDeliveryOutcome.classify(HTTPClient.Response(status: 408)) == .retry("HTTP 408: (empty body)", retryAfter: nil))
        #expect(OutboxDeliveryOutcome.classify(HTTPClient.Response(status: 204)) == .delivered)
    }

    @Test("transport errors: network trouble retries, bad requests are permanent, shutdown interrupts")
    func transportErrors() {
        #expect(OutboxDeliveryOutcome.classify(HTTPClientError.timedOut("slow")) == .retry("timed out: slow", retryAfter: nil))
        #expect(OutboxDeliveryOutcome.classify(HTTPClientError.invalidURL("x")) == .permanentFailure("invalid URL: x"))
        #expect(OutboxDeliveryOutcome.classify(HTTPClientError.cancelled) == .interrupted)
        #expect(OutboxDeliveryOutcome.classify(HTTPClientError.shutDown) == .interrupted)
    }

    @Test("a long error body is cut to an excerpt on one line")
    func bodyExcerpt() {
        let body = Array(("line one\nline two " + String(repeating: "x", count: 1000)).utf8)
        guard case .permanentFailure(let error) = OutboxDeliveryOutcome.classify(HTTPClient.Response(status: 400, body: body)) else {
            Issue.record("400 must be permanent")
            return
        }
        #expect(error.hasPrefix("HTTP 400: line one line two xxx"))
        #expect(error.count < 320)
    }

    // MARK: Configuration

    @Test("the environment sets API roots, tokens and the public URL; description hides tokens")
    func environment() {
        let configuration = NotifierConfiguration.fromEnvironment([
            "MOBILE_OPS_GITHUB_API_URL": "https://github.example.com/api/v3/",
            "MOBILE_OPS_GITHUB_TOKEN": "ghp-very-secret",
            "MOBILE_OPS_GITLAB_TOKEN": "  ",
            "MOBILE_OPS_BITBUCKET_TOKEN": "bb-very-secret",
            "MOBILE_OPS_PUBLIC_URL": "https://ci.example.com/",
        ])
        #expect(configuration.githubAPIURL == "https://github.example.com/api/v3")
        #expect(configuration.token(for: .github) == "ghp-very-secret")
        #expect(configuration.token(for: .gitlab) == nil, "a blank variable is unset")
        #expect(configuration.apiURL(for: .gitlab) == "https://gitlab.com/api/v4")
        #expect(configuration.apiURL(for: .bitbucket) == "https://api.bitbucket.org")
        #expect(configuration.targetURL(buildID: 42) == "https://ci.example.com/builds/42")
        #expect(!configuration.description.contains("secret"))
        #expect(NotifierConfiguration.fromEnvironment([:]) == NotifierConfiguration())
    }
}
