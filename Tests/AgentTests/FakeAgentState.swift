import Core
import Foundation

// MARK: - FakeAgentState

/// The fake server's memory: scripted jobs to hand out, and everything agents sent.
actor FakeAgentState {
    /// What `jobs/next` hands out: a real assignment, or raw text (to test bad answers).
    enum Offer: Sendable {
        case assignment(JobAssignment)
        case raw(String)
    }

    /// How the fake answers a per-job call.
    enum JobAnswer: Sendable {
        case directive(AgentDirective)
        case ok
        /// 200 with a JSON body.
        case json([UInt8])
        case notHeld
        case badRequest(String)
    }

    private(set) var registrations: [AgentRegistration] = []
    private var tokens: [String: Int64] = [:]
    private var offers: [Offer] = []
    private(set) var pollCount = 0
    private(set) var startedJobs: [Int64] = []
    private(set) var logChunks: [Int64: [Int: [UInt8]]] = [:]
    private(set) var logRequests: [Int64: Int] = [:]
    private(set) var heartbeats: [Int64: Int] = [:]
    private(set) var outcomes: [Int64: JobOutcome] = [:]
    /// The commit each job reported checking out.
    private(set) var checkouts: [Int64: String] = [:]
    private(set) var artifacts: [Int64: [String: [UInt8]]] = [:]
    private(set) var uiTestReports: [Int64: UITestReport] = [:]
    /// Build reports posted to `…/metrics`, per job.
    private(set) var metricsReports: [Int64: [UInt8]] = [:]
    /// Findings posted to `…/findings`, per job, in order.
    private(set) var findings: [Int64: [JobFindings]] = [:]
    /// Per job, the rules (`tool/ruleID`) its "target branch" already has: their findings are not new.
    private var knownRules: [Int64: Set<String>] = [:]
    /// Per job, whether the answer has a base build, for jobs answered as a server that knows
    /// suppressions (the others are answered as one that predates them).
    private var suppressionAwareAnswers: [Int64: Bool] = [:]
    /// Per-job calls in the order they came (to check metrics arrive before `finish`).
    private(set) var actions: [Int64: [String]] = [:]
    /// While set, every request is answered 503 (see `UnavailableMiddleware`).
    private(set) var unavailable = false
    /// Requests answered 503 because of ``unavailable``.
    private(set) var unavailableAnswers = 0
    /// What `…/secrets` answers per job; a job without an answer gets 400 `no_secrets`.
    private var secretsAnswers: [Int64: JobSecrets] = [:]
    private var canceled: Set<Int64> = []
    private var released: Set<Int64> = []

    // MARK: Agents

    func register(_ registration: AgentRegistration) -> AgentRegistered {
        self.registrations.append(registration)
        let id = Int64(self.registrations.count)
        let token = "agent-token-\(id)"
        self.tokens[token] = id
        return AgentRegistered(agentID: id, token: token, leaseSeconds: 3)
    }

    func agent(for authorization: String?) -> Int64? {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return nil }
        return self.tokens[String(authorization.dropFirst("Bearer ".count))]
    }

    /// Starts or stops answering every request 503.
    func setUnavailable(_ value: Bool) { self.unavailable = value }

    func countUnavailable() { self.unavailableAnswers += 1 }

    /// Forgets every agent token, as a server that lost its database would.
    func forgetAgents() { self.tokens.removeAll() }

    // MARK: Jobs

    /// Queues `assignment` for the next poll.
    func enqueue(_ assignment: JobAssignment) { self.offers.append(.assignment(assignment)) }

    /// Queues a raw (probably broken) answer for the next poll.
    func enqueueRaw(_ text: String) { self.offers.append(.raw(text)) }

    /// Answers job `jobID`'s `…/secrets` call with `answer`.
    func setSecrets(_ answer: JobSecrets, for jobID: Int64) { self.secretsAnswers[jobID] = answer }

    /// From now on, answer the job's heartbeats and log calls with `cancel: true`.
    func cancel(_ jobID: Int64) { self.canceled.insert(jobID) }

    /// From now on, answer every call about the job with 409 `job_not_held`.
    func release(_ jobID: Int64) { self.released.insert(jobID) }

    func nextJob(agent: Int64, waitSeconds: Int) async -> Offer? {
        self.pollCount += 1
        let deadline = ContinuousClock.now + .seconds(waitSeconds)
        while self.offers.isEmpty, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return self.offers.isEmpty ? nil : self.offers.removeFirst()
    }

    func jobCall(jobID: Int64, action: String, body: [UInt8], sequence: Int?) -> JobAnswer {
        if self.released.contains(jobID) { return .notHeld }
        let directive = AgentDirective(cancel: self.canceled.contains(jobID))
        self.actions[jobID, default: []].append(action)
        switch action {
        case "start":
            self.startedJobs.append(jobID)
            return .directive(directive)
        case "log":
            guard let sequence else { return .badRequest("missing_sequence") }
            self.logRequests[jobID, default: 0] += 1
            // A repeated sequence number is ignored, as the protocol says.
            if self.logChunks[jobID, default: [:]][sequence] == nil { self.logChunks[jobID, default: [:]][sequence] = body }
            return .directive(directive)
        case "heartbeat":
            self.heartbeats[jobID, default: 0] += 1
            return .directive(directive)
        case "metrics":
            self.metricsReports[jobID] = body
            return .ok
        case "impact":
            self.uiTestReports[jobID] = try? JSONDecoder().decode(UITestReport.self, from: Data(body))
            return .ok
        case "findings":
            guard let report = try? JSONDecoder().decode(JobFindings.self, from: Data(body)) else { return .badRequest("bad_findings") }
            // The real server's checks (see `StoredFinding.problem`).
            guard report.findings.allSatisfy({ $0.problem == nil }) else { return .badRequest("invalid_finding") }
            self.findings[jobID, default: []].append(report)
            let known = self.knownRules[jobID] ?? []
            if let base = self.suppressionAwareAnswers[jobID] { return .json(Self.suppressionAwareAnswer(report, known: known, base: base, buildID: 100 + jobID)) }
            return .json(Self.answer(report, known: known, buildID: 100 + jobID))
        case "secrets":
            guard let answer = self.secretsAnswers[jobID], let body = try? JSONEncoder().encode(answer) else {
                return .badRequest("no_secrets")
            }
            return .json(Array(body))
        case "checkout":
            guard let report = try? JSONDecoder().decode(CheckoutReport.self, from: Data(body)) else {
                return .badRequest("bad_checkout")
            }
            self.checkouts[jobID] = report.commitSHA
            return .ok
        case "finish":
            guard let outcome = try? JSONDecoder().decode(JobOutcome.self, from: Data(body)) else {
                return .badRequest("bad_outcome")
            }
            self.outcomes[jobID] = outcome
            return .ok
        default:
            return .badRequest("unknown_action")
        }
    }

    /// Findings of these `tool/ruleID`s count as job `jobID`'s target branch's.
    func setKnownRules(_ rules: Set<String>, for jobID: Int64) { self.knownRules[jobID] = rules }

    /// Job `jobID`'s findings are answered as a server that knows suppressions answers them,
    /// with a base build or without.
    func answerKnowingSuppressions(for jobID: Int64, base: Bool) { self.suppressionAwareAnswers[jobID] = base }

    // MARK: Reading what happened

    /// The job's log so far: chunks in sequence order (gaps show as nothing).
    func log(_ jobID: Int64) -> String {
        let chunks = self.logChunks[jobID, default: [:]].sorted { $0.key < $1.key }
        return String(decoding: chunks.flatMap(\.value), as: UTF8.self)
    }

    /// The sequence numbers received for the job, sorted.
    func sequences(_ jobID: Int64) -> [Int] { self.logChunks[jobID, default: [:]].keys.sorted() }

    func outcome(_ jobID: Int64) -> JobOutcome? { self.outcomes[jobID] }

    func storeArtifact(jobID: Int64, path: String, bytes: [UInt8]) {
        self.artifacts[jobID, default: [:]][path] = bytes
    }
}
