import Foundation
import MemberwiseInit

/// A runnable test suite: an SPM test target, a Gradle source set's tests, a test bundle.
///
/// A suite belongs to the ``module`` it tests; it runs when that module is affected. Its own
/// ``paths`` hold its test code: a change there selects only this suite. Its ``dependencies``
/// are test edges (`testImplementation`, a test target's other dependencies): a suite also runs
/// when one of those modules is affected.
@MemberwiseInit(.public)
public struct TestSuite: Codable, Sendable, Hashable {
    /// The suite's name: `AppFeatureTests`, `:app:androidTest`, `AppUITests`.
    public var name: String
    /// The module the suite tests (by ``Module/name``).
    public var module: String
    /// The suite's kind: ui, unit, snapshot, benchmark, …
    public var kind: TestKind
    /// Project-relative directories or files holding the suite's own sources.
    public var paths: [String] = []
    /// Modules the suite depends on through test edges, besides ``module``.
    public var dependencies: [String] = []

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case name, module, kind, paths, dependencies
    }

    /// Reads a suite. `module` defaults to the suite's own name, `kind` to `unit`, lists to empty:
    /// the lenient reading a hand-written or scripted graph needs.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        module = try container.decodeIfPresent(String.self, forKey: .module) ?? name
        kind = try container.decodeIfPresent(TestKind.self, forKey: .kind) ?? .unit
        paths = try container.decodeIfPresent([String].self, forKey: .paths) ?? []
        dependencies = try container.decodeIfPresent([String].self, forKey: .dependencies) ?? []
    }
}
