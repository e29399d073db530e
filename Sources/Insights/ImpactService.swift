import Core
import Foundation
import Impact
import MemberwiseInit
import Store

/// `POST /api/v1/impact`: which test suites a change can break, for a graph given in the
/// request or read from a repository the server knows.
///
/// For a repository the server keeps a git mirror per repository (beside the database, in
/// `impact/mirrors`), fetches it, checks the head revision out into a throwaway folder, reads
/// the changed files (`base`…`head`) and, unless a graph came with the request, the module
/// graph from the project files there. Those files are parsed (Gradle, XcodeGen), never run:
/// a Swift package needs a graph in the request, since Package.swift is a program; and the
/// readers open nothing outside the checkout (``ProjectFiles``).
///
/// Each analysis runs on a thread of its own, off Swift's cooperative threads, a few at once
/// and each within a deadline (``AnalysisRunner``, ``ImpactLimits``); requests for the same
/// repository take turns on its mirror (``MirrorLocks``).
public struct ImpactService: Sendable {
    let repositories: any RepositoryStore
    let directory: String
    /// Shared with dependency checks (`ImpactService+DependencyChecks.swift`).
    let runner: AnalysisRunner
    let mirrors = MirrorLocks()
    /// Where `git` is looked up (the process's PATH when nil).
    let gitSearchPath: String?

    /// Creates the service; mirrors and checkouts live under `directory`. `gitSearchPath`
    /// is the PATH `git` is found on (the process's own when nil).
    public init(repositories: any RepositoryStore, directory: String, limits: ImpactLimits = .standard, gitSearchPath: String? = nil) {
        self.repositories = repositories
        self.directory = directory
        self.runner = AnalysisRunner(limits: limits)
        self.gitSearchPath = gitSearchPath
    }

    /// Stops every analysis in flight (its git is killed, its caller answered 503
    /// `shutting_down`) and refuses new ones: the server is shutting down.
    public func stopAll() {
        runner.stopAll()
    }

    /// The mirror folder of `repository`: keyed by its name and clone URL, so two names that
    /// read alike (`zz/m+1`, `zz/m_1`) or a name registered again with another URL never
    /// share one; a readable prefix names it for an operator.
    func mirror(of repository: Repository) -> String {
        directory + "/mirrors/" + Repository.mirrorFolderName(name: repository.name, cloneURL: repository.cloneURL) + ".git"
    }

    /// Where the module graph comes from.
    public enum Graph: Sendable {
        /// The document itself, from the request body.
        case inline(Data)
        /// A repository-relative path (already validated) to a graph file, read at `head`.
        case file(String)
    }

    /// What the request asks for, decoded and checked by ``ImpactController``.
    @MemberwiseInit(.public)
    public struct Input: Sendable {
        /// A registered repository's name, to read the graph and changes from.
        public var repository: String?
        /// The module graph, when the request brings it.
        public var graph: Graph?
        /// The changed paths, when the request lists them instead of naming `base`.
        public var changedFiles: [String]?
        /// The revision the change is compared with.
        public var base: String?
        /// The revision under test (the default branch when nil).
        public var head: String?
        /// Path patterns whose change selects every suite.
        public var runAll: [String]
        /// The project's folder inside the repository (its root when nil).
        public var projectPath: String?
        /// Only this build description of the project, when the repository has several.
        public var kind: ProjectKind? = nil
    }

    /// The report. - Throws: `ServiceError` for an unknown repository or input git or the readers refuse.
    public func analyze(_ input: Input) async throws -> ImpactReport {
        let repository: Repository?
        if let name = input.repository {
            guard let found = try await repositories.repository(named: name) else {
                throw ServiceError.notFound("no repository named '\(name)'; register it with POST /api/v1/repositories")
            }
            repository = found
        } else {
            repository = nil
        }
        return try await runner.run { cancellation in
            try self.analyzeNow(input, repository: repository, cancellation: cancellation)
        }
    }

