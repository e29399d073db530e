/// The git hosting service a repository lives on.
///
/// The raw values are the spellings the API and the CLI accept, so the enum is also
/// the list shown to a user who typed something else.
public enum GitProvider: String, Codable, Sendable, CaseIterable {
    /// github.com or GitHub Enterprise Server.
    case github
    /// gitlab.com or a self-hosted GitLab.
    case gitlab
    /// Bitbucket Cloud.
    case bitbucket

    /// The accepted spellings, comma-separated, for error messages.
    public static var allowedValues: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}
