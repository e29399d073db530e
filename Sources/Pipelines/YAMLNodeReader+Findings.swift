import Core
import YAMLReading
import Yams

// MARK: - reports and fail_on, and globs inside the checkout

extension YAMLNodeReader {
    /// A step's `reports:` (a glob or a list of globs, relative to the checkout) and
    /// `fail_on:` (`error`, `warning` or `never`); nil when the step has no reports.
    /// `fail_on` alone is an error: with nothing to read, it would never apply.
    mutating func findingsStep(in fields: MapEntries) -> FindingsStep? {
        let failOn = fields["fail_on"].flatMap { findingsFailOn(from: $0) }
        guard let node = fields["reports"] else {
            if let key = fields.keys["fail_on"] {
                report("fail_on applies to the findings in reports; add reports (the analysers' report files) or remove fail_on", at: key)
            }
            return nil
        }
        guard let reports = checkoutGlobs(node, "reports") else { return nil }
        return FindingsStep(reports: reports, failOn: failOn ?? .error)
    }

    /// A glob or a list of globs of files in the checkout (`reports:`, `artifacts:`); each one
    /// absolute or climbing out with `..` is reported at its line and column and left out,
    /// since the agent must never read or upload a file outside the checkout.
    mutating func checkoutGlobs(_ node: Node, _ field: String) -> [String]? {
        guard let globs = textList(node, field) else { return nil }
        var inside: [String] = []
        for (glob, item) in globs {
            guard CheckoutPath.staysInside(glob) else {
                report("each item of \(field) must be a glob relative to the checkout, without '..', found \"\(glob)\"", at: item)
                continue
            }
            inside.append(glob)
        }
        return inside
    }

    /// `error`, `warning` or `never`, with a hint for a near miss.
    private mutating func findingsFailOn(from node: Node) -> FailOn? {
        guard let text = nonEmptyText(node, "fail_on") else { return nil }
        if let failOn = FailOn(rawValue: text) { return failOn }
        let names = FailOn.allCases.map(\.rawValue)
        report("fail_on must be error, warning or never, found \"\(text)\"\(KeySuggestion.hint(for: text, in: names))", at: node)
        return nil
    }
}
