import Core
import YAMLReading
import Yams

/// A step as read, with the nodes later checks point at.
struct ParsedStep {
    var step: StepDefinition
    /// The `key` value node (duplicate keys are reported there).
    var keyNode: Node?
    /// Each `depends_on` entry with its node (unknown keys and cycles are reported there).
    var dependencies: [(key: String, node: Node)]
}

// MARK: - Steps

extension YAMLNodeReader {
    /// Keys allowed in a step.
    static let stepKeys = [
        "key", "label", "command", "commands", "agents", "timeout", "retry", "depends_on",
        "parallelism", "artifacts", "env", "ui_tests", "checks", "reports", "fail_on", "secrets", "keychain", "devices", "run", "runner",
    ]

    /// The `steps` list, then the checks that span steps: unique keys, known and acyclic
    /// dependencies.
    mutating func steps(from node: Node?, in pipeline: MapEntries) -> [StepDefinition] {
        guard let node else {
            report("missing required key 'steps': a pipeline needs at least one step", at: pipeline.mark)
            return []
        }
        guard case .sequence(let sequence) = node else {
            let found = YAMLNodeReader.isNull(node) ? "nothing" : YAMLNodeReader.describe(node)
            report("steps must be a non-empty list of steps, found \(found)", at: node)
            return []
        }
        guard !sequence.isEmpty else {
            report("steps must not be empty: a pipeline needs at least one step", at: node)
            return []
        }
        let parsed = sequence.enumerated().compactMap { index, item in step(from: item, number: index + 1) }
        checkUniqueKeys(parsed)
        checkDependencies(parsed)
        return parsed.map(\.step)
    }

    /// One step; `number` (1-based) names it in errors until its key is known.
    private mutating func step(from node: Node, number: Int) -> ParsedStep? {
        guard let fields = entries(of: node, "step \(number)", allowed: YAMLNodeReader.stepKeys) else { return nil }
        var key = "step-\(number)"
        if let keyNode = fields["key"] {
            key = stepKey(keyNode) ?? key
        } else {
            report("step \(number) is missing required key 'key'", at: fields.mark)
        }
        let label = fields["label"].flatMap { nonEmptyText($0, "label") } ?? key
        let devices = deviceStep(in: fields, stepKey: key)
        // A devices: step may have no commands of its own: its runner is its work.
        let commands = devices != nil && fields["command"] == nil && fields["commands"] == nil ? [] : self.commands(in: fields, stepKey: key)
        let agents = AgentRequirements(fields["agents"].map { self.agents(from: $0) } ?? [:])
        let timeout = fields["timeout"].flatMap { self.timeout(from: $0) } ?? StepDefinition.defaultTimeoutSeconds
        let retry = fields["retry"].flatMap { retryPolicy(from: $0) } ?? RetryPolicy()
        let dependencies = fields["depends_on"].flatMap { node in
            YAMLNodeReader.isNull(node) ? [] : textList(node, "depends_on")
        } ?? []
        let maximum = StepDefinition.maximumParallelism
        let parallelism = fields["parallelism"].flatMap { integer($0, "parallelism", in: 1...maximum) } ?? 1
        let artifacts = fields["artifacts"].flatMap { node in
            YAMLNodeReader.isNull(node) ? [] : checkoutGlobs(node, "artifacts")
        } ?? []
        let env = fields["env"].map { environment($0, "env") } ?? [:]
        let uiTests = fields["ui_tests"].flatMap { uiTestSelection(from: $0) }
        if let devices, devices.listTests == nil, uiTests == nil, let node = fields["devices"] {
            report("step '\(key)' has 'devices' but nothing to test: add devices.tests (a command printing one test a line) or ui_tests", at: node)
        }
        let checks = fields["checks"].flatMap { dependencyChecks(from: $0) }
        let findings = findingsStep(in: fields)
        let secrets = stepSecrets(in: fields)
        let step = StepDefinition(
            key: key, label: label, commands: commands, agents: agents, timeoutSeconds: timeout,
            retry: retry, dependsOn: dependencies.map(\.value), parallelism: parallelism,
            artifacts: artifacts, env: env, uiTests: uiTests, checks: checks, findings: findings, secrets: secrets, devices: devices
        )
        return ParsedStep(step: step, keyNode: fields["key"], dependencies: dependencies.map { ($0.value, $0.node) })
    }

