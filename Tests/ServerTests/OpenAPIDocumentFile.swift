import Foundation

/// The copy of the OpenAPI document kept in the repository, `docs/openapi.json`: pretty-printed
/// with sorted keys, so a change to the served document shows as a readable diff.
///
/// `OpenAPITests` fails while it differs from the served document; running the tests with
/// `MOBILE_OPS_WRITE_OPENAPI=1` writes it first (see docs/api.md).
enum OpenAPIDocumentFile {
    /// The environment variable that makes the test write the file.
    static let writeVariable = "MOBILE_OPS_WRITE_OPENAPI"

    /// How to bring the file in step, for failure messages.
    static let regenerate = "MOBILE_OPS_WRITE_OPENAPI=1 swift test --filter OpenAPITests"

    /// The repository's root: this file is `Tests/ServerTests/OpenAPIDocumentFile.swift`.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// `docs/openapi.json` in the repository.
    static var url: URL { repositoryRoot.appendingPathComponent("docs/openapi.json") }

    /// Whether the environment asks for the file to be written.
    static var writeRequested: Bool { ProcessInfo.processInfo.environment[writeVariable] == "1" }

    /// The file's document, or nil when there is no file.
    static func read() throws -> JSONValue? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONValue.parse(try Data(contentsOf: url))
    }

    /// Writes `document` to the file, pretty-printed with sorted keys and a final newline.
    static func write(_ document: JSONValue) throws {
        try (text(of: document) + "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// `value` as JSON text, two spaces a level, object keys sorted.
    static func text(of value: JSONValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return number.isFinite ? "\(number)" : "null"
        case .string(let text): return quoted(text)
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            return "[\n" + elements.map { inner + text(of: $0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let lines = members.keys.sorted().map { key in inner + quoted(key) + ": " + text(of: members[key] ?? .null, indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20: out += String(format: "\\u%04x", control.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
