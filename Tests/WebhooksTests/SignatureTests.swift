import Core
import Testing
import Webhooks

/// Signature and token verification for every provider.
@Suite("Signatures")
struct SignatureTests {
    // MARK: Published vector

    static let vectorSecret = "It's a Secret to Everybody"
    static let vectorBody = "Hello, World!"
    static let vectorSignature = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"

    @Test("GitHub's published test vector verifies")
    func githubPublishedVector() {
        let request = WebhookRequest(
            headers: ["X-Hub-Signature-256": Self.vectorSignature, "X-GitHub-Event": "push"],
            body: Self.vectorBody
        )
        #expect(GitHubWebhookAdapter().checkSignature(request, secret: Self.vectorSecret) == .valid)
        #expect(WebhookSigner.hmacSHA256Signature(body: Array(Self.vectorBody.utf8), secret: Self.vectorSecret) == Self.vectorSignature)
    }

    @Test("the exact bytes are signed: a trailing newline breaks the signature")
    func exactBytes() {
        let adapter = GitHubWebhookAdapter()
        let withNewline = WebhookRequest(headers: ["X-Hub-Signature-256": Self.vectorSignature], body: Self.vectorBody + "\n")
        #expect(adapter.checkSignature(withNewline, secret: Self.vectorSecret) == .mismatch)
    }

    @Test("upper-case hex and prefix are accepted")
    func upperCaseHex() {
        let upper = "SHA256=" + Self.vectorSignature.dropFirst("sha256=".count).uppercased()
        let request = WebhookRequest(headers: ["x-hub-signature-256": upper], body: Self.vectorBody)
        #expect(GitHubWebhookAdapter().verify(request, secret: Self.vectorSecret))
    }

    // MARK: HMAC providers

    @Test("valid, wrong secret, missing, wrong format", arguments: [GitProvider.github, .bitbucket])
    func hmacProviders(provider: GitProvider) {
        let adapter = WebhookProviders.adapter(for: provider)
        let header = WebhookSigner.signatureHeaderName(for: provider)
        let body = GitHubFixtures.pushToBranch

        #expect(adapter.checkSignature(TestSupport.request(provider, event: "x", body: body), secret: TestSupport.secret) == .valid)
        #expect(adapter.checkSignature(TestSupport.request(provider, event: "x", body: body, secret: "another-secret-value"), secret: TestSupport.secret) == .mismatch)
        #expect(adapter.checkSignature(TestSupport.request(provider, event: "x", body: body, secret: nil), secret: TestSupport.secret) == .missingHeader(header))

        let malformed = [
            "757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",  // no prefix
            "sha1=757107ea0eb2509fc211221cce984b8a37570b6d",                    // other algorithm
            "sha256=",                                                          // empty
            "sha256=757107ea0eb2509fc211221cce984b8a",                          // too short
            "sha256=zz7107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",  // not hex
            "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e1",   // odd length
        ]
        for value in malformed {
            let request = TestSupport.request(provider, event: "x", body: body, secret: nil, extraHeaders: [header: value])
            #expect(!adapter.verify(request, secret: TestSupport.secret), "\(value)")
            if case .malformedHeader = adapter.checkSignature(request, secret: TestSupport.secret) {} else {
                Issue.record("\(value) should be reported as malformed")
            }
        }
    }

    @Test("a tampered body does not verify", arguments: GitProvider.allCases.filter { $0 != .gitlab })
    func tamperedBody(provider: GitProvider) {
        var request = TestSupport.request(provider, event: "x", body: #"{"ref":"refs/heads/main"}"#)
        request.body = Array(#"{"ref":"refs/heads/evil"}"#.utf8)
        #expect(WebhookProviders.adapter(for: provider).checkSignature(request, secret: TestSupport.secret) == .mismatch)
    }

    // MARK: GitLab token

    @Test("GitLab token: valid, wrong, missing, prefix of the secret")
    func gitlabToken() {
        let adapter = GitLabWebhookAdapter()
        let body = GitLabFixtures.push
        #expect(adapter.checkSignature(TestSupport.request(.gitlab, event: "Push Hook", body: body), secret: TestSupport.secret) == .valid)
        #expect(adapter.checkSignature(TestSupport.request(.gitlab, event: "Push Hook", body: body, secret: "wrong"), secret: TestSupport.secret) == .mismatch)
        #expect(adapter.checkSignature(TestSupport.request(.gitlab, event: "Push Hook", body: body, secret: nil), secret: TestSupport.secret) == .missingHeader("X-Gitlab-Token"))
        let prefix = String(TestSupport.secret.dropLast())
        #expect(!adapter.verify(TestSupport.request(.gitlab, event: "Push Hook", body: body, secret: prefix), secret: TestSupport.secret))
    }

    // MARK: Unconfigured secrets

    @Test("an empty configured secret never verifies", arguments: GitProvider.allCases)
    func emptySecret(provider: GitProvider) {
        // Signed with the empty secret too: for GitLab an empty header would otherwise equal it.
        let request = TestSupport.request(provider, event: "x", body: "{}", secret: "")
        #expect(WebhookProviders.adapter(for: provider).checkSignature(request, secret: "") == .secretNotConfigured)
    }

    @Test("failures carry actionable messages and stable codes")
    func messages() {
        #expect(SignatureCheck.mismatch.code == "signature_mismatch")
        #expect(SignatureCheck.missingHeader("X-Hub-Signature-256").description.contains("X-Hub-Signature-256"))
        #expect(SignatureCheck.malformedHeader(header: "X-Hub-Signature", expected: "sha256=<hex>").description.contains("sha256="))
        #expect(SignatureCheck.secretNotConfigured.code == "webhook_secret_not_configured")
    }
}
