import Core
import Foundation
import MemberwiseInit

/// Where repository secrets are kept: sealed values (the store never sees one in clear) with
/// their scope, and the facts a job's secrets are decided from.
///
/// A secret is one row per repository, name and pipeline (none for every pipeline): setting
/// it again replaces its value and scope. Every change is written with its audit event in one
/// transaction.
public protocol SecretStore: Sendable {
    /// Stores `secret`, replacing the row of the same repository, name and pipeline (which keeps
    /// its id and creation), with `audit`, in one transaction.
    /// - Returns: The stored row and whether it was new.
    /// - Throws: `StoreError.notFound` for an unknown repository.
    func saveSecret(_ secret: StoredSecret, audit: AuditEvent) async throws(StoreError) -> (secret: StoredSecret, created: Bool)
    /// A repository's secrets, by name, then pipeline (none first).
    func secrets(repositoryID: Int64) async throws(StoreError) -> [StoredSecret]
    /// Removes the secrets `selection` picks among the repository's rows named `name`, with
    /// `audit`, in one transaction.
    /// - Returns: The removed rows.
    /// - Throws: `StoreError.notFound` when none matches; `StoreError.conflict` when
    ///   `selection` is `.only` and several rows share the name (their pipelines are named).
    func removeSecrets(repositoryID: Int64, name: String, selection: SecretSelection, audit: AuditEvent) async throws(StoreError) -> [StoredSecret]
    /// How many rows are sealed under each key fingerprint (the start-up check's count).
    func secretKeyFingerprints() async throws(StoreError) -> [String: Int]
    /// Every row, sealed: for the start-up check's probe.
    func allSecrets() async throws(StoreError) -> [StoredSecret]
    /// Re-seals every row in one transaction: `reseal` gets each row and answers its new sealed
    /// value and fingerprints; when it throws for any row, nothing is changed. `audit` is
    /// written with the change.
    /// - Returns: The number of rows re-sealed.
    func resealSecrets(audit: AuditEvent, _ reseal: @Sendable (StoredSecret) throws -> ResealedSecret) async throws -> Int
    /// The job, its build and its spec, for deciding the secrets it gets; nil for an unknown job.
    func secretFacts(jobID: Int64) async throws(StoreError) -> JobSecretFacts?
    /// Writes an audit event of its own (a job's use of secrets).
    func recordSecretUse(_ audit: AuditEvent) async throws(StoreError)
}

/// Which rows of a name `removeSecrets` takes.
public enum SecretSelection: Sendable, Equatable {
    /// The only row of the name; refused when there are several.
    case only
    /// The row for this pipeline.
    case pipeline(String)
    /// The row every pipeline shares (no pipeline).
    case everyPipeline
}

/// What a row becomes when the secrets key changes.
@MemberwiseInit(.public)
public struct ResealedSecret: Sendable, Equatable {
    /// The value sealed under the new key.
    public var sealed: [UInt8]
    /// The new key's fingerprint.
    public var keyFingerprint: String
    /// The value's fingerprint keyed by the new key.
    public var valueFingerprint: String
}

/// The stored facts a job's secrets are decided from: never anything the agent sends.
@MemberwiseInit(.public)
public struct JobSecretFacts: Sendable, Equatable {
    /// The job (its state and holder).
    public var job: Job
    /// Its build (repository, pipeline, branch, pull request and origin).
    public var build: Build
    /// Its spec as stored (the names its step lists).
    public var spec: JobSpec
}

extension SecretSelection {
    /// The rows of one name `selection` takes, the same on every backend.
    /// - Throws: `StoreError.notFound` when none matches; `StoreError.conflict` for `.only`
    ///   among several rows, naming their pipelines.
    public static func pick(_ selection: SecretSelection, among rows: [StoredSecret], name: String) throws(StoreError) -> [StoredSecret] {
        let picked: [StoredSecret]
        switch selection {
        case .only:
            guard rows.count <= 1 else {
                let scopes = rows.map { $0.pipeline.map { "pipeline \($0)" } ?? "every pipeline (pipeline '*')" }.joined(separator: ", ")
                throw StoreError.conflict("\(rows.count) secrets are named \(name) (\(scopes)); name the pipeline of the one to remove")
            }
            picked = rows
        case .pipeline(let pipeline):
            picked = rows.filter { $0.pipeline == pipeline }
        case .everyPipeline:
            picked = rows.filter { $0.pipeline == nil }
        }
        guard !picked.isEmpty else { throw StoreError.notFound("no secret named \(name) with that scope") }
        return picked
    }
}
