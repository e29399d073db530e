import Core
import MemberwiseInit
import Pipelines
import Store
import Webhooks

/// Turns "this happened" (a push, a PR update, a manual trigger) into build drafts, using
/// the pipelines the library currently holds.
@MemberwiseInit(.public)
public struct BuildPlanner: Sendable {
    private let library: PipelineLibrary

    /// One draft per pipeline the webhook trigger matches for the repository.
    public func drafts(for trigger: BuildTrigger, repository: Repository, message: String?, author: String?) -> [BuildDraft] {
        let context: TriggerContext
        var tag: String?
        var pullRequest: Int?
        let kind: String
        switch trigger.kind {
        case let .push(branch):
            context = .push(branch: branch)
            kind = "push"
        case let .tag(name):
            context = .tag(name: name)
            tag = name
            kind = "tag"
        case let .pullRequest(number, source, target):
            context = .pullRequest(targetBranch: target, sourceBranch: source, number: number)
            pullRequest = number
            kind = "pull_request"
        }
        // A pull request's target branch: where `ui_tests:` steps diff from (its merge base);
        // and the target's commit the host reported, the findings' baseline of last resort.
        var env = context.targetBranch.map { [UITestSelection.baseBranchVariable: $0] } ?? [:]
        if context.targetBranch != nil, let base = trigger.baseCommitSHA, MergeBase.isCommitID(base) {
            env[UITestSelection.baseCommitVariable] = base
        }
        return library.catalog.matching(context, repository: repository.name).map { pipeline in
            var planned = draft(pipeline, context: context, kind: kind, repository: repository, commitSHA: trigger.commitSHA,
                                branch: trigger.branch, tag: tag, pullRequest: pullRequest, message: message, author: author, env: env)
            // Stored with the build: the secrets a job gets are decided from it, never from the job.
            planned.pullRequestOrigin = trigger.pullRequestOrigin
            return planned
        }
    }

    /// A manual build of a named pipeline.
    /// - Throws: `ServiceError` 404 for an unknown pipeline, 422-style 400 when it does not allow manual runs.
    public func manualDraft(pipeline name: String, repository: Repository?, branch: String, commitSHA: String, env: [String: String], author: String) throws -> BuildDraft {
        guard let pipeline = library.catalog.pipeline(named: name) else {
            let known = library.catalog.pipelines.map(\.name).sorted().joined(separator: ", ")
            throw ServiceError.notFound("no pipeline named '\(name)'; loaded pipelines: \(known.isEmpty ? "none" : known)")
        }
        if let repository, !pipeline.applies(toRepository: repository.name) {
            throw ServiceError.badRequest("pipeline '\(name)' does not apply to repository \(repository.name)", code: "pipeline_not_applicable")
        }
        guard pipeline.triggers.manual else {
            throw ServiceError.badRequest("pipeline '\(name)' does not allow manual builds (triggers.manual is false)", code: "manual_not_allowed")
        }
        return draft(pipeline, context: .manual, kind: "manual", repository: repository, commitSHA: commitSHA,
                     branch: branch, tag: nil, pullRequest: nil, message: nil, author: author, env: env)
    }

    /// The same build again (`POST /builds/{id}/retry`): its trigger, branch, tag, commit, pull
    /// request and where it came from (so a fork's retry is still a fork's), message, author,
    /// environment (with a pull request's base branch) and concurrency group, with the jobs its
    /// pipeline expands to now. A retry repeats a build
    /// that was allowed to run, so it needs no `triggers.manual`.
    /// - Parameter env: The build-wide environment `original` was created with.
    /// - Throws: `ServiceError` 404 when its pipeline is no longer loaded.
    public func retryDraft(of original: Build, repository: Repository?, env: [String: String]) throws -> BuildDraft {
        guard let pipeline = library.catalog.pipeline(named: original.pipeline) else {
            throw ServiceError.notFound("pipeline '\(original.pipeline)' of build \(original.id) is no longer loaded, so the build cannot run again")
        }
        var retry = draft(pipeline, context: .manual, kind: original.trigger, repository: repository, commitSHA: original.commitSHA,
                          branch: original.branch, tag: original.tag, pullRequest: original.pullRequest, message: original.message,
                          author: original.author, env: env)
        // Its own group, not one worked out again as for a manual build (`pr-7`, not the branch's).
        retry.concurrencyGroup = original.concurrencyGroup
        retry.priority = original.priority
        // A retry is never more trusted than its original: a pull request's origin is kept, and
        // one stored without an origin stays unknown (no secrets), never a same-repository one.
        retry.pullRequestOrigin = original.pullRequest == nil ? nil : (original.pullRequestOrigin ?? .unknown)
        return retry
    }

    /// The repository a manual build of `pipeline` runs in when the request names none: the
    /// one registered repository the pipeline applies to.
    ///
    /// A build without a repository would run its steps in an empty folder, so none or several
    /// candidates is the caller's choice to make, never ours to guess.
    /// - Throws: `ServiceError` 404 for an unknown pipeline; 400 `repository_required` naming the candidates.
    public func repositoryForManualBuild(pipeline name: String, among repositories: [Repository]) throws -> Repository {
        guard let pipeline = library.catalog.pipeline(named: name) else {
            let known = library.catalog.pipelines.map(\.name).sorted().joined(separator: ", ")
            throw ServiceError.notFound("no pipeline named '\(name)'; loaded pipelines: \(known.isEmpty ? "none" : known)")
        }
        let candidates = repositories.filter { pipeline.applies(toRepository: $0.name) }
        if candidates.count == 1, let only = candidates.first { return only }
        let names = candidates.map(\.name).sorted()
        let message = names.isEmpty
            ? "pipeline '\(name)' applies to no registered repository; register one (POST /api/v1/repositories) and name it in \"repository\""
            : "pipeline '\(name)' applies to \(names.count) repositories; name one in \"repository\": \(names.joined(separator: ", "))"
        throw ServiceError.badRequest(message, code: "repository_required")
    }

    /// A scheduled build of `pipeline`: the repository's default branch at its tip when the
    /// agent checks it out (the clock has no commit to name), or an empty workspace without one.
    public func scheduledDraft(_ pipeline: PipelineDefinition, repository: Repository?) -> BuildDraft {
        let branch = repository?.defaultBranch
        return draft(pipeline, context: .scheduled, kind: "schedule", repository: repository, commitSHA: branch ?? "HEAD",
                     branch: branch, tag: nil, pullRequest: nil, message: nil, author: "schedule", env: [:])
    }

    private func draft(
        _ pipeline: PipelineDefinition, context: TriggerContext, kind: String, repository: Repository?, commitSHA: String,
        branch: String?, tag: String?, pullRequest: Int?, message: String?, author: String?, env: [String: String]
    ) -> BuildDraft {
        BuildDraft(
            repositoryID: repository?.id, pipeline: pipeline.name, trigger: kind, branch: branch, tag: tag,
            commitSHA: commitSHA, pullRequest: pullRequest, message: message, author: author, env: env,
            concurrencyGroup: pipeline.concurrencyGroup(for: context, repository: repository?.name ?? "", branch: branch),
            priority: pipeline.priority, cancelSuperseded: pipeline.cancelSuperseded,
            cancelInProgress: pipeline.concurrency?.cancelInProgress ?? false,
            jobs: pipeline.jobPlans().map(\.draft)
        )
    }
}
