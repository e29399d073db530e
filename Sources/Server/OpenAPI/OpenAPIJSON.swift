/// The few pieces of JSON text the OpenAPI document's generated `paths` are written with.
///
/// The document is assembled as text, not encoded from values: the component schemas and
/// the small schemas operations write in place (`OpenAPISchema.json`) are JSON text already,
/// and go in unchanged. Member order does not matter to a reader of the document; members
/// whose order would otherwise depend on a dictionary's are sorted, so the served text is the
/// same from one start to the next.
enum OpenAPIJSON {
    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\""
    }

    /// `"name": value`, where `value` is JSON text already.
    static func member(_ name: String, _ value: String) -> String {
        quoted(name) + ":" + value
    }

    /// An object of members made with `member`.
    static func object(_ members: [String]) -> String {
        "{" + members.joined(separator: ",") + "}"
    }

    /// An array of elements that are JSON text already.
    static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ",") + "]"
    }

    /// A `content` object: each media type with its schema, media types sorted.
    static func content(_ schemas: [String: OpenAPISchema]) -> String {
        object(schemas.keys.sorted().map { mediaType in
            member(mediaType, object([member("schema", schemas[mediaType]?.jsonText ?? "{}")]))
        })
    }
}
