import Core
import MemberwiseInit

/// Who is calling, once their bearer token has been checked.
@MemberwiseInit(.public)
public struct Identity: Sendable, Equatable {
    /// The token's public id.
    public var tokenID: String
    /// The token's name.
    public var name: String
    /// What the token may do.
    public var scopes: [TokenScope]
    /// For a job's build-cache credential, the one namespace and build it is for: such an
    /// identity is accepted on the cache's routes only.
    public var cacheJob: JobCacheGrant?
}
