import Core
import Foundation

// MARK: - What the pull request reads

extension FindingsReport {
    /// The check's (GitHub), status's (GitLab) and report's (Bitbucket) name: one per pipeline,
    /// beside the pipeline's own `mobile-ops/<pipeline>` status.
    var checkName: String { "mobile-ops/\(build.pipeline)/findings" }

    /// One line: "No new findings", "3 new findings (1 error)".
    var headline: String {
        guard !new.isEmpty else { return "No new findings" }
        let findings = new.count == 1 ? "1 new finding" : "\(new.count) new findings"
        let errors = newErrors
        guard errors > 0 else { return findings }
        return findings + (errors == 1 ? " (1 error)" : " (\(errors) errors)")
    }

    /// What was compared with what, and the counts.
    var comparison: String {
        // Named by id, as its link and the baseline are, with the repository's number beside it.
        let subject = "Build \(build.id) (\(build.pipeline) #\(build.number)) has \(total) finding\(total == 1 ? "" : "s")"
        guard let baseBuildID else {
            let noBase = "there is no earlier finished build with findings to compare with"
            // "All new" would be wrong of suppressed findings, which are never new.
            guard suppressed > 0 else { return subject + ", all new: \(noBase)." }
            return subject + "\(suppressedNote), \(new.count) new: \(noBase), so every unsuppressed finding is new."
        }
        let branch = baseBranch.map { " of `\($0)`" } ?? ""
        let why = baseExplanation.map { " (\($0))" } ?? ""
        return subject + ": \(new.count) new, \(unchanged) unchanged, \(fixed) fixed\(suppressedNote), compared with build \(baseBuildID)\(branch)\(why)."
    }

    /// ", 3 suppressed" when the reports suppressed findings (never shown, never counted as new).
    private var suppressedNote: String { suppressed > 0 ? ", \(suppressed) suppressed" : "" }

    // MARK: Markdown

    /// A Markdown table of `findings` (level, tool, rule, file, message), as many rows as fit
    /// in `limit` UTF-8 bytes, and how many rows it shows.
    static func table(_ findings: [Finding], limit: Int) -> (text: String, shown: Int) {
        var text = "| Level | Tool | Rule | File | Message |\n| --- | --- | --- | --- | --- |\n"
        var shown = 0
        for finding in findings {
            let row = "| \(finding.level) | \(cell(finding.tool)) | \(cell(finding.ruleID)) | \(cell(finding.location)) | \(cell(finding.shownMessage, limit: 500)) |\n"
            guard text.utf8.count + row.utf8.count <= limit else { break }
            text += row
            shown += 1
        }
        return (shown == 0 ? "" : text, shown)
    }

    /// A table cell: one line, pipes escaped, at most `limit` characters.
    static func cell(_ text: String, limit: Int = 200) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
        return capped(line, bytes: limit * 4)
    }

    /// `text` cut to at most `bytes` UTF-8 bytes, on a character boundary, with "…" when cut.
    static func capped(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var kept = ""
        var used = 3  // "…" is three bytes.
        for character in text {
            let size = character.utf8.count
            guard used + size <= bytes else { break }
            kept.append(character)
            used += size
        }
        return kept + "…"
    }
}

extension StoredFinding {
    /// Whether it is an error: the level that fails the report.
    var isError: Bool { level == "error" }

    /// `path:line`, `path`, or "(no file)".
    var location: String {
        guard let path else { return "(no file)" }
        return line.map { "\(path):\($0)" } ?? path
    }

    /// The message as the pull request shows it: a finding whose suppression waits for review
    /// says so (an accepted suppression is never shown: it is never new).
    var shownMessage: String {
        isUnderReview ? "(suppression under review) " + message : message
    }

    /// Whether it can be put on a line of a file (GitHub's annotations need both).
    var hasLine: Bool { path?.isEmpty == false && (line ?? 0) > 0 }
}
