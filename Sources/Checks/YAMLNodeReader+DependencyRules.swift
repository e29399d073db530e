import YAMLReading
import Yams

/// The rules file's fields, read with every problem recorded at its line.
extension YAMLNodeReader {
    static let ruleKinds = ["layers", "forbid", "allow_only", "no_cycles", "max_depth"]
    static let ruleOptions = ["name", "configurations", "include_tests"]

    /// `{version?, rules: [...]}`.
    mutating func dependencyRules(from root: Node) -> DependencyRules? {
        guard let top = entries(of: root, "the rules file", allowed: ["version", "rules"]) else { return nil }
        if let version = top["version"] { _ = integer(version, "version", in: 1...1) }
        guard let list = required(top, "rules", in: "the rules file"),
              let items = items(list, "rules", allowSingle: false) else { return nil }
        var rules: [DependencyRule] = []
        var names: [String: Node] = [:]
        var kindCounts: [String: Int] = [:]
        for item in items {
            guard var rule = dependencyRule(from: item) else { continue }
            if rule.name.isEmpty {
                kindCounts[rule.kind, default: 0] += 1
                let count = kindCounts[rule.kind] ?? 1
                rule.name = count == 1 ? rule.kind : "\(rule.kind)-\(count)"
            }
            if names[rule.name] != nil {
                report("two rules are named '\(rule.name)'; give each rule its own 'name'", at: item)
                continue
            }
            names[rule.name] = item
            rules.append(rule)
        }
        return DependencyRules(rules: rules)
    }

    /// One rule: exactly one kind key, plus `name`, `configurations`, `include_tests`.
    private mutating func dependencyRule(from node: Node) -> DependencyRule? {
        let known = diagnostics.count
        guard let fields = entries(of: node, "a rule", allowed: Self.ruleKinds + Self.ruleOptions) else { return nil }
        let kinds = fields.order.filter(Self.ruleKinds.contains)
        guard kinds.count == 1, let kind = kinds.first, let value = fields[kind] else {
            // A misspelt kind was just reported as an unknown key (with a suggestion): enough.
            if kinds.isEmpty, diagnostics.count > known { return nil }
            let found = kinds.isEmpty ? "none" : kinds.joined(separator: ", ")
            report("a rule needs exactly one of \(Self.ruleKinds.joined(separator: ", ")); found \(found)", at: node)
            return nil
        }
        let name = fields["name"].flatMap { nonEmptyText($0, "name") } ?? ""
        let configurations = fields["configurations"].flatMap { textList($0, "configurations") }.map { Set($0.map(\.value)) }
        let includeTests = fields["include_tests"].flatMap { boolean($0, "include_tests") } ?? false
        let check: DependencyRule.Check?
        switch kind {
        case "layers": check = layers(value)
        case "forbid": check = forbid(value)
        case "allow_only": check = allowOnly(value)
        case "no_cycles":
            guard let enabled = boolean(value, "no_cycles") else { return nil }
            guard enabled else {
                report("no_cycles: false checks nothing; remove the rule instead", at: value)
                return nil
            }
            check = .noCycles
        default: check = integer(value, "max_depth", in: 1...100_000).map { .maxDepth($0) }
        }
        guard let check else { return nil }
        return DependencyRule(name: name, check: check, configurations: configurations, includeTests: includeTests)
    }

    /// `layers: [":app", [":feature:**", ":ui:**"], ":core:**"]`, top layer first.
    private mutating func layers(_ node: Node) -> DependencyRule.Check? {
        guard let items = items(node, "layers", allowSingle: false) else { return nil }
        guard items.count >= 2 else {
            report("layers needs at least two layers, top first", at: node)
            return nil
        }
        var layers: [[ModuleGlob]] = []
        for item in items {
            guard let patterns = globs(item, "each layer") else { continue }
            layers.append(patterns)
        }
        return layers.count == items.count ? .layers(layers) : nil
    }

    /// `forbid: {from: GLOB, to: GLOB, unless: same_parent, except: [GLOB, ...]}`.
    private mutating func forbid(_ node: Node) -> DependencyRule.Check? {
        guard let fields = entries(of: node, "forbid", allowed: ["from", "to", "unless", "except"]) else { return nil }
        let from = required(fields, "from", in: "forbid").flatMap { glob($0, "forbid.from") }
        let to = required(fields, "to", in: "forbid").flatMap { glob($0, "forbid.to") }
        var except: [ModuleGlob] = []
        if let node = fields["except"] {
            guard let patterns = globs(node, "forbid.except") else { return nil }
            except = patterns
        }
        var exception: DependencyRule.Exception?
        if let unless = fields["unless"], let text = text(unless, "forbid.unless") {
            exception = DependencyRule.Exception(rawValue: text)
            if exception == nil {
                let known = DependencyRule.Exception.allCases.map(\.rawValue)
                let hint = KeySuggestion.hint(for: text, in: known)
                report("unknown exception '\(text)' in forbid.unless" + (hint.isEmpty ? "; use \(known.joined(separator: " or "))" : hint), at: unless)
                return nil
            }
        }
        guard let from, let to else { return nil }
        if from.isExternal || except.contains(where: \.isExternal) {
            report("forbid.from names the project's modules; external: patterns go in forbid.to", at: node)
            return nil
        }
        return .forbid(from: from, to: to, unless: exception, except: except)
    }

    /// `allow_only: {from: GLOB, to: [GLOB, ...]}`.
    private mutating func allowOnly(_ node: Node) -> DependencyRule.Check? {
        guard let fields = entries(of: node, "allow_only", allowed: ["from", "to"]) else { return nil }
        let from = required(fields, "from", in: "allow_only").flatMap { glob($0, "allow_only.from") }
        let to = required(fields, "to", in: "allow_only").flatMap { globs($0, "allow_only.to") }
        guard let from, let to else { return nil }
        if from.isExternal {
            report("allow_only.from names the project's modules; external: patterns go in allow_only.to", at: node)
            return nil
        }
        return .allowOnly(from: from, to: to)
    }

    /// One pattern, its problem reported at the node.
    private mutating func glob(_ node: Node, _ field: String) -> ModuleGlob? {
        guard let text = nonEmptyText(node, field) else { return nil }
        do {
            return try ModuleGlob(text)
        } catch {
            report("\(field): \(error.description)", at: node)
            return nil
        }
    }

    /// A pattern or a list of them.
    private mutating func globs(_ node: Node, _ field: String) -> [ModuleGlob]? {
        guard let texts = textList(node, field) else { return nil }
        let compiled = texts.compactMap { glob($0.node, field) }
        return compiled.count == texts.count ? compiled : nil
    }
}
