import Core
import Foundation
import Logging
import Secrets
import Store

// MARK: - Handing secrets to jobs, and masking their logs again

extension SecretService {
    /// The secrets job `jobID`'s step lists that its build may have, with the names it may not
    /// have and why; the use is written to the audit log (names only) and the given values are
    /// masked from then on in what the server stores of the job's log.
    /// - Throws: `StoreError.jobNotHeld` unless agent `agentID` holds the job and has started it.
    public func secrets(forJob jobID: Int64, agentID: Int64) async throws(StoreError) -> JobSecrets {
        guard let facts = try await store.secretFacts(jobID: jobID), facts.job.agentID == agentID, facts.job.state == .running else {
            throw StoreError.jobNotHeld(jobID: jobID)
        }
        let answer = try await decide(facts)
        masks.install(jobID: jobID, masker: SecretMasker(values: answer.given.map { Array($0.value) }), now: clock.now)
        guard !answer.given.isEmpty || !answer.denied.isEmpty else { return answer }
        let given = answer.given.map(\.name).joined(separator: ", ")
        let denied = answer.denied.map { "\($0.name) (\($0.reason))" }.joined(separator: "; ")
        let build = facts.build
        try await store.recordSecretUse(AuditEvent(
            occurredAt: clock.now, actor: "agent:\(agentID)", action: "secret.use", subject: "job:\(jobID)",
            detail: "build \(build.id) (\(build.pipeline) #\(build.number)), agent \(agentID): given \(given.isEmpty ? "none" : given); withheld \(denied.isEmpty ? "none" : denied)"))
        logger.info("secrets handed to a job", metadata: [
            "job": "\(jobID)", "build": "\(build.id)", "agent": "\(agentID)", "given": "\(answer.given.map(\.name))", "withheld": "\(answer.denied.map(\.name))",
        ])
        return answer
    }

    /// `content` as the server stores it for sequence `sequence` of job `jobID`'s log, sent by
    /// agent `agentID`: the values given to the job masked. A job this server has no stream for
    /// (it started on another server, or before a restart) gets one from the same decision its
    /// fetch made, once the agent is known to hold it.
    ///
    /// A chunk is masked on a copy of the job's stream, so one the store then refuses (an agent
    /// that does not hold the job) changes nothing of the holder's masking.
    /// - Throws: `StoreError.jobNotHeld` when there is no stream yet and `agentID` does not hold
    ///   the job: no stream is made for it.
    public func prepareLog(jobID: Int64, agentID: Int64, sequence: Int, content: [UInt8]) async throws(StoreError) -> JobLogMasks.Chunk {
        if let chunk = masks.prepare(jobID: jobID, sequence: sequence, content: content, now: clock.now) { return chunk }
        guard let facts = try await store.secretFacts(jobID: jobID), facts.job.agentID == agentID, facts.job.state.isActive else {
            throw StoreError.jobNotHeld(jobID: jobID)
        }
        let given = try await decide(facts).given
        let masker = SecretMasker(values: given.map { Array($0.value) })
        masks.install(jobID: jobID, masker: masker, now: clock.now)
        return masks.prepare(jobID: jobID, sequence: sequence, content: content, now: clock.now) ?? JobLogMasks.Chunk(content: masker.mask(content), after: nil)
    }

    /// The chunk was stored.
    public func logStored(jobID: Int64, _ chunk: JobLogMasks.Chunk) {
        masks.stored(jobID: jobID, chunk)
    }

    /// Agent `agentID` finishes the job: the bytes the masking still holds, to store last; nil
    /// for none. Only the holder's finish ends the masking: another agent's (which the queue
    /// then refuses) leaves it as it is.
    public func finishLog(jobID: Int64, agentID: Int64) async throws(StoreError) -> (sequence: Int, content: [UInt8])? {
        guard masks.tracks(jobID: jobID), let facts = try await store.secretFacts(jobID: jobID),
              facts.job.agentID == agentID, facts.job.state.isActive else { return nil }
        return masks.finish(jobID: jobID)
    }

    /// The jobs are no longer held (their lease ran out, their agent stopped): their masking is
    /// dropped.
    public func forgetLogs(jobIDs: [Int64]) {
        masks.forget(jobIDs: jobIDs)
    }

    /// The values and denials for the names the job's stored spec lists.
    func decide(_ facts: JobSecretFacts) async throws(StoreError) -> JobSecrets {
        let names = facts.spec.secrets?.names ?? []
        guard !names.isEmpty else { return JobSecrets(given: [], denied: []) }
        var rows: [StoredSecret] = []
        if let repositoryID = facts.build.repositoryID { rows = try await store.secrets(repositoryID: repositoryID) }
        var given: [JobSecrets.Value] = []
        var denied: [JobSecrets.Denial] = []
        for name in names {
            switch SecretPolicy.decide(name: name, rows: rows, build: facts.build) {
            case .denied(let reason):
                denied.append(JobSecrets.Denial(name: name, reason: reason))
            case .given(let row):
                guard let key else {
                    denied.append(JobSecrets.Denial(name: name, reason: "this server has no secrets key (MOBILE_OPS_SECRETS_KEY) to open it"))
                    continue
                }
                do {
                    let value = try SecretBox(key: key).open(row.sealed, context: Self.context(repositoryID: row.repositoryID, pipeline: row.pipeline, name: row.name))
                    given.append(JobSecrets.Value(name: name, kind: row.kind, value: Data(value)))
                } catch {
                    logger.error("a stored secret does not open", metadata: ["name": "\(name)", "repository": "\(row.repositoryID)", "error": "\(error)"])
                    denied.append(JobSecrets.Denial(name: name, reason: "it does not open with this server's secrets key \(key.fingerprint) (sealed under \(row.keyFingerprint)); see the server's log"))
                }
            }
        }
        return JobSecrets(given: given, denied: denied)
    }
}
