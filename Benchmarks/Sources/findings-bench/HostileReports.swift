// The reports of the 2026-11-28 security probe (finding 4) that made one request take the
// server's time: each is read in memory as `POST /api/v1/builds/{id}/findings` reads it.
import Findings
import Foundation

/// One hostile report: what it is, its bytes, and what reading it must come to.
struct HostileReport {
    let name: String
    let data: Data
}

/// A SARIF log of 40,000 rules and 40,000 results naming none of them (2.6 MB): every result
/// looks its rule up by id.
func manyRulesAndResults() -> HostileReport {
    let rules = (0..<40_000).map { #"{"id":"rule\#($0)"}"# }.joined(separator: ",")
    let results = (0..<40_000).map { #"{"ruleId":"nomatch\#($0)","message":{"text":"m"}}"# }.joined(separator: ",")
    let log = #"{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"T","rules":["# + rules + #"]}},"results":["# + results + "]}]}"
    return HostileReport(name: "SARIF: 40,000 rules × 40,000 results", data: Data(log.utf8))
}

/// Checkstyle XML with 10 million elements open (30 MB).
func deepXML() -> HostileReport {
    HostileReport(name: "XML nested 10,000,000 deep", data: Data(("<checkstyle>" + String(repeating: "<a>", count: 10_000_000)).utf8))
}

/// Checkstyle XML with 900,000 findings (26 MB).
func manyFindings() -> HostileReport {
    let errors = String(repeating: #"<error line="1" source="r"/>"#, count: 450_000)
    let text = #"<checkstyle><file name="a.swift">"# + errors + #"</file><file name="b.swift">"# + errors + "</file></checkstyle>"
    return HostileReport(name: "Checkstyle: 900,000 findings", data: Data(text.utf8))
}

/// Reads each hostile report once, printing its size, time and outcome, and the process's peak
/// RSS so far (run `findings-bench hostile` for these alone: then the peaks are theirs).
func printHostileReports() {
    print("hostile reports, read in memory as the server reads a posted one (goal: < 1 s each)")
    for make in [manyRulesAndResults, deepXML, manyFindings] {
        let report = make()
        var outcome = ""
        let elapsed = seconds {
            do {
                outcome = "\(try FindingsReader(repositoryRoot: nil, readsSources: false).read(report.data).findings.count) findings"
            } catch {
                outcome = "refused: \(String(describing: error).prefix(70))"
            }
        }
        let figures = String(format: "%.1f MB: %.2f s (peak RSS so far %.0f MB)", Double(report.data.count) / 1e6, elapsed, peakRSSMegabytes())
        print("  \(report.name), \(figures) \(elapsed < 1 ? "ok" : "MISSED")")
        print("    \(outcome)")
    }
}
