/// A value a user supplied that cannot be accepted, with the field it concerns.
public struct ValidationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input field at fault, as the user spelled it in the request.
    public var field: String
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates a failure for one field.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// The message, ready to show.
    public var description: String { message }
}
