import Foundation

/// A fresh folder under the system's temporary directory, removed by ``remove()`` or, at the
/// latest, when the last reference to it goes: a test that only uses its paths keeps it
/// alive with `defer { directory.remove() }`.
public final class TemporaryDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// The folder's path.
    public var path: String { url.path }

    /// Creates `mobile-ops-<label>-<UUID>` in the temporary directory.
    public init(_ label: String = "tests") throws {
        url = try Self.create(label)
    }

    deinit { remove() }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Removes the folder and everything in it; a folder already gone is fine.
    public func remove() { try? FileManager.default.removeItem(at: url) }

    /// Creates `mobile-ops-<label>-<UUID>` in the temporary directory and answers it, for a
    /// caller that removes it itself.
    public static func create(_ label: String = "tests") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
