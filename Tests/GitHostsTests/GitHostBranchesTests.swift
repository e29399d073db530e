import Core
import Foundation
@testable import GitHosts
import HTTPClient
import Testing

/// Release branch cuts and the compares behind release notes, against a recorder: each
/// host's requests in order, and what its answers become.
@Suite("Git host clients: branch cuts and compares")
struct GitHostBranchesTests {
    // MARK: Branch cuts

    @Test("GitHub: reads the head of the base, then creates the ref; 422 'already exists' counts as cut")
    func githubCut() async throws {
        let http = RecordingHTTP([
            HTTPResponse(status: 200, body: HostFixtures.body(#"{"object":{"sha":"abc123"}}"#)),
            HTTPResponse(status: 422, body: HostFixtures.body(#"{"message":"Reference already exists"}"#)),
        ])
        let configuration = NotifierConfiguration(githubAPIURL: "https://api.example.com", githubToken: "ghs-t", requestTimeout: .seconds(5))
        let sha = try await GitHubClient(configuration: configuration, http: http).cutBranch("release/2.5.0", from: "main", repository: "acme/ios-app")
        #expect(sha == "abc123")
        let requests = http.requests
        #expect(requests.map(\.method) == [.get, .post])
        #expect(requests.map(\.url) == ["https://api.example.com/repos/acme/ios-app/git/ref/heads/main", "https://api.example.com/repos/acme/ios-app/git/refs"])
        #expect(requests.allSatisfy { $0.timeout == .seconds(5) })
        let created = try JSONSerialization.jsonObject(with: Data(requests.last?.body ?? [])) as? [String: String]
        #expect(created == ["ref": "refs/heads/release/2.5.0", "sha": "abc123"])
    }

    @Test("GitLab: one POST with the names in the query; another refusal is the host's answer")
    func gitlabCut() async {
        let http = RecordingHTTP([HTTPResponse(status: 403, body: HostFixtures.body(#"{"message":"403 Forbidden"}"#))])
        let configuration = NotifierConfiguration(gitlabAPIURL: "https://gitlab.example.com/api/v4", gitlabToken: "glpat")
        do {
            _ = try await GitLabClient(configuration: configuration, http: http).cutBranch("release/1.0", from: "main", repository: "acme/app")
            Issue.record("expected the 403 to fail the cut")
        } catch {
            #expect(error.description == #"could not create release/1.0 in acme/app: HTTP 403 {"message":"403 Forbidden"}"#)
        }
        let request = http.requests.first
        #expect(request?.url == "https://gitlab.example.com/api/v4/projects/acme%2Fapp/repository/branches?branch=release%2F1.0&ref=main")
        #expect(request?.body == [UInt8]())
    }

    @Test("Bitbucket: a branch that exists is taken as it is, asked for with Basic credentials")
    func bitbucketExisting() async throws {
        let http = RecordingHTTP([HTTPResponse(status: 200, body: HostFixtures.body(#"{"target":{"hash":"feedbeef"}}"#))])
        let configuration = NotifierConfiguration(bitbucketAPIURL: "https://bitbucket.example.com/", bitbucketToken: "jdoe:app-pass")
        let sha = try await BitbucketClient(configuration: configuration, http: http).cutBranch("release/2.5.0", from: "main", repository: "acme/ios-app")
        #expect(sha == "feedbeef")
        #expect(http.requests.map(\.url) == ["https://bitbucket.example.com/2.0/repositories/acme/ios-app/refs/branches/release/2.5.0"])
        #expect(http.requests.first?.headers["Authorization"] == "Basic amRvZTphcHAtcGFzcw==")
    }

    // MARK: Compares

    @Test("GitHub compare: no Authorization without a token; oldest-first answers come back newest first")
    func githubCompare() async throws {
        let answer = #"{"commits":[{"sha":"a1","commit":{"message":"First\n\nbody","author":{"name":"Ann"}},"author":null},"#
            + #"{"sha":"b2","commit":{"message":"Second"},"author":{"login":"bob"}}]}"#
        let http = RecordingHTTP([HTTPResponse(status: 200, body: HostFixtures.body(answer))])
        let client = GitHubClient(configuration: NotifierConfiguration(githubAPIURL: "https://api.example.com"), http: http)
        let commits = try await client.commits(repository: "acme/ios-app", base: "release/1.0", head: "release/1.1")
        #expect(commits == [HostCommit(sha: "b2", message: "Second", author: "bob"), HostCommit(sha: "a1", message: "First\n\nbody", author: "Ann")])
        let request = try #require(http.requests.first)
        #expect(request.url == "https://api.example.com/repos/acme/ios-app/compare/release%2F1.0...release%2F1.1")
        #expect(request.headers["Authorization"] == nil)
    }

    @Test("a host that cannot compare says so with the documented codes")
    func compareRefusals() async {
        let http = RecordingHTTP([HTTPResponse(status: 500)])
        let clients = GitHostClients(configuration: NotifierConfiguration(githubToken: "ghs-t"), http: http)
        // Bitbucket cannot compare, GitLab has nothing to compare a first release with, GitHub answered 500.
        let cases: [(GitProvider, String?, String)] = [(.bitbucket, "v1", "notes_unavailable"), (.gitlab, nil, "notes_unavailable"), (.github, "v1", "git_host_error")]
        for (provider, base, code) in cases {
            do {
                _ = try await clients.client(for: provider).commits(repository: "acme/app", base: base, head: "v2")
                Issue.record("expected \(provider) to refuse")
            } catch let error as ServiceError {
                #expect(error.code == code, "\(provider)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        #expect(http.requests.count == 1)
    }
}
