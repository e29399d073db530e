import Foundation

/// Everything that can go wrong reading a graph or a change, each with a message that says
/// what to do about it.
public enum ImpactError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file the caller named does not exist or cannot be read.
    case unreadableFile(path: String, reason: String)
    /// A path a build file names (or the build file itself, through a symlink) leads outside
    /// the repository, where readers never look; `namedIn` is the file that named it.
    case outsideRepository(path: String, namedIn: String?)
    /// A JSON document is neither our graph format nor `swift package dump-package` output.
    case unrecognizedGraphDocument(path: String, reason: String)
    /// A graph's content breaks a rule (a duplicate or empty module name).
    case invalidGraph(String)
    /// A YAML or build file could not be parsed.
    case invalidBuildFile(path: String, reason: String)
    /// No Package.swift, settings.gradle(.kts) or project.yml in the project folder.
    case unknownProjectKind(directory: String)
    /// The project can only be read by running its code (a Package.swift), which this loader
    /// may not do; a module graph has to be given instead.
    case graphRequired(directory: String, kind: ProjectKind)
    /// A revision names no branch, tag or commit of the repository.
    case unknownRevision(String)
    /// A tool we run (swift, git) is not on PATH.
    case toolNotFound(String)
    /// A tool we ran exited non-zero.
    case commandFailed(command: String, status: Int32, stderr: String)
    /// A shard plan was asked for a shard count below one.
    case invalidShardCount(Int)

    /// One line for a person.
    public var description: String {
        switch self {
        case let .unreadableFile(path, reason):
            "cannot read \(path): \(reason)"
        case let .outsideRepository(path, namedIn):
            (namedIn.map { "\($0): " } ?? "") + "'\(path)' leads outside the repository, and files outside it are never read"
        case let .unrecognizedGraphDocument(path, reason):
            "\(path) is neither a mobile-ops module graph nor `swift package dump-package` output (\(reason)); see docs/impact-graph-format.md"
        case let .invalidGraph(reason):
            "invalid module graph: \(reason)"
        case let .invalidBuildFile(path, reason):
            "cannot parse \(path): \(reason)"
        case let .unknownProjectKind(directory):
            "\(directory) has no Package.swift, settings.gradle(.kts) or project.yml; pass --graph with a module graph"
        case let .graphRequired(directory, _):
            "\(directory) is a Swift package, and reading Package.swift means running it, which is not allowed here; give a module graph"
        case let .unknownRevision(revision):
            "'\(revision)' names no branch, tag or commit of the repository"
        case let .toolNotFound(tool):
            "`\(tool)` is not on PATH"
        case let .commandFailed(command, status, stderr):
            "`\(command)` exited with status \(status)" + (stderr.isEmpty ? "" : ": \(stderr)")
        case let .invalidShardCount(count):
            "shard count must be at least 1, got \(count)"
        }
    }
}
