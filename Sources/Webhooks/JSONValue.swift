import Foundation
import JSONScanning

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
    case object(JSONObject)

    // MARK: Parsing

    /// Parses a webhook body, which must be a JSON object; with `onlyMembers`, only those
    /// top-level members are built (the rest is still checked to be JSON, unless
    /// `stoppingWhenFound`, which ends the reading once those members are read).
    static func parseObject(_ body: [UInt8], onlyMembers: Set<String>? = nil, stoppingWhenFound: Bool = false) throws(WebhookError) -> JSONValue {
        guard body.contains(where: { !isJSONWhitespace($0) }) else { throw .emptyBody }
        let value: JSONValue
        do {
            value = try JSONValueParser.parse(repairedUTF8(body), onlyMembers: onlyMembers, stoppingWhenFound: stoppingWhenFound)
        } catch {
            // GitHub and Bitbucket Server can post `payload=<url-encoded JSON>` instead of JSON.
            if body.starts(with: Array("payload=".utf8)) { throw .malformedJSON("it is form-encoded (payload=…)") }
            throw .malformedJSON(error.message)
        }
        guard case .object = value else {
            throw .malformedJSON("the top level is \(value.kindName), not an object")
        }
        return value
    }

    /// The body with invalid UTF-8 sequences replaced by U+FFFD.
    ///
    /// Only parsing sees the repaired bytes (the signature was checked on the originals).
    /// One stray Latin-1 byte in a commit message should cost that character, not the delivery.
    private static func repairedUTF8(_ body: [UInt8]) -> [UInt8] {
        if String(validating: body, as: UTF8.self) != nil {
            return body
        }
        return Array(String(decoding: body, as: UTF8.self).utf8)
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
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
