/// A JSON schema as an operation names it: a component schema by name, or a small schema
/// written in place.
///
/// Component schemas are the document's shared shapes (`Sources/Server/OpenAPI/Schemas/*.json`);
/// a schema written in place is for what only one operation uses (a text body, an enum of a
/// query parameter) and is put in the document as it is written.
public enum OpenAPISchema: Sendable {
    /// `components.schemas` member `name`: `{"$ref": "#/components/schemas/<name>"}`.
    case ref(String)
    /// A schema as JSON text, put in the document unchanged. It must be one JSON object;
    /// `OpenAPITests` parses the whole document, so a typo fails a test, not a client.
    case json(String)

    /// Any text.
    public static let string = OpenAPISchema.json(#"{"type":"string"}"#)
    /// An integer (a numeric id, a count).
    public static let integer = OpenAPISchema.json(#"{"type":"integer"}"#)
    /// A number, whole or not (seconds).
    public static let number = OpenAPISchema.json(#"{"type":"number"}"#)
    /// Bytes of any kind (an artifact, a log chunk).
    public static let binary = OpenAPISchema.json(#"{"type":"string","contentEncoding":"binary"}"#)
    /// `"true"` or `"false"`, as a query parameter's text.
    public static let trueOrFalse = OpenAPISchema.json(#"{"type":"string","enum":["true","false"]}"#)
    /// `"true"`, `"false"`, `"1"` or `"0"`, as a query parameter's text.
    public static let flag = OpenAPISchema.json(#"{"type":"string","enum":["true","false","1","0"]}"#)

    /// The schema's JSON text.
    var jsonText: String {
        switch self {
        case .ref(let name): ##"{"$ref":"#/components/schemas/"## + name + #""}"#
        case .json(let text): text
        }
    }
}
