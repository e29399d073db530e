import Impact
import MemberwiseInit

/// What `POST /api/v1/checks/deps` asks for, decoded and checked by the server's controller.
@MemberwiseInit(.public)
public struct DependencyChecksInput: Sendable {
    /// Where the rules come from.
    public enum Rules: Sendable, Equatable {
        /// A repository-relative path (already validated), read at the revision.
        case file(String)
        /// The rules file's text, from the request body.
        case inline(String)
    }

    /// A registered repository's name.
    public var repository: String
    /// The revision to check (the default branch when nil).
    public var revision: String?
    /// The project's folder inside the repository (its root when nil).
    public var projectPath: String?
    /// The rules; nil reads `mobile-ops-checks.yml` in the project folder.
    public var rules: Rules?
    /// Only this build description of the project, when the repository has several.
    public var kind: ProjectKind?
    /// Whether to compare with the violations at the head of the default branch.
    public var baseline: Bool = false
}
