import Foundation
import MemberwiseInit

/// Where and how a build file declares one module's dependency on another: the configuration
/// (`implementation`, `api`, `testImplementation`, an XcodeGen `target`), whether only tests
/// use it, and the file and line that say so.
///
/// Impact analysis does not need these (it follows ``Module/dependencies``); dependency rules
/// do, to name the declaration a violation comes from and to tell `api` from `implementation`.
/// A reader records one per dependency it could read; edges it added by widening have none.
@MemberwiseInit(.public)
public struct DependencyDeclaration: Codable, Sendable, Hashable {
    /// How a declaration names a library from outside the project (`external:GRDB`), which
    /// dependency rules can forbid; it is no module, and impact analysis never follows it.
    public static let externalPrefix = "external:"

    /// The module depended on (by ``Module/name``), or an external library (``externalPrefix``).
    public var target: String
    /// The configuration as the build file spells it: `implementation`, `api`,
    /// `testImplementation`, `target`, `package`, `dependency`.
    public var configuration: String
    /// Whether only test code uses the dependency (`testImplementation`, a test target's).
    public var isTest: Bool = false
    /// The declaring file, relative to the project root, when known.
    public var file: String?
    /// The 1-based line in ``file``, when known.
    public var line: Int?

    /// Whether ``target`` names a library from outside the project.
    public var isExternal: Bool { target.hasPrefix(Self.externalPrefix) }

    private enum CodingKeys: String, CodingKey {
        case target, configuration, test, file, line
    }

    /// Reads a declaration; only `target` is required (configuration defaults to `dependency`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        target = try container.decode(String.self, forKey: .target)
        configuration = try container.decodeIfPresent(String.self, forKey: .configuration) ?? "dependency"
        isTest = try container.decodeIfPresent(Bool.self, forKey: .test) ?? false
        file = try container.decodeIfPresent(String.self, forKey: .file)
        line = try container.decodeIfPresent(Int.self, forKey: .line)
    }

    /// Writes the declaration, leaving out what is unknown.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(target, forKey: .target)
        try container.encode(configuration, forKey: .configuration)
        if isTest { try container.encode(isTest, forKey: .test) }
        try container.encodeIfPresent(file, forKey: .file)
        try container.encodeIfPresent(line, forKey: .line)
    }
}

/// The 1-based line of a UTF-16 offset in a text, answered from one pass over its line breaks.
struct LineTable {
    private var breaks: [Int] = []

    /// Indexes the line breaks of `text`.
    init(_ text: String) {
        var offset = 0
        for unit in text.utf16 {
            if unit == 0x0A { breaks.append(offset) }
            offset += 1
        }
    }

    /// The line holding `offset`.
    func line(ofUTF16Offset offset: Int) -> Int {
        var low = 0
        var high = breaks.count
        while low < high {
            let middle = (low + high) / 2
            if breaks[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low + 1
    }
}
