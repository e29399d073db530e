import MemberwiseInit

/// A validated pipeline: what to run, where, and when, as read from one file in `pipelines/`.
///
/// Values of this type only come out of `PipelineParser` (or tests), so every invariant the
/// parser checks holds: steps are non-empty, keys unique, dependencies known and acyclic.
@MemberwiseInit(.public)
public struct PipelineDefinition: Sendable, Equatable, Codable {
    /// Unique across the folder; a lowercase slug such as `ios-pr`.
    public var name: String
    /// The file it was read from.
    public var file: String
    /// Repository name patterns it applies to; empty means every repository.
    public var repositories: [Glob] = []
    /// Events that start it.
    public var triggers: PipelineTriggers = PipelineTriggers()
    /// Variables for every step.
    public var env: [String: String] = [:]
    /// The steps, in file order.
    public var steps: [StepDefinition]
    /// How builds of this pipeline share slots, if they do.
    public var concurrency: ConcurrencyRule?
    /// Scheduling priority; higher runs first. Default 0.
    public var priority: Int = 0
    /// Whether a new commit on a pull request cancels that pull request's running and pending
    /// builds of this pipeline. Default `true`; only pull-request builds are affected.
    public var cancelSuperseded: Bool = true

    // MARK: Applicability

    /// Whether the pipeline builds `repository` (names compare ignoring case).
    public func applies(toRepository repository: String) -> Bool {
        repositories.isEmpty || repositories.anyMatches(repository, ignoringCase: true)
    }

    /// Whether `context` in `repository` starts this pipeline.
    public func isTriggered(by context: TriggerContext, repository: String) -> Bool {
        applies(toRepository: repository) && triggers.matches(context)
    }

    /// The step with `key`, if any.
    public func step(_ key: String) -> StepDefinition? {
        steps.first { $0.key == key }
    }
}
