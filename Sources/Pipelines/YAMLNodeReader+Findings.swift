import Core
import YAMLReading
import Yams

// MARK: - reports and fail_on

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
        guard let globs = textList(node, "reports") else { return nil }
        var reports: [String] = []
        for (glob, item) in globs {
            guard CheckoutPath.staysInside(glob) else {
                report("each item of reports must be a glob relative to the checkout, without '..', found \"\(glob)\"", at: item)
                continue
            }
            reports.append(glob)
        }
        return FindingsStep(reports: reports, failOn: failOn ?? .error)
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
