import MemberwiseInit

/// The build cache as a running job may use it, handed to the agent with the job
/// (``JobAssignment/cache``): the agent exports `MOBILE_OPS_CACHE_URL` (the server's URL +
/// `/cache`, with ``user`` and ``credential`` as the URL's user info, which Gradle, ccache and
/// Bazel send as HTTP Basic credentials) and `MOBILE_OPS_CACHE_NAMESPACE`.
///
/// The credential reads and writes ``namespace`` only, and only while the job runs; what it
/// reads and stores is counted against the job's build.
@MemberwiseInit(.public)
public struct JobCacheAccess: Codable, Sendable, Equatable {
    /// The namespace of the build's repository (its name, `/` as `.`, other characters outside
    /// `[A-Za-z0-9._-]` as `-`).
    public var namespace: String
    /// The Basic user name (`job-<id>`: any name works; this one says whose requests they are).
    public var user: String
    /// The Basic password: `moj_<job id>_<signature>`.
    public var credential: String
}
