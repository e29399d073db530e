import MemberwiseInit

/// What a job's cache credential lets its holder do: read and write one namespace, counted
/// against one build, while the job runs (``JobCacheCredentials``).
@MemberwiseInit(.public)
public struct JobCacheGrant: Sendable, Equatable {
    /// The job the credential was made for.
    public var jobID: Int64
    /// Its build, which the requests are counted against.
    public var buildID: Int64
    /// The only namespace it may read and write.
    public var namespace: String
}
