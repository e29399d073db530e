import Foundation
import MemberwiseInit

/// One buildable unit of a project: an SPM target, a Gradle project, an XcodeGen target.
///
/// A module owns every file under any of its `paths` (directories or single files, relative to
/// the project root), except where a longer path belongs to someone else — a test suite's
/// source set inside the module's folder, say.
@MemberwiseInit(.public)
public struct Module: Codable, Sendable, Hashable, Identifiable {
    /// The identifier the build tool uses: `AppFeature`, `:core:data`, `App`.
    public var name: String
    /// Project-relative directories or files the module's code and build file live in.
    public var paths: [String]
    /// Modules this one's production code depends on (by ``name``). Unknown names are allowed
    /// (external packages) and are ignored by the analysis.
    public var dependencies: [String] = []
    /// How the build files declare this module's dependencies, production and test, with file
    /// and line; nil when the reader keeps no such record (a graph file, a manifest read from
    /// its text). Dependency rules read it; impact analysis follows ``dependencies``.
    public var declarations: [DependencyDeclaration]?

    /// The module's identity is its name, unique within a graph.
    public var id: String { name }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case name, paths, dependencies, declarations
    }

    /// Reads a module; `paths` and `dependencies` may be left out by tools that have none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        paths = try container.decodeIfPresent([String].self, forKey: .paths) ?? []
        dependencies = try container.decodeIfPresent([String].self, forKey: .dependencies) ?? []
        declarations = try container.decodeIfPresent([DependencyDeclaration].self, forKey: .declarations)
    }
}
