import Foundation
import MemberwiseInit

/// A project's modules, their production dependencies, and its test suites: everything impact
/// analysis needs to know about the build, in one value.
///
/// Encodes as (and decodes from) the documented JSON module-graph format,
/// `docs/impact-graph-format.md`, so any build tool or script can hand us a graph.
@MemberwiseInit(.public)
public struct ModuleGraph: Codable, Sendable, Hashable {
    /// The value of the `format` key that marks a document as ours.
    public static let formatName = "mobile-ops-module-graph"
    /// The newest format version this library reads. Version 2 added ``unknownModules``; a
    /// graph without them is still written as version 1, so older readers keep reading it.
    public static let currentVersion = 2

    /// The format version this graph is written as: the oldest that holds all of it (2 with
    /// ``unknownModules``, else 1), so a reader too old to honour a field refuses the document
    /// rather than dropping the field silently.
    public var version: Int { unknownModules.isEmpty ? 1 : 2 }
    /// Every module of the project.
    public var modules: [Module]
    /// Every test suite of the project.
    public var testSuites: [TestSuite] = []
    /// Project-relative files or folders the graph cannot see into (an included build, an
    /// XcodeGen include file): a change there forces every suite to run.
    public var runAllPaths: [String] = []
    /// Folders holding modules the graph does not describe, or the whole project when its
    /// settings could not be followed: a changed file they own runs every suite.
    public var unknownModules: [UnknownModule] = []
    /// Things a reader noticed but could not model (an unparseable dependency, say). Never
    /// fatal; shown to the user so a wrong selection can be explained.
    public var warnings: [String] = []

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case format, version, modules, testSuites, runAllPaths, unknownModules, warnings
    }

    /// Reads the JSON format; rejects another `format` name or a newer version with a clear error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let format = try container.decodeIfPresent(String.self, forKey: .format), format != Self.formatName {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: container,
                debugDescription: "format is '\(format)', expected '\(Self.formatName)'"
            )
        }
        let version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        guard version <= Self.currentVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: "version \(version) is newer than the supported \(Self.currentVersion)"
            )
        }
        modules = try container.decode([Module].self, forKey: .modules)
        testSuites = try container.decodeIfPresent([TestSuite].self, forKey: .testSuites) ?? []
        runAllPaths = try container.decodeIfPresent([String].self, forKey: .runAllPaths) ?? []
        unknownModules = try container.decodeIfPresent([UnknownModule].self, forKey: .unknownModules) ?? []
        warnings = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
    }

    /// Writes the JSON format, `format` key first in spirit (keys are sorted by the encoder).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatName, forKey: .format)
        // A reader of version 1 would ignore `unknownModules` and select nothing where this
        // graph runs everything: version 2 makes it refuse the document instead.
        try container.encode(version, forKey: .version)
        try container.encode(modules, forKey: .modules)
        try container.encode(testSuites, forKey: .testSuites)
        try container.encode(runAllPaths, forKey: .runAllPaths)
        if !unknownModules.isEmpty { try container.encode(unknownModules, forKey: .unknownModules) }
        if !warnings.isEmpty { try container.encode(warnings, forKey: .warnings) }
    }
}