    private func analyzeNow(_ input: Input, repository: Repository?, cancellation: Cancellation) throws(ServiceError) -> ImpactReport {
        guard let repository else {
            // Validated: without a repository there is an inline graph and a file list.
            guard case let .inline(data) = input.graph else {
                throw .badRequest("a 'graph' path needs a 'repository'", code: "invalid_graph")
            }
            do {
                let graph = try ModuleGraphLoader().decode(data, source: "request body 'graph'")
                return try report(graph: graph, changes: ChangeSet(paths: input.changedFiles ?? []), runAll: input.runAll)
            } catch {
                throw .badRequest(error.description, code: "impact_failed")
            }
        }
        let mirror = mirror(of: repository)
        let checkout = directory + "/checkouts/" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: checkout) }
        let failure = ImpactFailure(checkout: checkout, hidden: [mirror, directory])
        func step<T>(_ body: () throws(ImpactError) -> T) throws(ServiceError) -> T {
            do { return try body() } catch { throw failure.apiError(error) }
        }
        let git = GitCheckout(searchPath: gitSearchPath, cancellation: cancellation)
        // One request at a time on a mirror: fetching, resolving and checking out.
        let base = try mirrors.withLock(mirror) { () throws(ServiceError) -> String? in
            try step { () throws(ImpactError) in try git.updateMirror(mirror, from: repository.cloneURL) }
            // Both resolved in the mirror, so any branch works, not only the default one.
            let head = try step { () throws(ImpactError) in try git.commit(of: input.head ?? repository.defaultBranch, inMirror: mirror) }
            let base = try input.changedFiles == nil
                ? step { () throws(ImpactError) in try git.commit(of: input.base ?? repository.defaultBranch, inMirror: mirror) }
                : nil
            try step { () throws(ImpactError) in try git.checkout(mirror: mirror, revision: head, into: checkout) }
            return base
        }
        // Checked again after checkout: a committed symlink can lead anywhere.
        let project = try RepositoryPath.resolve(input.projectPath ?? ".", in: checkout, field: "project", kind: .folder)
        let changes = try step { () throws(ImpactError) in
            guard let base else { return ChangeSet(paths: input.changedFiles ?? []) }
            return try GitChangeReader(searchPath: gitSearchPath, cancellation: cancellation).changes(in: project, base: base, head: "HEAD")
        }
        // Parse only: the checkout is whatever a read token named, so its code never runs
        // here; a Swift package needs a graph in the request.
        let loader = ModuleGraphLoader(policy: .parseOnly, cancellation: cancellation)
        var graph: ModuleGraph
        switch input.graph {
        case let .inline(data):
            graph = try step { () throws(ImpactError) in try loader.decode(data, source: "request body 'graph'", projectDirectory: project) }
        case let .file(path):
            let file = try RepositoryPath.resolve(path, in: checkout, field: "graph", kind: .file)
            let data = try Self.readGraphFile(file, named: path)
            graph = try step { () throws(ImpactError) in try loader.decode(data, source: path, projectDirectory: project) }
        case nil:
            graph = try step { () throws(ImpactError) in try loader.load(projectDirectory: project, kind: input.kind, boundary: checkout).graph }
        }
        // Warnings go to the caller as errors do: no server folder in them (as dependency checks).
        graph.warnings = graph.warnings.map(failure.scrub)
        return try step { () throws(ImpactError) in try report(graph: graph, changes: changes, runAll: input.runAll) }
    }

    /// The largest graph file read from a checkout: far above any real graph, far below what
    /// would strain the server's memory.
    static let graphFileLimit = 64 << 20

    /// The bytes of a graph file in the checkout; errors name it as the caller wrote it.
    private static func readGraphFile(_ file: String, named path: String) throws(ServiceError) -> Data {
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        guard size <= graphFileLimit else {
            throw .badRequest("graph file '\(path)' is larger than \(graphFileLimit >> 20) MiB", code: "invalid_graph")
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .badRequest("graph file '\(path)' cannot be read", code: "invalid_graph")
        }
        return data
    }

    private func report(graph: ModuleGraph, changes: ChangeSet, runAll: [String]) throws(ImpactError) -> ImpactReport {
        try ImpactAnalyzer(graph: graph, triggers: RunAllTriggers.default.adding(runAll)).analyze(changes)
    }
}
