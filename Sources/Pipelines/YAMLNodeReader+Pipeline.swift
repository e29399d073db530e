import YAMLReading
import Yams

// MARK: - Top level

extension YAMLNodeReader {
    /// Keys allowed at the top of a pipeline file.
    static let pipelineKeys = [
        "name", "repositories", "triggers", "env", "steps", "concurrency", "priority", "cancel_superseded",
    ]

    /// A whole pipeline with the position of its `name` value (for duplicate-name errors
    /// across files), or `nil` when the file is so wrong nothing could be read.
    mutating func pipeline(from root: Node) -> (definition: PipelineDefinition, nameMark: Mark?)? {
        guard let fields = entries(of: root, "a pipeline file", allowed: YAMLNodeReader.pipelineKeys) else {
            return nil
        }
        var name = ""
        if let node = fields["name"] {
            name = pipelineName(node) ?? ""
        } else {
            report("missing required key 'name'", at: fields.mark)
        }
        let repositories = fields["repositories"].flatMap { node in
            YAMLNodeReader.isNull(node) ? [] : globList(node, "repositories")
        } ?? []
        let triggers = fields["triggers"].map { self.triggers(from: $0) } ?? PipelineTriggers()
        let env = fields["env"].map { environment($0, "env") } ?? [:]
        let steps = self.steps(from: fields["steps"], in: fields)
        let concurrency = fields["concurrency"].flatMap { self.concurrency(from: $0) }
        let priority = fields["priority"].flatMap { integer($0, "priority", in: -1000...1000) } ?? 0
        let cancelSuperseded = fields["cancel_superseded"].flatMap { boolean($0, "cancel_superseded") } ?? true
        let definition = PipelineDefinition(
            name: name, file: file, repositories: repositories, triggers: triggers, env: env,
            steps: steps, concurrency: concurrency, priority: priority, cancelSuperseded: cancelSuperseded
        )
        return (definition, fields["name"]?.mark)
    }

    /// A lowercase slug: names appear in URLs, CLI arguments and concurrency groups.
    private mutating func pipelineName(_ node: Node) -> String? {
        guard let name = nonEmptyText(node, "name") else { return nil }
        guard YAMLNodeReader.isSlug(name, allowDot: true), name.count <= 100 else {
            report("name must be lowercase letters, digits, '.', '_' or '-', starting with a letter or digit (at most 100), found \"\(name)\"", at: node)
            return nil
        }
        return name
    }

    /// `[a-z0-9]` followed by `[a-z0-9_-]` (and `.` when allowed).
    static func isSlug(_ text: String, allowDot: Bool) -> Bool {
        guard let first = text.first, first.isLowercaseASCIIAlphanumeric else { return false }
        return text.allSatisfy { $0.isLowercaseASCIIAlphanumeric || $0 == "_" || $0 == "-" || (allowDot && $0 == ".") }
    }

    // MARK: Env

    /// A map of variable names to values; numbers and booleans are kept as written. Names
    /// starting with `MOBILE_OPS_` are reserved for the variables MobileOps sets.
    mutating func environment(_ node: Node, _ field: String) -> [String: String] {
        if YAMLNodeReader.isNull(node) { return [:] }
        var result: [String: String] = [:]
        for entry in textMap(node, field, validateKey: YAMLNodeReader.environmentNameProblem) {
            if let value = text(entry.value, "the value of \(entry.key) in \(field)") {
                result[entry.key] = value
            }
        }
        return result
    }

    private static func environmentNameProblem(_ name: String) -> String? {
        guard let first = name.first, first == "_" || (first.isASCII && first.isLetter),
              name.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) })
        else { return "'\(name)' is not a valid variable name: use letters, digits and '_', not starting with a digit" }
        if name.hasPrefix("MOBILE_OPS_") {
            return "'\(name)' is reserved: variables starting with MOBILE_OPS_ are set by MobileOps"
        }
        return nil
    }

    // MARK: Concurrency

    /// `group` (a template, required) and `cancel_in_progress` (default false).
    mutating func concurrency(from node: Node) -> ConcurrencyRule? {
        guard let fields = entries(of: node, "concurrency", allowed: ["group", "cancel_in_progress"]) else {
            return nil
        }
        let cancel = fields["cancel_in_progress"].flatMap { boolean($0, "cancel_in_progress") } ?? false
        guard let groupNode = fields["group"] else {
            report("concurrency is missing required key 'group'", at: fields.mark)
            return nil
        }
        guard let group = nonEmptyText(groupNode, "group") else { return nil }
        for part in ConcurrencyRule.parts(of: group) {
            switch part {
            case .placeholder(let name) where !ConcurrencyRule.placeholders.contains(name):
                let hint = KeySuggestion.hint(for: name, in: ConcurrencyRule.placeholders) { "{\($0)}" }
                let known = ConcurrencyRule.placeholders.map { "{\($0)}" }.joined(separator: ", ")
                report("unknown placeholder {\(name)} in group\(hint) (known: \(known))", at: groupNode)
            case .unclosed(let text):
                report("'{' without a closing '}' in group near \"\(text)\"", at: groupNode)
            default:
                break
            }
        }
        return ConcurrencyRule(group: group, cancelInProgress: cancel)
    }
}

// MARK: - Character classes

extension Character {
    /// `a`–`z` or `0`–`9`.
    var isLowercaseASCIIAlphanumeric: Bool {
        isASCII && (isNumber || (isLetter && isLowercase))
    }
}
