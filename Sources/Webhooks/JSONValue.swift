import Foundation

/// A parsed JSON document that can be read without ever failing on shape.
///
/// Webhook payloads drift: a field is an integer in one event and an ISO string in the
/// next, ids outgrow 32 bits, optional objects turn up as `null`. Decoding into strict
/// `Codable` structs turns every such drift into a failed delivery. Reading a generic tree
/// through accessors that answer nil for anything unexpected turns it into a missing detail.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    // MARK: Parsing

    /// Parses a webhook body, which must be a JSON object.
    static func parseObject(_ body: [UInt8]) throws(WebhookError) -> JSONValue {
        guard body.contains(where: { !isJSONWhitespace($0) }) else { throw .emptyBody }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: repairedUTF8(body))
        } catch let DecodingError.dataCorrupted(context) {
            throw .malformedJSON(Self.describe(context, body: body))
        } catch {
            throw .malformedJSON("the parser reported: \(error)")
        }
        guard case .object = value else {
            throw .malformedJSON("the top level is \(value.kindName), not an object")
        }
        return value
    }

    /// The body as data, with invalid UTF-8 sequences replaced by U+FFFD.
    ///
    /// Only parsing sees the repaired bytes (the signature was checked on the originals).
    /// One stray Latin-1 byte in a commit message should cost that character, not the delivery.
    private static func repairedUTF8(_ body: [UInt8]) -> Data {
        if String(validating: body, as: UTF8.self) != nil {
            return Data(body)
        }
        return Data(String(decoding: body, as: UTF8.self).utf8)
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A short description of a parse failure, naming the usual cause when it is recognisable.
    private static func describe(_ context: DecodingError.Context, body: [UInt8]) -> String {
        // GitHub and Bitbucket Server can post `payload=<url-encoded JSON>` instead of JSON.
        if body.starts(with: Array("payload=".utf8)) {
            return "it is form-encoded (payload=…)"
        }
        if let underlying = context.underlyingError {
            return "\(underlying)"
        }
        return context.debugDescription
    }

    /// What kind of JSON value this is, for messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

// MARK: - Decodable

extension JSONValue: Decodable {
    /// Decodes any JSON value. Numbers that fit `Int64` stay exact; larger ones become `Double`.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let text = try Self.attempt(String.self, container, decoder) {
            self = .string(text)
        } else if let object = try Self.attempt([String: JSONValue].self, container, decoder) {
            self = .object(object)
        } else if let array = try Self.attempt([JSONValue].self, container, decoder) {
            self = .array(array)
        } else if let flag = try Self.attempt(Bool.self, container, decoder) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            // Beyond Int64 (ids past 2^63): approximate, and `int64` answers nil for it.
            self = .number(number)
        } else {
            // Only a number beyond Double's range gets here (1e400). Nothing MobileOps
            // reads can be such a number, so it reads as absent rather than failing.
            self = .null
        }
    }

    /// Decodes `type`, or nil when the value here is of another type.
    ///
    /// Only a type mismatch at this very level means "try the next type"; a failure further
    /// down (inside an object or array) is rethrown, so the error names the real problem
    /// instead of the last type tried.
    private static func attempt<T: Decodable>(
        _ type: T.Type,
        _ container: any SingleValueDecodingContainer,
        _ decoder: any Decoder
    ) throws -> T? {
        do {
            return try container.decode(type)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.count <= decoder.codingPath.count {
            return nil
        }
    }
}
