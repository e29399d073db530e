import Core
import Dispatch
import Findings
import Impact

// MARK: - reports and fail_on

extension JobExecutor {
    /// The most new findings logged per report; the rest are counted.
    static let loggedFindingsLimit = 50
    /// What every line about reports starts with in the job's log.
    static let reportsLogPrefix = "mobile-ops-agent: reports: "

    /// After the commands, whatever their exit status (analysers exit non-zero when they find
    /// something): reads each report the step's `reports:` globs match, sends its findings,
    /// logs what is new, and answers whether the step may pass. It may not when a glob matches
    /// no file (a missing report would make a broken analyser look clean), a report cannot be
    /// read or sent, or the server says a new finding fails under `fail_on`.
    func collectFindings(
        _ step: FindingsStep, assignment: JobAssignment, token: String, workspace: String, environment: [String: String],
        control: JobControl, streamer: LogStreamer
    ) async -> Bool {
        let prefix = Self.reportsLogPrefix
        let matches = await Self.offThePool { ArtifactCollector.matches(eachOf: step.reports, in: workspace) }
        var passed = true
        var reports: [String] = []
        for (glob, files) in zip(step.reports, matches) {
            if files.isEmpty {
                streamer.append(line: prefix + "no file matches \(glob): a missing report would make a broken analyser look clean, so the step fails")
                passed = false
            }
            reports += files.filter { !reports.contains($0) }
        }
        var mergeBase: MergeBase?
        if !reports.isEmpty, let target = environment[UITestSelection.baseBranchVariable], !target.isEmpty {
            switch await Self.offThePool({ Self.mergeBase(with: target, in: workspace) }) {
            case .success(let found): mergeBase = found
            case .failure(let problem):
                streamer.append(line: prefix + "the merge base with \(target) is not known (\(problem)); the server compares with what it can find and says which")
            }
        }
        let reader = FindingsReportReader(workspace: workspace, failOn: step.failOn, mergeBase: mergeBase, masker: streamer.masker)
        for report in reports where control.stopReason == nil {
            switch await Self.offThePool({ reader.read(report) }) {
            case .failed(let message):
                streamer.append(line: prefix + message + "; the step fails")
                passed = false
            case .body(let body, let suppressed):
                do {
                    let answer = try await self.withRetries(attempts: 3) { () async throws(AgentAPIError) in
                        try await self.api.postFindings(jobID: assignment.jobID, body: body, token: token)
                    }.leavingOut(suppressed: suppressed)
                    for line in Self.findingsLines(report: report, answer: answer) { streamer.append(line: line) }
                    if answer.fails { passed = false }
                } catch {
                    streamer.append(line: prefix + "\(report): the findings could not be sent (\(error)); the step fails")
                    passed = false
                }
            }
        }
        return passed
    }

    /// What the log says of one report: a summary, each new finding (at most
    /// ``loggedFindingsLimit``), and why the step fails when it does.
    static func findingsLines(report: String, answer: JobFindingsAnswer) -> [String] {
        let prefix = reportsLogPrefix
        var levels: [String: Int] = [:]
        for finding in answer.new { levels[finding.level, default: 0] += 1 }
        let counted = FindingLevel.allCases.reversed().compactMap { level in levels[level.rawValue].map { "\($0) \(level.rawValue)" } }
        let suppressedCount = answer.suppressed ?? 0
        let base = answer.base.map { "base build \($0.number.map { "#\($0)" } ?? "id \($0.buildID)") on \($0.branch)\($0.explanation.map { ": " + $0 } ?? "")" }
            ?? "no base build: every \(suppressedCount > 0 ? "unsuppressed " : "")finding is new"
        let noun = answer.total == 1 ? "finding" : "findings"
        let suppressed = suppressedCount > 0 ? " (\(suppressedCount) suppressed)" : ""
        var lines = [
            "\(prefix)\(report): \(answer.total) \(noun)\(suppressed), \(answer.newCount) new\(counted.isEmpty ? "" : " (\(counted.joined(separator: ", ")))"), \(base)"
        ]
        for finding in answer.new.prefix(loggedFindingsLimit) {
            let location = finding.path.map { path in finding.line.map { "\(path):\($0)" } ?? path } ?? "(no file)"
            let message = finding.message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            let review = finding.isUnderReview ? " (suppression under review)" : ""
            lines.append("  new \(finding.level) \(location) \(finding.tool) \(finding.ruleID)\(review): \(message.count > 200 ? message.prefix(199) + "…" : message)")
        }
        if answer.newCount > loggedFindingsLimit { lines.append("  … and \(answer.newCount - min(answer.new.count, loggedFindingsLimit)) more") }
        if answer.fails {
            let failOn = FailOn(rawValue: answer.failOn)
            let failing = answer.new.filter { finding in FindingLevel(rawValue: finding.level).map { failOn?.fails($0) ?? false } ?? false }.count
            lines.append("\(prefix)\(report): \(failing) new \(failing == 1 ? "finding" : "findings") at fail_on: \(answer.failOn); the step fails")
        }
        return lines
    }

    /// Where the checkout left `target` (`git merge-base origin/TARGET HEAD`) and its first
    /// parents: what a pull request's findings are compared with. Runs git: call it off the
    /// cooperative pool.
    static func mergeBase(with target: String, in workspace: String) -> Result<MergeBase, GitProblem> {
        let git = GitCheckout()
        do {
            let commit = try git.mergeBase("origin/" + target, "HEAD", in: workspace)
            let mergeBase = MergeBase(commit: commit, firstParents: try git.firstParents(of: commit, limit: MergeBase.firstParentLimit, in: workspace))
            if let problem = mergeBase.problem { return .failure(GitProblem(description: "git answered what the server cannot use: \(problem)")) }
            return .success(mergeBase)
        } catch {
            return .failure(GitProblem(description: "\(error)"))
        }
    }

    /// Why git could not tell the merge base.
    struct GitProblem: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs blocking work (file reads, `fnmatch` over the workspace) off the cooperative threads.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
