import Core

/// Who is calling, once their bearer token has been checked.
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

    /// Creates an identity.
    public init(tokenID: String, name: String, scopes: [TokenScope], cacheJob: JobCacheGrant? = nil) {
        self.tokenID = tokenID
        self.name = name
        self.scopes = scopes
        self.cacheJob = cacheJob
    }
}
