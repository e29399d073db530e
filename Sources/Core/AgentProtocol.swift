import MemberwiseInit

/// The messages between `mobile-ops-agent` and the server, shared by both sides.
///
/// Endpoints (all under `/api/v1`, agent token as `Authorization: Bearer` unless noted):
/// - `POST /agents/register` (registration token) with `AgentRegistration` → 201 `AgentRegistered`.
/// - `POST /agent/jobs/next?wait=SECONDS` (long poll, default 25) → 200 `JobAssignment`, or 204.
/// - `POST /agent/jobs/{id}/start` → 200 `AgentDirective`.
/// - `POST /agent/jobs/{id}/log` with raw log bytes and header `X-Log-Sequence: N` (0, 1, 2 …;
///   a repeated sequence number is ignored, so retries are safe) → 200 `AgentDirective`.
/// - `POST /agent/jobs/{id}/secrets` → 200 `JobSecrets`: the values of the secrets the job's
///   step lists that its build may have (a started job only).
/// - `POST /agent/jobs/{id}/heartbeat` → 200 `AgentDirective` (extends the lease).
/// - `POST /agent/jobs/{id}/finish` with `JobOutcome` → 200.
/// - `POST /agent/stop` (the agent is stopping) → 200 `AgentStopped`.
/// A job that is not (or no longer) this agent's answers 409 with code `job_not_held`;
/// the agent then stops working on it.
public enum AgentProtocol {
    /// Header carrying a log chunk's sequence number.
    public static let logSequenceHeader = "X-Log-Sequence"
}

/// `POST /api/v1/agents/register` body.
@MemberwiseInit(.public)
public struct AgentRegistration: Codable, Sendable, Equatable {
    /// Agent name, e.g. `mac-mini-07`.
    public var name: String
    /// Capabilities, e.g. `platform=ios`, `xcode=16.2`.
    public var tags: [String: String]
    /// Jobs it runs at once.
    public var slots: Int
    /// Machine host name, for people.
    public var hostname: String?
    /// Agent version.
    public var version: String?
}

/// `POST /api/v1/agents/register` answer: the agent's id and its own token (shown once).
@MemberwiseInit(.public)
public struct AgentRegistered: Codable, Sendable, Equatable {
    /// The agent's id.
    public var agentID: Int64
    /// Bearer token for every later call.
    public var token: String
    /// Seconds without a heartbeat after which a job is lost.
    public var leaseSeconds: Double
}

/// A job handed to an agent: what to check out and what to run.
@MemberwiseInit(.public)
public struct JobAssignment: Codable, Sendable, Equatable {
    /// The job.
    public var jobID: Int64
    /// Its build.
    public var buildID: Int64
    /// Build number in the repository.
    public var buildNumber: Int
    /// Pipeline name.
    public var pipeline: String
    /// Step key and label.
    public var stepKey: String
    /// What people see.
    public var label: String
    /// Attempt number (1 first).
    public var attempt: Int
    /// Repository to check out; nil for an empty workspace.
    public var repository: CheckoutTarget?
    /// Commands, requirements, env (already merged with the build's), timeout, artifacts.
    public var spec: JobSpec
    /// Seconds the lease lasts without a heartbeat.
    public var leaseSeconds: Double
    /// The build cache the job may use (`MOBILE_OPS_CACHE_URL`); nil for a job without a
    /// repository, and from a server without the build cache.
    public var cache: JobCacheAccess?
}

/// `POST /api/v1/agent/jobs/{id}/checkout` body: the commit the agent actually checked out.
///
/// Manual and scheduled builds name a branch; the first job's checkout pins the build to the
/// commit that branch pointed at, so its later jobs, its commit status and its feed entry
/// name that commit.
@MemberwiseInit(.public)
public struct CheckoutReport: Codable, Sendable, Equatable {
    /// The full object name of the checked-out commit.
    public var commitSHA: String
}

/// What to clone and which commit to check out.
@MemberwiseInit(.public)
public struct CheckoutTarget: Codable, Sendable, Equatable {
    /// Repository full name (the mirror cache key).
    public var name: String
    /// Clone URL: https, ssh, `file://` or a local path.
    public var cloneURL: String
    /// Commit to check out.
    public var commitSHA: String
    /// Branch, when known (for `MOBILE_OPS_BRANCH`).
    public var branch: String?
}

/// The server's answer to start, log and heartbeat calls.
public struct AgentDirective: Codable, Sendable, Equatable {
    /// Stop the job now (kill its process group) and finish it as `canceled`.
    public var cancel: Bool

    /// Creates a directive.
    public init(cancel: Bool) { self.cancel = cancel }
}

/// `POST /api/v1/agent/jobs/{id}/finish` body.
@MemberwiseInit(.public)
public struct JobOutcome: Codable, Sendable, Equatable {
    /// `passed`, `failed`, `canceled` or `timed_out`.
    public var state: JobState
    /// Exit status of the last command run.
    public var exitStatus: Int32?
    /// Seconds each command took, in order.
    public var commandDurations: [Double] = []
}

/// `POST /api/v1/agent/stop` answer: what the server did with the jobs a stopping agent held.
///
/// An agent that stops says so (SIGTERM, SIGINT), so that nothing waits a lease for it: it is
/// `offline` at once and its token stops working; a later start registers again and takes its
/// row back (see `docs/agents.md`, "Stopping an agent").
@MemberwiseInit(.public)
public struct AgentStopped: Codable, Sendable, Equatable {
    /// Jobs it was handed but never started, back in the queue as if never handed out (no
    /// attempt spent).
    public var releasedJobs: [Int64]
    /// Jobs it was running and did not report: lost, and retried when their policy allows.
    public var lostJobs: [Int64]
}