    private mutating func stepKey(_ node: Node) -> String? {
        guard let key = nonEmptyText(node, "key") else { return nil }
        guard key.count <= 64, key.allSatisfy({ $0.isLowercaseASCIIAlphanumeric || $0 == "_" || $0 == "-" }) else {
            report("key must be 1 to 64 of lowercase letters, digits, '_' and '-', found \"\(key)\"", at: node)
            return nil
        }
        return key
    }

    /// Exactly one of `command` (text) and `commands` (list of text).
    private mutating func commands(in fields: MapEntries, stepKey: String) -> [String] {
        switch (fields["command"], fields["commands"]) {
        case (let single?, let list?):
            report("step '\(stepKey)' has both 'command' and 'commands'; keep one", at: fields.keys["commands"] ?? list)
            _ = nonEmptyText(single, "command")
            return []
        case (let single?, nil):
            return nonEmptyText(single, "command").map { [$0] } ?? []
        case (nil, let list?):
            return textList(list, "commands", allowSingle: false)?.map(\.value) ?? []
        case (nil, nil):
            report("step '\(stepKey)' needs 'command' or 'commands'", at: fields.mark)
            return []
        }
    }

    /// Tag → value or list of acceptable values, all kept as text (`xcode: 16.2` is "16.2").
    private mutating func agents(from node: Node) -> [String: [String]] {
        if YAMLNodeReader.isNull(node) { return [:] }
        var result: [String: [String]] = [:]
        let entries = textMap(node, "agents") { tag in
            tag.isEmpty || tag.contains(where: { $0.isWhitespace || $0 == "=" })
                ? "agent tag '\(tag)' must be non-empty, without spaces or '='" : nil
        }
        for entry in entries {
            if let values = textList(entry.value, "agents.\(entry.key)") {
                result[entry.key] = values.map(\.value)
            }
        }
        return result
    }

    /// `90s`, `30m`, `1h`, `1h30m` or a number of seconds; more than 0, at most 24 hours.
    private mutating func timeout(from node: Node) -> Double? {
        let seconds: Double?
        switch node.tagName {
        case .int, .float: seconds = node.float
        default: seconds = node.scalar.flatMap { DurationText.seconds(from: $0.string) }
        }
        guard let seconds, !YAMLNodeReader.isNull(node) else {
            report("timeout must be a duration such as 90s, 30m, 1h or 1h30m, or a number of seconds; found \(YAMLNodeReader.describe(node))", at: node)
            return nil
        }
        guard seconds > 0, seconds <= 86_400 else {
            report("timeout must be more than 0 and at most 24h", at: node)
            return nil
        }
        return seconds
    }

    /// `agent_lost` (default 2), `exit_codes` and `limit` (default 1 with `exit_codes`).
    private mutating func retryPolicy(from node: Node) -> RetryPolicy? {
        guard let fields = entries(of: node, "retry", allowed: ["agent_lost", "exit_codes", "limit"]) else {
            return nil
        }
        var policy = RetryPolicy()
        if let node = fields["agent_lost"], let agentLost = integer(node, "agent_lost", in: 0...10) {
            policy.agentLost = agentLost
        }
        if let node = fields["exit_codes"] {
            policy.exitCodes = exitCodes(node)
            policy.exitCodeLimit = 1
        }
        if let node = fields["limit"] {
            if fields["exit_codes"] == nil {
                report("limit counts retries for exit_codes; add exit_codes or remove limit", at: fields.keys["limit"] ?? node)
            } else if let limit = integer(node, "limit", in: 1...10) {
                policy.exitCodeLimit = limit
            }
        }
        return policy
    }

    private mutating func exitCodes(_ node: Node) -> [Int32] {
        let items: [Node]
        if case .sequence(let sequence) = node { items = Array(sequence) } else { items = [node] }
        if items.isEmpty { report("exit_codes must not be an empty list; remove the key instead", at: node) }
        return items.compactMap { integer($0, "each exit code", in: 1...255).map(Int32.init) }
    }
}
