import MemberwiseInit

// MARK: - HTTPMethod

/// An HTTP request method such as `GET` or `POST`.
///
/// A struct rather than an enum so callers can send any method a server understands
/// (for example WebDAV verbs) without waiting for this module to learn about it.
@MemberwiseInit(.public)
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The method token exactly as it goes on the request line, e.g. `"GET"`.
    public let rawValue: String

    /// The method token, e.g. `"GET"`.
    public var description: String { self.rawValue }

    // MARK: Well-known methods

    /// `GET`: fetch a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`: submit a body to a resource.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource with the body.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: partially update a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`: like `GET` but the response carries no body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS`: ask which methods a resource supports.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    // MARK: Validation

    /// Whether the token is a valid RFC 9110 `token`, so it cannot smuggle spaces or
    /// line breaks onto the request line.
    var isValidToken: Bool {
        !self.rawValue.isEmpty && self.rawValue.utf8.allSatisfy(HTTPHeaders.isTokenByte)
    }
}
