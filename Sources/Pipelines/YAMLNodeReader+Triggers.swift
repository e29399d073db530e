import YAMLReading
import Yams

// MARK: - Triggers

extension YAMLNodeReader {
    /// `push`, `pull_request`, `manual` and `schedule` under `triggers:`.
    mutating func triggers(from node: Node) -> PipelineTriggers {
        if YAMLNodeReader.isNull(node) { return PipelineTriggers() }
        let allowed = ["push", "pull_request", "manual", "schedule"]
        guard let fields = entries(of: node, "triggers", allowed: allowed) else { return PipelineTriggers() }
        var triggers = PipelineTriggers()
        if let push = fields["push"] {
            triggers.push = self.push(from: push)
        }
        if let pullRequest = fields["pull_request"] {
            triggers.pullRequest = self.pullRequest(from: pullRequest)
        }
        if let manual = fields["manual"] {
            triggers.manual = boolean(manual, "manual") ?? true
        }
        if let schedule = fields["schedule"] {
            triggers.schedule = self.schedule(from: schedule)
        }
        return triggers
    }

    /// `push:` alone (or `push: {}`) means every branch; `branches` and `tags` narrow it. Tags
    /// only trigger when `tags` is given, and giving only `tags` means no branch pushes.
    private mutating func push(from node: Node) -> PipelineTriggers.Push? {
        let everyBranch = [Glob("**")]
        if YAMLNodeReader.isNull(node) { return PipelineTriggers.Push(branches: everyBranch) }
        guard let fields = entries(of: node, "push", allowed: ["branches", "tags"]) else { return nil }
        let tags = fields["tags"].flatMap { globList($0, "tags") } ?? []
        let branches: [Glob]
        if let node = fields["branches"] {
            branches = globList(node, "branches") ?? []
        } else {
            branches = fields["tags"] == nil ? everyBranch : []
        }
        return PipelineTriggers.Push(branches: branches, tags: tags)
    }

    /// `pull_request:` alone means pull requests into any branch; `branches` lists the target
    /// branches that count.
    private mutating func pullRequest(from node: Node) -> PipelineTriggers.PullRequest? {
        let everyBranch = [Glob("**")]
        if YAMLNodeReader.isNull(node) { return PipelineTriggers.PullRequest(targetBranches: everyBranch) }
        guard let fields = entries(of: node, "pull_request", allowed: ["branches"]) else { return nil }
        let branches = fields["branches"].map { globList($0, "branches") ?? [] } ?? everyBranch
        return PipelineTriggers.PullRequest(targetBranches: branches)
    }

    /// One `daily at HH:MM` or a list of them.
    private mutating func schedule(from node: Node) -> [DailySchedule] {
        guard let items = textList(node, "schedule") else { return [] }
        var result: [DailySchedule] = []
        for item in items {
            guard let time = DailySchedule(parsing: item.value) else {
                report("schedule entries must look like 'daily at 02:30' (UTC, 24-hour), found \"\(item.value)\"", at: item.node)
                continue
            }
            if !result.contains(time) { result.append(time) }
        }
        return result
    }
}

// MARK: - Globs

extension YAMLNodeReader {
    /// A list of glob patterns (branches, tags, repositories).
    mutating func globList(_ node: Node, _ field: String) -> [Glob]? {
        textList(node, field).map { $0.map { Glob($0.value) } }
    }
}
