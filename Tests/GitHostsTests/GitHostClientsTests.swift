import Core
@testable import GitHosts
import HTTPClient
import Testing

/// The factory, commit statuses and the failures every client shares, against a recorder
/// instead of a host: what would go on the wire, and what each answer becomes.
@Suite("Git host clients: the factory, commit statuses, failures")
struct GitHostClientsTests {
    // MARK: Factory

    @Test("the factory answers each provider's own client")
    func factory() {
        let clients = GitHostClients(configuration: NotifierConfiguration(), http: RecordingHTTP())
        #expect(GitProvider.allCases.map { clients.client(for: $0).provider } == GitProvider.allCases)
        #expect(GitProvider.allCases.map { clients.client(for: $0).hostName } == ["GitHub", "GitLab", "Bitbucket"])
    }

    // MARK: Commit statuses

    @Test("GitHub: one POST to /repos/{owner}/{repo}/statuses/{sha} with a compact, sorted JSON body")
    func githubStatus() async throws {
        let http = RecordingHTTP([HTTPResponse(status: 201)])
        let configuration = NotifierConfiguration(githubAPIURL: "https://ghe.example.com/api/v3/", githubToken: "ghp-secret")
        let result = try await GitHubClient(configuration: configuration, http: http).postStatus(HostFixtures.status(), repository: "acme/ios-app")
        #expect(result == .posted)
        let request = try #require(http.requests.first)
        #expect(http.requests.count == 1)
        #expect(request.method == .post)
        #expect(request.url == "https://ghe.example.com/api/v3/repos/acme/ios-app/statuses/\(HostFixtures.sha)")
        #expect(HostFixtures.text(request) == #"{"context":"mobile-ops/ios-pr","description":"Build 7 (#6) passed","state":"success"}"#)
        #expect(request.timeout == .seconds(30))
    }

    @Test("GitLab: the project path is one encoded segment; a state the commit already shows is no failure")
    func gitlabAlreadyShown() async throws {
        let refusal = HTTPResponse(status: 400, body: HostFixtures.body(#"{"message": "Cannot transition status via :run from :running"}"#))
        let http = RecordingHTTP([refusal])
        let configuration = NotifierConfiguration(gitlabAPIURL: "https://gitlab.example.com/api/v4", gitlabToken: "glpat-secret")
        let result = try await GitLabClient(configuration: configuration, http: http).postStatus(
            HostFixtures.status(.running), repository: "acme/mobile/android")
        guard case .alreadyShown(let reason) = result else {
            Issue.record("expected the repeat to be already shown, got \(result)")
            return
        }
        #expect(reason.contains("GitLab already shows this state") && reason.contains("Cannot transition status via :run from :running"))
        #expect(http.requests.first?.url == "https://gitlab.example.com/api/v4/projects/acme%2Fmobile%2Fandroid/statuses/\(HostFixtures.sha)")
    }

    @Test("any other 400 from GitLab is not taken for a state already shown")
    func otherBadRequest() {
        let response = HTTPResponse(status: 400, body: HostFixtures.body(#"{"message": "400 Bad request - state does not have a valid value"}"#))
        #expect(GitLabStatusAPI.alreadyShown(response) == nil)
        let repeated = HTTPResponse(status: 400, body: HostFixtures.body(#"{"message": "Cannot transition status via :run from :running"}"#))
        #expect(GitLabStatusAPI.alreadyShown(repeated) != nil)
    }

    // MARK: Failures

    @Test("a refusal is permanent with the host's words; 429 is retried after Retry-After; a bad name sends nothing")
    func githubFailures() async {
        let http = RecordingHTTP([
            HTTPResponse(status: 422, body: HostFixtures.body(#"{"message":"Validation Failed"}"#)),
            HTTPResponse(status: 429, headers: ["Retry-After": "7"], body: HostFixtures.body("{}")),
        ])
        let client = GitHubClient(configuration: NotifierConfiguration(githubToken: "ghp-secret"), http: http)
        do {
            _ = try await client.postStatus(HostFixtures.status(), repository: "acme/ios-app")
            Issue.record("expected the 422 to fail")
        } catch {
            #expect(error.kind == .permanent && error.message == #"HTTP 422: {"message":"Validation Failed"}"#)
        }
        do {
            _ = try await client.postStatus(HostFixtures.status(), repository: "acme/ios-app")
            Issue.record("expected the 429 to fail")
        } catch {
            #expect(error.kind == .retry(after: .seconds(7)) && error.message == "HTTP 429: {}")
        }
        do {
            _ = try await client.postStatus(HostFixtures.status(), repository: "acme")
            Issue.record("expected the name to be refused")
        } catch {
            #expect(error.isPermanent && error.message == "repository name acme is not owner/repo, as GitHub needs")
        }
        #expect(http.requests.count == 2)
    }

    @Test("without a token nothing is sent: a status fails permanently, a branch cut names the variable to set")
    func missingToken() async {
        let http = RecordingHTTP()
        let clients = GitHostClients(configuration: NotifierConfiguration(), http: http)
        do {
            _ = try await clients.client(for: .github).postStatus(HostFixtures.status(), repository: "acme/ios-app")
            Issue.record("expected no status without a token")
        } catch {
            #expect(error.isPermanent && error.message == "no MOBILE_OPS_GITHUB_TOKEN configured")
        }
        do {
            _ = try await clients.client(for: .gitlab).cutBranch("release/1.0", from: "main", repository: "acme/app")
            Issue.record("expected no branch cut without a token")
        } catch {
            #expect(error.description == "no MOBILE_OPS_GITLAB_TOKEN is set to cut it through the GitLab API")
        }
        #expect(http.requests.isEmpty)
    }
}
