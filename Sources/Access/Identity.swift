import Core

/// Who is calling, once their bearer token has been checked.
public struct Identity: Sendable, Equatable {
    /// The token's public id.
    public var tokenID: String
    /// The token's name.
    public var name: String
    /// What the token may do.
    public var scopes: [TokenScope]

    /// Creates an identity.
    public init(tokenID: String, name: String, scopes: [TokenScope]) {
        self.tokenID = tokenID
        self.name = name
        self.scopes = scopes
    }
}
