import Core
import Foundation
import GitHosts
import HTTPClient
import Notifications
import Store
import StoreSQLite
import Testing
import TestSupport

@Suite("Commit statuses reach each provider's API as documented")
struct CommitStatusNotifierTests {
    // MARK: Fixtures

    /// Sends one status per build state for a repository and returns what the fake received.
    private func sendEveryState(
        repositoryName: String, provider: GitProvider, configuration: @escaping @Sendable (String) -> NotifierConfiguration
    ) async throws -> [(BuildState, FakeGitHost.Recorded)] {
        try await FakeGitHost.run { host, baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            let repository = try await store.repository(repositoryName, provider: provider)
            let build = try await store.build(in: repository)
            return try await withClient { client in
                var received: [(BuildState, FakeGitHost.Recorded)] = []
                for state in BuildState.allCases {
                    try store.setState(state, of: build)
                    let notifier = CommitStatusNotifier(
                        configuration: configuration(baseURL), http: client, repositories: store.database,
                        builds: store.database, logger: testLogger()
                    )
                    let outcome = await notifier.deliver(try commitStatusMessage(for: build, state: state))
                    #expect(outcome == .delivered, "\(state)")
                    let requests = await host.requests
                    received.append((state, try #require(requests.last)))
                }
                #expect(await host.requests.count == BuildState.allCases.count)
                return received
            }
        }
    }

    private static let sha = "0123456789abcdef0123456789abcdef01234567"

    // MARK: Providers

    @Test("GitHub: POST /repos/{owner}/{repo}/statuses/{sha} with bearer token, API version and mapped states")
    func github() async throws {
        let received = try await sendEveryState(repositoryName: "acme/ios-app", provider: .github) { base in
            NotifierConfiguration(githubAPIURL: base + "/api/v3/", githubToken: "ghp-secret", publicURL: "https://ci.example.com/")
        }
        let expected: [BuildState: String] = [.pending: "pending", .running: "pending", .passed: "success", .failed: "failure", .canceled: "error"]
        for (state, request) in received {
            #expect(request.method == "POST")
            #expect(request.path == "/api/v3/repos/acme/ios-app/statuses/\(Self.sha)")
            #expect(request.headers["authorization"] == "Bearer ghp-secret")
            #expect(request.headers["accept"] == "application/vnd.github+json")
            #expect(request.headers["x-github-api-version"] == "2022-11-28")
            #expect(request.headers["user-agent"] == "mobile-ops")
            #expect(request.headers["content-type"] == "application/json")
            let json = try #require(request.json)
            #expect(json["state"] == expected[state], "\(state)")
            #expect(json["context"] == "mobile-ops/ios-pr")
            let link = try #require(json["target_url"])
            #expect(link.hasPrefix("https://ci.example.com/builds/"))
            // The sentence names the build as its link does (by id), its number in brackets.
            let id = link.dropFirst("https://ci.example.com/builds/".count)
            #expect(json["description"]?.hasPrefix("Build \(id) (#1) ") == true, "\(json["description"] ?? "")")
        }
    }

    @Test("GitLab: POST /projects/{encoded path}/statuses/{sha} with PRIVATE-TOKEN and GitLab's states")
    func gitlab() async throws {
        let received = try await sendEveryState(repositoryName: "acme/mobile/android", provider: .gitlab) { base in
            NotifierConfiguration(gitlabAPIURL: base + "/api/v4", gitlabToken: "glpat-secret")
        }
        let expected: [BuildState: String] = [.pending: "pending", .running: "running", .passed: "success", .failed: "failed", .canceled: "canceled"]
        for (state, request) in received {
            #expect(request.method == "POST")
            #expect(request.path == "/api/v4/projects/acme%2Fmobile%2Fandroid/statuses/\(Self.sha)")
            #expect(request.headers["private-token"] == "glpat-secret")
            #expect(request.headers["authorization"] == nil)
            let json = try #require(request.json)
            #expect(json["state"] == expected[state], "\(state)")
            #expect(json["name"] == "mobile-ops/ios-pr")
            #expect(json["target_url"] == nil, "no public URL configured, so no link")
        }
    }

    @Test("Bitbucket: POST /2.0/repositories/{workspace}/{slug}/commit/{sha}/statuses/build with key, url and its states")
    func bitbucket() async throws {
        let received = try await sendEveryState(repositoryName: "acme/ios-app", provider: .bitbucket) { base in
            NotifierConfiguration(bitbucketAPIURL: base, bitbucketToken: "bb-secret", publicURL: "https://ci.example.com")
        }
        let expected: [BuildState: String] = [.pending: "INPROGRESS", .running: "INPROGRESS", .passed: "SUCCESSFUL", .failed: "FAILED", .canceled: "STOPPED"]
        for (state, request) in received {
            #expect(request.method == "POST")
            #expect(request.path == "/2.0/repositories/acme/ios-app/commit/\(Self.sha)/statuses/build")
            #expect(request.headers["authorization"] == "Bearer bb-secret")
            let json = try #require(request.json)
            #expect(json["state"] == expected[state], "\(state)")
            #expect(json["key"] == "mobile-ops-ios-pr")
            #expect(json["name"] == "mobile-ops/ios-pr")
            #expect(json["url"]?.hasPrefix("https://ci.example.com/builds/") == true)
            #expect(json["description"]?.isEmpty == false)
        }
    }

    @Test("Bitbucket: an app password (user:password) is sent as basic auth")
    func bitbucketAppPassword() async throws {
        let received = try await sendEveryState(repositoryName: "acme/ios-app", provider: .bitbucket) { base in
            NotifierConfiguration(bitbucketAPIURL: base, bitbucketToken: "jdoe:app-pass")
        }
        let request = try #require(received.first?.1)
        #expect(request.headers["authorization"] == "Basic " + Data("jdoe:app-pass".utf8).base64EncodedString())
        // Bitbucket requires a link: without a public URL the commit page stands in.
        #expect(request.json?["url"] == "https://bitbucket.org/acme/ios-app/commits/\(Self.sha)")
    }
}
