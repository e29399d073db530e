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

    /// Writes the served document's JSON `text` to the file, pretty-printed with sorted keys and
    /// a final newline (`JSONSerialization` does the printing).
    static func write(_ text: String) throws {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try (pretty + Data("\n".utf8)).write(to: url, options: .atomic)
    }
}
