import Foundation

/// Loads the reports under `Fixtures/`, written from each format's specification and the
/// tools' documented output.
enum Fixture {
    /// The bytes of `Fixtures/<name>`.
    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw FixtureError.missing(name)
        }
        return try Data(contentsOf: url)
    }

    /// The path of `Fixtures/<name>`, for the file readers.
    static func path(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw FixtureError.missing(name)
        }
        return url.path
    }

    enum FixtureError: Error { case missing(String) }
}
