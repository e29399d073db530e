import MemberwiseInit

/// A value a user supplied that cannot be accepted, with the field it concerns.
@MemberwiseInit(.public)
public struct ValidationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input field at fault, as the user spelled it in the request.
    public var field: String
    /// What is wrong and how to fix it.
    public var message: String

    /// The message, ready to show.
    public var description: String { message }
}
