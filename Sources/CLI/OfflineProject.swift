import ArgumentParser
import Foundation
import Impact

/// The project folder the offline commands (`impact`, `checks deps`) read: checked on the
/// command line and turned into a module graph the same way for both, so that they select and
/// check against one graph.
enum OfflineProject {
    /// Refuses a `--project` that is not a folder.
    static func validate(project: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: project, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--project \(project) is not a folder")
        }
    }

    /// Refuses a `--kind` no build description reader has.
    static func validate(kind: String?) throws {
        if let kind, ProjectKind.named(kind) == nil {
            throw ValidationError("--kind \(kind): use gradle, xcodegen or spm")
        }
    }

    /// The `--graph` file when given, else what the project's build descriptions say (only
    /// `kind`'s when given, else all of them merged).
    static func moduleGraph(project: String, graph: String?, kind: String?) throws -> ModuleGraph {
        // The user's own project on the user's own machine: running Package.swift is theirs to allow.
        let loader = ModuleGraphLoader(policy: .runManifests)
        if let graph {
            return try loader.load(graphFile: graph, projectDirectory: project)
        }
        // Readers may open files anywhere in the project's repository, nowhere else.
        let boundary = GitCheckout().workTree(containing: project)
        return try loader.load(projectDirectory: project, kind: kind.flatMap(ProjectKind.named), boundary: boundary).graph
    }

    /// Writes `error: message` to standard error and answers the exit status to throw: the
    /// offline commands' way of saying a project, rules or change could not be read (they have
    /// no server, so no `CLIError`).
    static func failure(_ message: String, exitStatus: Int32) -> ExitCode {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return ExitCode(exitStatus)
    }
}
