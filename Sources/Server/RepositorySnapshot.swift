import Core

/// The repository list as of one version; the version changes with every write.
public struct RepositorySnapshot: Sendable {
    /// Increases with every write through `RepositoryService`.
    public let version: Int
    /// The repositories, ordered by id.
    public let repositories: [Repository]
}
