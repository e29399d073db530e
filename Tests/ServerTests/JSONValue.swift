import Foundation

/// A parsed JSON value that keeps integers, numbers and booleans apart.
///
/// `JSONSerialization` hands all three back as `NSNumber`, and on Linux `1 as? Bool` succeeds,
/// so a schema check built on it could not tell `"type": "boolean"` from `"type": "integer"`.
enum JSONValue: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Order matters: a JSON integer also decodes as Double, and only true/false as Bool.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses JSON bytes.
    static func parse(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The member `key` of an object; nil for other values or a missing key.
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text of a string value.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The members of an object value.
    var members: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array value.
    var elements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The JSON Schema type names this value satisfies (an integer is also a number).
    var typeNames: Set<String> {
        switch self {
        case .null: ["null"]
        case .bool: ["boolean"]
        case .int: ["integer", "number"]
        case .double(let value): value.rounded() == value ? ["integer", "number"] : ["number"]
        case .string: ["string"]
        case .array: ["array"]
        case .object: ["object"]
        }
    }
}
