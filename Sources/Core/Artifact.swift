import Foundation
import MemberwiseInit

/// A file a job uploaded (an `.ipa`, an `.apk`, a test report), kept by the server.
@MemberwiseInit(.public)
public struct Artifact: Codable, Sendable, Equatable {
    /// The artifact's id (`GET /api/v1/artifacts/{id}` downloads it).
    public var id: Int64
    /// The job that uploaded it.
    public var jobID: Int64
    /// Its path relative to the job's workspace, e.g. `build/App.ipa`.
    public var path: String
    /// Size in bytes.
    public var size: Int64
    /// Lowercase hex SHA-256 of the contents.
    public var sha256: String
    /// When the upload completed.
    public var createdAt: Date

    // MARK: Paths

    /// Why `path` cannot name an artifact, or nil when it can: relative, no `.` or `..`
    /// segments, no empty segments, no control characters, no backslash, no bidirectional
    /// text controls, at most 1,024 bytes.
    ///
    /// A backslash is a folder separator to Windows tools (`..\..\x` climbs there), and a
    /// bidirectional control such as U+202E shows the rest of a name reversed
    /// (`invoice<U+202E>gpj.exe` reads `invoiceexe.jpg`): neither belongs in a name people download by.
    public static func problem(withPath path: String) -> String? {
        if path.isEmpty || path.utf8.count > 1024 { return "the path must be 1 to 1024 bytes" }
        if path.hasPrefix("/") { return "the path must be relative to the workspace" }
        if path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return "the path contains control characters" }
        if path.contains("\\") { return "the path must separate folders with '/', not '\\'" }
        if path.unicodeScalars.contains(where: \.properties.isBidiControl) {
            return "the path contains bidirectional text controls (such as U+202E), which make a name read other than it is"
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "the path must not contain empty, '.' or '..' segments"
        }
        return nil
    }
}
