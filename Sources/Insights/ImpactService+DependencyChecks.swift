import Checks
import Core
import Foundation
import Impact
import Store
import YAMLReading

/// `POST /api/v1/checks/deps`: a registered repository's dependency rules, checked at a
/// revision through the same mirror, checkout and parse-only readers as impact analysis.
extension ImpactService {
    /// The report at `input.revision`; with `baseline`, compared with the same rules on the
    /// default branch's head. - Throws: `ServiceError` (404 unknown repository, 400 an
    /// unreadable revision or project) or ``DependencyChecksError/invalidRules(_:)``.
    public func checkDependencies(_ input: DependencyChecksInput) async throws -> DependencyCheckReport {
        guard let repository = try await repositories.repository(named: input.repository) else {
            throw ServiceError.notFound("no repository named '\(input.repository)'; register it with POST /api/v1/repositories")
        }
        return try await runner.run { cancellation in
            try self.checkNow(input, repository: repository, git: GitCheckout(searchPath: self.gitSearchPath, cancellation: cancellation))
        }
    }

    private func checkNow(_ input: DependencyChecksInput, repository: Repository, git: GitCheckout) throws -> DependencyCheckReport {
        let mirror = mirror(of: repository)
        let head = try mirrors.withLock(mirror) { () throws(ServiceError) -> String in
            try attempt(hiding: mirror) { () throws(ImpactError) in try git.updateMirror(mirror, from: repository.cloneURL) }
            do throws(ImpactError) {
                return try git.commit(of: input.revision ?? repository.defaultBranch, inMirror: mirror)
            } catch {
                let failure = ImpactFailure(checkout: directory + "/checkouts", hidden: [mirror, directory])
                throw ServiceError.badRequest(failure.scrub(error.description), code: "invalid_revision")
            }
        }
        let (rules, graph) = try read(input, at: head, mirror: mirror, git: git, rules: nil)
        var baseline: [DependencyViolation]?
        var notes: [String] = []
        if input.baseline {
            do {
                let base = try mirrors.withLock(mirror) { () throws(ServiceError) in
                    try attempt(hiding: mirror) { () throws(ImpactError) in try git.commit(of: repository.defaultBranch, inMirror: mirror) }
                }
                // The request's rules on the default branch's graph: a rule adopted in this
                // change fails only where the change adds to what the branch already breaks.
                let baseGraph = base == head ? graph : try read(input, at: base, mirror: mirror, git: git, rules: rules).1
                baseline = DependencyChecker(graph: baseGraph).violations(of: rules)
            } catch let error as ServiceError {
                baseline = []
                notes.append("baseline: the default branch '\(repository.defaultBranch)' could not be read (\(error.message)); every violation counts as new")
            }
        }
        var report = DependencyChecker.report(graph: graph, rules: rules, baseline: baseline)
        report.warnings += notes
        return report
    }

    /// The rules (read at `commit` unless given) and the module graph at `commit`.
    private func read(
        _ input: DependencyChecksInput, at commit: String, mirror: String, git: GitCheckout, rules given: DependencyRules?
    ) throws -> (DependencyRules, ModuleGraph) {
        let checkout = directory + "/checkouts/" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: checkout) }
        let failure = ImpactFailure(checkout: checkout, hidden: [mirror, directory])
        try mirrors.withLock(mirror) { () throws(ServiceError) in
            try attempt(failure) { () throws(ImpactError) in try git.checkout(mirror: mirror, revision: commit, into: checkout) }
        }
        let folder = input.projectPath ?? "."
        let project = try RepositoryPath.resolve(folder, in: checkout, field: "project", kind: .folder)
        let rules = try given ?? readRules(input.rules, project: folder, checkout: checkout)
        // Parse only: the checkout is whatever a read token named, so its code never runs here.
        let loaded = try attempt(failure) { () throws(ImpactError) in
            try ModuleGraphLoader(policy: .parseOnly, cancellation: git.cancellation)
                .load(projectDirectory: project, kind: input.kind, boundary: checkout).graph
        }
        var graph = loaded
        graph.warnings = graph.warnings.map(failure.scrub)
        return (rules, graph)
    }

    private func readRules(_ source: DependencyChecksInput.Rules?, project: String, checkout: String) throws -> DependencyRules {
        let parsed: Result<DependencyRules, YAMLDiagnostics>
        switch source {
        case let .inline(text):
            parsed = DependencyRulesParser.parse(yaml: text, file: "request body 'rules'")
        case let .file(path):
            let file = try RepositoryPath.resolve(path, in: checkout, field: "rulesFile", kind: .file)
            parsed = DependencyRulesParser.parse(contentsOf: file, shownAs: path)
        case nil:
            let path = project == "." ? DependencyRules.defaultFileName : project + "/" + DependencyRules.defaultFileName
            guard (try? ProjectFiles(project: checkout))?.entry(path) != .missing else {
                throw ServiceError.badRequest(
                    "'\(path)' does not exist at that revision; commit a rules file (docs/checks.md), or give 'rules' or 'rulesFile'",
                    code: "missing_rules"
                )
            }
            let file = try RepositoryPath.resolve(path, in: checkout, field: "rulesFile", kind: .file)
            parsed = DependencyRulesParser.parse(contentsOf: file, shownAs: path)
        }
        switch parsed {
        case let .success(rules): return rules
        case let .failure(diagnostics): throw DependencyChecksError.invalidRules(diagnostics)
        }
    }

    private func attempt<T>(hiding mirror: String, _ body: () throws(ImpactError) -> T) throws(ServiceError) -> T {
        try attempt(ImpactFailure(checkout: directory + "/checkouts", hidden: [mirror, directory]), body)
    }

    private func attempt<T>(_ failure: ImpactFailure, _ body: () throws(ImpactError) -> T) throws(ServiceError) -> T {
        do { return try body() } catch {
            throw failure.checksError(error)
        }
    }
}
