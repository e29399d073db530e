@testable import GitHosts
import HTTPClient
import Testing

/// Each host's headers are built in one function; these pin every set, order included, to
/// what the requests carried before the clients shared a module.
@Suite("Each git host's headers, byte for byte")
struct GitHostHeadersTests {
    static let githubMediaType = "application/vnd.github+json"

    @Test("GitHub: statuses and checks, branch cuts, compares with and without a token")
    func github() {
        let rest: HTTPHeaders = [
            "Authorization": "Bearer ghs-t", "Accept": Self.githubMediaType, "X-GitHub-Api-Version": "2022-11-28",
            "Content-Type": "application/json", "User-Agent": "mobile-ops",
        ]
        #expect(GitHubClient.headers(.rest, token: "ghs-t", userAgent: "mobile-ops") == rest)
        let read: HTTPHeaders = [
            "Authorization": "Bearer ghs-t", "Accept": Self.githubMediaType, "User-Agent": "mobile-ops", "X-GitHub-Api-Version": "2022-11-28",
        ]
        #expect(GitHubClient.headers(.branches(json: false), token: "ghs-t", userAgent: "mobile-ops") == read)
        var create = read
        create.add(name: "Content-Type", value: "application/json")
        #expect(GitHubClient.headers(.branches(json: true), token: "ghs-t", userAgent: "mobile-ops") == create)
        let anonymous: HTTPHeaders = ["Accept": Self.githubMediaType, "User-Agent": "mobile-ops"]
        #expect(GitHubClient.headers(.compare, token: nil, userAgent: "mobile-ops") == anonymous)
        var signed = anonymous
        signed.add(name: "Authorization", value: "Bearer ghs-t")
        #expect(GitHubClient.headers(.compare, token: "ghs-t", userAgent: "mobile-ops") == signed)
    }

    @Test("GitLab: statuses and notes, branch cuts, compares with and without a token")
    func gitlab() {
        let rest: HTTPHeaders = [
            "PRIVATE-TOKEN": "glpat", "Accept": "application/json", "Content-Type": "application/json", "User-Agent": "mobile-ops",
        ]
        #expect(GitLabClient.headers(.rest, token: "glpat", userAgent: "mobile-ops") == rest)
        let branches: HTTPHeaders = ["PRIVATE-TOKEN": "glpat", "User-Agent": "mobile-ops"]
        #expect(GitLabClient.headers(.branches, token: "glpat", userAgent: "mobile-ops") == branches)
        let anonymous: HTTPHeaders = ["User-Agent": "mobile-ops"]
        #expect(GitLabClient.headers(.compare, token: nil, userAgent: "mobile-ops") == anonymous)
        let signed: HTTPHeaders = ["User-Agent": "mobile-ops", "PRIVATE-TOKEN": "glpat"]
        #expect(GitLabClient.headers(.compare, token: "glpat", userAgent: "mobile-ops") == signed)
    }

    @Test("Bitbucket: an access token as Bearer, username:app-password as Basic")
    func bitbucket() {
        let bearer: HTTPHeaders = [
            "Authorization": "Bearer bb-t", "Accept": "application/json", "Content-Type": "application/json", "User-Agent": "mobile-ops",
        ]
        #expect(BitbucketClient.headers(token: "bb-t", userAgent: "mobile-ops") == bearer)
        // base64("jdoe:app-pass")
        #expect(BitbucketClient.headers(token: "jdoe:app-pass", userAgent: "mobile-ops")["Authorization"] == "Basic amRvZTphcHAtcGFzcw==")
    }
}
