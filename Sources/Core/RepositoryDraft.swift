import Foundation
import MemberwiseInit

/// A request to register a repository, validated before anything is stored.
@MemberwiseInit(.public)
public struct RepositoryDraft: Codable, Sendable, Equatable {
    /// Full name as the git host spells it, e.g. `acme/ios-app`.
    public var name: String
    /// `github`, `gitlab` or `bitbucket`, as typed by the user (validated by `validated()`).
    public var provider: String
    /// URL agents clone from.
    public var cloneURL: String
    /// Default branch; `main` when omitted.
    public var defaultBranch: String?
    /// Shared secret for webhook signatures; generated when omitted.
    public var webhookSecret: String?

    /// Checks every field and returns the normalised values, or the first problem found.
    public func validated() throws(ValidationFailure) -> (name: String, provider: GitProvider, cloneURL: String, defaultBranch: String, webhookSecret: String?) {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 200 else {
            throw ValidationFailure(field: "name", message: "name must be 1 to 200 characters, e.g. acme/ios-app")
        }
        guard name.contains("/"), !name.hasPrefix("/"), !name.hasSuffix("/"), !name.contains(where: \.isWhitespace) else {
            throw ValidationFailure(field: "name", message: "name must be the full name the git host uses, owner/repository, e.g. acme/ios-app")
        }
        guard let provider = GitProvider(rawValue: provider.lowercased()) else {
            throw ValidationFailure(field: "provider", message: "provider '\(provider)' is not supported; use one of: \(GitProvider.allowedValues)")
        }
        let cloneURL = cloneURL.trimmingCharacters(in: .whitespaces)
        if let problem = GitInput.cloneURLProblem(cloneURL) {
            throw ValidationFailure(field: "cloneURL", message: "cloneURL \(problem)")
        }
        let branch = (defaultBranch ?? "main").trimmingCharacters(in: .whitespaces)
        if let problem = GitInput.revisionProblem(branch) {
            throw ValidationFailure(field: "defaultBranch", message: "defaultBranch \(problem)")
        }
        if let secret = webhookSecret, secret.count < 16 {
            throw ValidationFailure(field: "webhookSecret", message: "webhookSecret must be at least 16 characters, or omitted to have one generated")
        }
        return (name, provider, cloneURL, branch, webhookSecret)
    }
}
