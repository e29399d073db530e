import Core
import Testing
import Webhooks

/// Reading which repository a delivery is about, before verification, and matching it.
@Suite("Repository identity")
struct RepositoryIdentityTests {
    // MARK: Extraction

    @Test("GitHub: full name, clone, ssh and web URLs, from a push with integer dates")
    func github() throws {
        let identity = try GitHubWebhookAdapter().repositoryIdentity(
            TestSupport.request(.github, event: "push", body: GitHubFixtures.pushToBranch, secret: nil)
        )
        #expect(identity.fullName == "acme/ios-app")
        #expect(identity.cloneURLs == [
            "https://github.com/acme/ios-app.git", "git@github.com:acme/ios-app.git", "https://github.com/acme/ios-app",
        ])
    }

    @Test("GitLab: path_with_namespace and the project's URLs")
    func gitlab() throws {
        let identity = try GitLabWebhookAdapter().repositoryIdentity(
            TestSupport.request(.gitlab, event: "Merge Request Hook", body: GitLabFixtures.mergeRequest(action: "open"), secret: nil)
        )
        #expect(identity.fullName == "mobile/ios-app")
        #expect(identity.cloneURLs.contains("https://gitlab.example.com/mobile/ios-app.git"))
        #expect(identity.cloneURLs.contains("git@gitlab.example.com:mobile/ios-app.git"))
    }

    @Test("Bitbucket: full name and derived clone URLs")
    func bitbucket() throws {
        let identity = try BitbucketWebhookAdapter().repositoryIdentity(
            TestSupport.request(.bitbucket, event: "pullrequest:created", body: BitbucketFixtures.pullRequest(state: "OPEN"), secret: nil)
        )
        #expect(identity.fullName == "acme/ios-app")
        #expect(identity.cloneURLs == [
            "https://bitbucket.org/acme/ios-app", "https://bitbucket.org/acme/ios-app.git", "git@bitbucket.org:acme/ios-app.git",
        ])
    }

    @Test("GitLab payloads with only the legacy repository object still identify")
    func gitlabLegacy() throws {
        let body = #"{"repository": {"git_http_url": "https://gitlab.example.com/mobile/ios-app.git"}}"#
        let identity = try GitLabWebhookAdapter().repositoryIdentity(TestSupport.request(.gitlab, event: "Push Hook", body: body))
        #expect(identity.fullName == nil)
        #expect(identity.matches(name: "other/name", cloneURL: "git@gitlab.example.com:mobile/ios-app.git"))
    }

    // MARK: Failures

    @Test("an organisation ping names no repository", arguments: GitProvider.allCases)
    func missingRepository(provider: GitProvider) {
        let adapter = WebhookProviders.adapter(for: provider)
        #expect(throws: WebhookError.missingRepository(provider)) {
            try adapter.repositoryIdentity(TestSupport.request(provider, event: "ping", body: GitHubFixtures.organizationPing))
        }
    }

    @Test("a repository of the wrong type is missing, not a crash", arguments: GitProvider.allCases)
    func wrongTypes(provider: GitProvider) {
        let adapter = WebhookProviders.adapter(for: provider)
        for body in [#"{"repository": "acme/ios-app"}"#, #"{"repository": {"full_name": 12}}"#, #"{"project": []}"#] {
            #expect(throws: WebhookError.missingRepository(provider)) {
                try adapter.repositoryIdentity(TestSupport.request(provider, event: "push", body: body))
            }
        }
    }

    // MARK: Matching

    @Test("full names match case-insensitively; URLs match across https and ssh spellings")
    func matching() {
        let identity = RepositoryIdentity(
            fullName: "Acme/iOS-App",
            cloneURLs: ["https://github.com/acme/ios-app.git", "git@github.com:acme/ios-app.git"]
        )
        #expect(identity.matches(name: "acme/ios-app", cloneURL: "unrelated"))
        #expect(identity.matches(name: "renamed/app", cloneURL: "https://GitHub.com/acme/ios-app/"))
        #expect(identity.matches(name: "renamed/app", cloneURL: "ssh://git@github.com:22/acme/ios-app.git"))
        #expect(!identity.matches(name: "acme/android-app", cloneURL: "https://github.com/acme/android-app.git"))
        #expect(!identity.matches(name: "acme/ios", cloneURL: "/local/path/ios-app"))
    }

    @Test("URL normalisation")
    func normalisation() {
        #expect(RepositoryIdentity.normalizedURL("git@github.com:acme/ios-app.git") == "github.com/acme/ios-app")
        #expect(RepositoryIdentity.normalizedURL("https://user:token@github.com/acme/ios-app") == "github.com/acme/ios-app")
        #expect(RepositoryIdentity.normalizedURL("https://gitlab.example.com/group/sub/app.git/") == "gitlab.example.com/group/sub/app")
        #expect(RepositoryIdentity.normalizedURL("not a url") == nil)
        #expect(RepositoryIdentity.normalizedURL("") == nil)
    }

    @Test("empty strings and duplicates are dropped")
    func initialiser() {
        let identity = RepositoryIdentity(fullName: "", cloneURLs: ["", "a", "a"])
        #expect(identity.fullName == nil)
        #expect(identity.cloneURLs == ["a"])
        #expect(RepositoryIdentity(fullName: nil, cloneURLs: []).isEmpty)
    }
}
