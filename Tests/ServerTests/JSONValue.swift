import Foundation

/// A parsed JSON value that keeps integers, numbers and booleans apart.
///
/// `JSONSerialization` hands all three back as `NSNumber`, and on Linux `1 as? Bool` succeeds,
/// so a schema check built on it could not tell `"type": "boolean"` from `"type": "integer"`:
/// the number's own type (`__NSCFBoolean`, or its `objCType`) tells them apart instead.
///
/// It is not `Decodable` on purpose: probing each value with `try? decode(Bool.self)`, then
/// `Int64`, then `Double`… throws several errors per value, and Swift Testing captures a
/// backtrace for every thrown error. The OpenAPI document has tens of thousands of values, so
/// each parse held a cooperative thread for seconds and starved the other tests' timers.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON bytes.
    static func parse(_ data: Data) throws -> JSONValue {
        JSONValue(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// The value `JSONSerialization` made.
    private init(_ value: Any) {
        switch value {
        case let members as [String: Any]: self = .object(members.mapValues(JSONValue.init))
        case let items as [Any]: self = .array(items.map(JSONValue.init))
        case let text as String: self = .string(text)
        case let number as NSNumber: self = Self.number(number)
        default: self = .null
        }
    }

    /// A boolean, an integer or a floating-point number, as the JSON text wrote it.
    private static func number(_ number: NSNumber) -> JSONValue {
        if String(describing: type(of: number)).contains("Boolean") { return .bool(number.boolValue) }
        switch String(cString: number.objCType) {
        case "c", "B": return .bool(number.boolValue)
        case "d", "f": return .double(number.doubleValue)
        default: return .int(number.int64Value)
        }
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
