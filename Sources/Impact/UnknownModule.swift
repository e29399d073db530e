import Foundation
import MemberwiseInit

/// A place the graph knows holds modules it does not describe: a folder with a build file
/// (`build.gradle.kts`, `Package.swift`, `project.yml`) that no known module owns, or, with
/// the empty path, the whole project when its settings include projects by code the reader
/// cannot follow.
///
/// A changed file whose longest owning root is an unknown module runs every suite: no one can
/// say which modules it reaches, and selecting nothing for it would be a silent
/// under-selection. A known module or suite deeper in the same folder still owns its own files.
@MemberwiseInit(.public)
public struct UnknownModule: Codable, Sendable, Hashable {
    /// The project-relative folder; empty for "anything no known module owns".
    public var path: String
    /// What tells of it, as the run-all reason names it: the build file
    /// (`legacy/build.gradle`) or the settings line (`settings.gradle.kts:42`).
    public var source: String

    private enum CodingKeys: String, CodingKey {
        case path, source
    }

    /// Reads an entry; `path` defaults to the whole project, `source` to the path.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decodeIfPresent(String.self, forKey: .path) ?? ""
        source = try container.decodeIfPresent(String.self, forKey: .source) ?? (path.isEmpty ? "the graph" : path)
    }
}
