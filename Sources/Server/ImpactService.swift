import Core
import Dispatch
import Foundation
import Impact
import Store

/// `POST /api/v1/impact`: which test suites a change can break, for a graph given in the
/// request or read from a repository the server knows.
///
/// For a repository the server keeps a git mirror per repository (beside the database, in
/// `impact/mirrors`), fetches it, checks the head revision out into a throwaway folder, reads
/// the changed files (`base`…`head`) and, unless a graph came with the request, the module
/// graph from the project files there. Those files are parsed (Gradle, XcodeGen), never run:
/// a Swift package needs a graph in the request, since Package.swift is a program. Git runs on one serial queue, off Swift's cooperative
/// threads, so a slow clone never stalls other requests and two requests never share a mirror.
struct ImpactService: Sendable {
    let repositories: any RepositoryStore
    let directory: String
    private let queue = DispatchQueue(label: "mobile-ops.impact.git")

    init(repositories: any RepositoryStore, configuration: ServerConfiguration) {
        self.repositories = repositories
        self.directory = URL(fileURLWithPath: configuration.databasePath).deletingLastPathComponent().appendingPathComponent("impact").path
    }

    /// What the request asks for, decoded and checked by ``ImpactController``.
    struct Input: Sendable {
        var repository: String?
        var graph: Data?
        var changedFiles: [String]?
        var base: String?
        var head: String?
        var runAll: [String]
        var projectPath: String?
        /// Only this build description of the project, when the repository has several.
        var kind: ProjectKind? = nil
    }

    /// The report. - Throws: `APIError` for an unknown repository or input git or the readers refuse.
    func analyze(_ input: Input) async throws -> ImpactReport {
        let repository: Repository?
        if let name = input.repository {
            guard let found = try repositories.repository(named: name) else {
                throw APIError.notFound("no repository named '\(name)'; register it with POST /api/v1/repositories")
            }
            repository = found
        } else {
            repository = nil
        }
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try self.analyzeNow(input, repository: repository) })
            }
        }
    }

    private func analyzeNow(_ input: Input, repository: Repository?) throws(APIError) -> ImpactReport {
        guard let repository else {
            // Validated: without a repository there is a graph and a file list.
            do {
                let graph = try ModuleGraphLoader().decode(input.graph ?? Data(), source: "request body 'graph'")
                return try report(graph: graph, changes: ChangeSet(paths: input.changedFiles ?? []), runAll: input.runAll)
            } catch {
                throw .badRequest(error.description, code: "impact_failed")
            }
        }
        let mirror = directory + "/mirrors/" + Repository.folderName(for: repository.name) + ".git"
        let checkout = directory + "/checkouts/" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: checkout) }
        do {
            return try analyze(input, repository: repository, mirror: mirror, checkout: checkout)
        } catch {
            throw ImpactFailure(checkout: checkout, hidden: [mirror, directory]).apiError(error)
        }
    }

    /// Checks `head` out into `checkout` and reads the change and the graph there.
    private func analyze(_ input: Input, repository: Repository, mirror: String, checkout: String) throws(ImpactError) -> ImpactReport {
        let git = GitCheckout()
        try git.updateMirror(mirror, from: repository.cloneURL)
        try git.checkout(mirror: mirror, revision: input.head ?? repository.defaultBranch, into: checkout)
        let project = input.projectPath.map { checkout + "/" + $0 } ?? checkout
        let changes: ChangeSet
        if let files = input.changedFiles {
            changes = ChangeSet(paths: files)
        } else {
            changes = try GitChangeReader().changes(in: project, base: input.base ?? repository.defaultBranch, head: "HEAD")
        }
        // Parse only: the checkout is whatever a read token named, so its code never runs
        // here; a Swift package needs a graph in the request.
        let loader = ModuleGraphLoader(policy: .parseOnly)
        let graph: ModuleGraph
        if let data = input.graph {
            graph = try loader.decode(data, source: "request body 'graph'", projectDirectory: project)
        } else {
            graph = try loader.load(projectDirectory: project, kind: input.kind).graph
        }
        return try report(graph: graph, changes: changes, runAll: input.runAll)
    }

    private func report(graph: ModuleGraph, changes: ChangeSet, runAll: [String]) throws(ImpactError) -> ImpactReport {
        try ImpactAnalyzer(graph: graph, triggers: RunAllTriggers.default.adding(runAll)).analyze(changes)
    }
}
