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
            value = try JSONDecoder().decode(JSONValue.self, from: Data(body))
        } catch let DecodingError.dataCorrupted(context) {
            throw .malformedJSON(Self.describe(context))
        } catch {
            throw .malformedJSON("the parser reported: \(error)")
        }
        guard case .object = value else {
            throw .malformedJSON("the top level is \(value.kindName), not an object")
        }
        return value
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A short description of a parse failure, without the decoder's coding-path noise.
    private static func describe(_ context: DecodingError.Context) -> String {
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
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let object = try? container.decode([String: JSONValue].self) {
            self = .object(object)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else {
            self = .number(try container.decode(Double.self))
        }
    }
}
