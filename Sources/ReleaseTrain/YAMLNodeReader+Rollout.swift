import Foundation
import YAMLReading
import Yams

// MARK: - Rollout and health

extension YAMLNodeReader {
    /// `{android: {track, steps, soak}, ios: {phased}}`; a section for a platform the train
    /// does not ship to is an error, since it would silently do nothing.
    mutating func rollout(_ node: Node, platforms: [ReleasePlatform]) -> RolloutPlan {
        var plan = RolloutPlan()
        guard let fields = entries(of: node, "rollout", allowed: ReleasePlatform.allCases.map(\.rawValue)) else { return plan }
        for platform in ReleasePlatform.allCases {
            if let key = fields.keys[platform.rawValue], !platforms.isEmpty, !platforms.contains(platform) {
                report("rollout.\(platform) is set but \(platform) is not in platforms", at: key)
            }
        }
        if let android = fields["android"] { plan.android = playPlan(android) }
        if let ios = fields["ios"], let ios = entries(of: ios, "rollout.ios", allowed: AppStoreRolloutPlan.CodingKeys.allCases.map(\.rawValue)) {
            plan.ios.phased = ios["phased"].flatMap { boolean($0, "rollout.ios.phased") } ?? true
        }
        return plan
    }

    private mutating func playPlan(_ node: Node) -> PlayRolloutPlan {
        var plan = PlayRolloutPlan()
        let what = "rollout.android"
        guard let fields = entries(of: node, what, allowed: PlayRolloutPlan.CodingKeys.allCases.map(\.rawValue)) else { return plan }
        if let track = fields["track"].flatMap({ word($0, "\(what).track") }) { plan.track = track }
        if let steps = fields["steps"].flatMap({ self.steps($0) }) { plan.steps = steps }
        if let soakNode = fields["soak"], let soak = duration(soakNode, "\(what).soak") { plan.minimumSoak = soak }
        return plan
    }

    /// Percentages, strictly increasing, each in (0, 100], the last exactly 100.
    private mutating func steps(_ node: Node) -> [Double]? {
        guard let items = items(node, "rollout.android.steps", allowSingle: false) else { return nil }
        guard !items.isEmpty else {
            report("rollout.android.steps must not be empty; omit it for the default 1, 2, 5, 10, 20, 50, 100", at: node)
            return nil
        }
        var steps: [Double] = []
        for item in items {
            guard let percent = number(item, "each rollout step", in: 0.01...100) else { return nil }
            if let last = steps.last, percent <= last {
                report("rollout steps must increase: \(Self.plain(percent)) comes after \(Self.plain(last))", at: item)
                return nil
            }
            steps.append(percent)
        }
        if let last = steps.last, last != 100, let lastNode = items.last {
            report("the last rollout step must be 100 so the rollout completes, found \(Self.plain(last))", at: lastNode)
            return nil
        }
        return steps
    }

    /// Seconds from a number or text such as `30m`, `24h`, `1d12h`.
    mutating func duration(_ node: Node, _ field: String) -> TimeInterval? {
        let tag = node.tagName
        if tag == .int || tag == .float {
            return number(node, field, in: 0...(366 * 86_400))
        }
        guard let text = text(node, field) else { return nil }
        guard let seconds = Self.durationSeconds(text) else {
            report("\(field) must be a duration such as 30m, 24h or 2d12h (or seconds), found \"\(text)\"", at: node)
            return nil
        }
        return seconds
    }

    /// Parses `2d12h30m15s`-style text; units largest first, each at most once.
    static func durationSeconds(_ text: String) -> TimeInterval? {
        let units: [(Character, Double)] = [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]
        var rest = Substring(text.lowercased())
        var total = 0.0
        var unitIndex = 0
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let value = Double(digits), let unit = rest.dropFirst(digits.count).first,
                let index = units[unitIndex...].firstIndex(where: { $0.0 == unit })
            else { return nil }
            total += value * units[index].1
            unitIndex = index + 1
            rest = rest.dropFirst(digits.count + 1)
            if unitIndex == units.count && !rest.isEmpty { return nil }
        }
        return total
    }

    // MARK: Health

    /// `health:` as a list of rules (halting every store), or a mapping
    /// `{halt: all | breached_store, rules: [...]}`.
    mutating func health(_ node: Node) -> (rules: [HealthRule], halt: HealthHaltScope) {
        guard case .mapping = node else { return (healthRules(node), .all) }
        guard let fields = entries(of: node, "health", allowed: ["halt", "rules"]) else { return ([], .all) }
        let halt = fields["halt"].flatMap { haltScope($0) } ?? .all
        return (fields["rules"].map { healthRules($0) } ?? [], halt)
    }

    /// `all` or `breached_store`.
    mutating func haltScope(_ node: Node) -> HealthHaltScope? {
        guard let name = text(node, "health.halt") else { return nil }
        let scopes = HealthHaltScope.allCases.map(\.rawValue)
        guard let scope = HealthHaltScope(rawValue: name) else {
            report("health.halt must be \(scopes.joined(separator: " or ")), found \"\(name)\"\(KeySuggestion.hint(for: name, in: scopes))", at: node)
            return nil
        }
        return scope
    }

    /// A list of `{metric, comparator, threshold, min_sample}`.
    mutating func healthRules(_ node: Node) -> [HealthRule] {
        if Self.isNull(node) { return [] }
        guard let items = items(node, "health", allowSingle: false) else { return [] }
        return items.compactMap { healthRule($0) }
    }

    private mutating func healthRule(_ node: Node) -> HealthRule? {
        let what = "a health rule"
        guard let fields = entries(of: node, what, allowed: HealthRule.CodingKeys.allCases.map(\.rawValue)) else { return nil }
        let metrics = HealthMetric.allCases.map(\.rawValue)
        var metric: HealthMetric?
        if let metricNode = required(fields, "metric", in: what), let name = text(metricNode, "metric") {
            metric = HealthMetric(rawValue: name)
            if metric == nil {
                report("unknown metric '\(name)'\(KeySuggestion.hint(for: name, in: metrics)); metrics are \(metrics.joined(separator: ", "))", at: metricNode)
            }
        }
        var comparator: HealthComparator?
        if let comparatorNode = required(fields, "comparator", in: what), let symbol = text(comparatorNode, "comparator") {
            comparator = HealthComparator(text: symbol)
            if comparator == nil {
                report("comparator must be <, <=, >, >= (or below, at_most, above, at_least), found \"\(symbol)\"", at: comparatorNode)
            }
        }
        let threshold = required(fields, "threshold", in: what).flatMap { number($0, "threshold", in: 0...100) }
        let minimum = fields["min_sample"].map { integer($0, "min_sample", in: 0...1_000_000_000) } ?? 0
        guard let metric, let comparator, let threshold, let minimum else { return nil }
        return HealthRule(metric: metric, comparator: comparator, threshold: threshold, minimumSample: minimum)
    }
}
