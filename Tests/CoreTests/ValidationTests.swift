import Core
import Testing

@Suite("Validating user input in Core")
struct ValidationTests {
    @Test("a good repository draft is normalised")
    func goodDraft() throws {
        let valid = try RepositoryDraft(name: " acme/ios-app ", provider: "GitHub", cloneURL: "https://x/y.git").validated()
        #expect(valid.name == "acme/ios-app")
        #expect(valid.provider == .github)
        #expect(valid.defaultBranch == "main")
        #expect(valid.webhookSecret == nil)
    }

    @Test("each bad field is named", arguments: [
        (RepositoryDraft(name: "", provider: "github", cloneURL: "u"), "name"),
        (RepositoryDraft(name: "noslash", provider: "github", cloneURL: "u"), "name"),
        (RepositoryDraft(name: "a/b c", provider: "github", cloneURL: "u"), "name"),
        (RepositoryDraft(name: "a/b", provider: "svn", cloneURL: "u"), "provider"),
        (RepositoryDraft(name: "a/b", provider: "github", cloneURL: " "), "cloneURL"),
        (RepositoryDraft(name: "a/b", provider: "github", cloneURL: "u", defaultBranch: "has space"), "defaultBranch"),
        (RepositoryDraft(name: "a/b", provider: "github", cloneURL: "u", webhookSecret: "short"), "webhookSecret"),
    ])
    func badDraft(draft: RepositoryDraft, field: String) {
        #expect(throws: ValidationFailure.self) { try draft.validated() }
        do {
            _ = try draft.validated()
        } catch {
            #expect(error.field == field)
        }
    }

    @Test("scopes are ordered: admin ⊇ write ⊇ read")
    func scopes() {
        #expect(TokenScope.admin.grants(.read))
        #expect(TokenScope.write.grants(.read))
        #expect(!TokenScope.read.grants(.write))
        #expect(!TokenScope.write.grants(.admin))
        #expect([TokenScope.read, .write].grant(.write))
        #expect(![TokenScope.read].grant(.admin))
        #expect(TokenScope.allowedValues == "read, write, admin")
    }
}
