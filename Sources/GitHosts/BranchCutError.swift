import HTTPClient

// MARK: - BranchCutError

/// Why a branch could not be cut; never contains the token.
public struct BranchCutError: Error, Sendable, CustomStringConvertible {
    /// What failed, as the host said it.
    public var description: String
    /// Whether the remote was read and the branch is not there (a person can push it), as
    /// opposed to a host or remote that could not be asked.
    public var isMissing: Bool

    /// Creates the error.
    public init(_ description: String, isMissing: Bool = false) {
        self.description = description
        self.isMissing = isMissing
    }

    /// The host's status and a short piece of its answer.
    public static func answer(_ response: HTTPResponse, _ operation: String) -> BranchCutError {
        BranchCutError("could not \(operation): HTTP \(response.status) \(response.bodyText.prefix(200))")
    }
}
