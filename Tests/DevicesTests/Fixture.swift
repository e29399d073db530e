import Foundation

/// The captured tool outputs in `Fixtures/` (their sources: `Fixtures/SOURCES.md`).
enum Fixture {
    /// The bytes of `Fixtures/<folder>/<name>`.
    static func data(_ folder: String, _ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/\(folder)") else {
            throw FixtureError.missing("\(folder)/\(name)")
        }
        return try Data(contentsOf: url)
    }

    /// `Fixtures/<folder>/<name>` as UTF-8 text.
    static func text(_ folder: String, _ name: String) throws -> String {
        String(decoding: try data(folder, name), as: UTF8.self)
    }

    enum FixtureError: Error { case missing(String) }
}
