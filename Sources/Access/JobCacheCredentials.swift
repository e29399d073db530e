import Core
import Crypto
import Foundation
import Store
import Synchronization

/// Job-scoped credentials for the build cache: what the agent puts in a job's
/// `MOBILE_OPS_CACHE_URL` (``JobCacheAccess``), and their check on every cache request.
///
/// A credential is `moj_<job id>_<HMAC-SHA256 of the job id>` under a key the store keeps
/// once for every server on the database (``CacheStatsStore/cacheCredentialKey(proposing:)``):
/// handing a job out writes nothing, any replica checks any job's credential, and nothing
/// per job is stored or cleaned up. The signature proves the server made it; whether it is
/// still good is the job's state, read on use: only an `assigned` or `running` job's
/// credential is accepted, so it dies with its job (within ``recheckSeconds``, the time a
/// job's state is reused between reads so a build's requests cost no read each). The
/// namespace and build it is for are the job's, read once per job.
public final class JobCacheCredentials: Sendable {
    /// What every job credential starts with.
    public static let prefix = "moj_"
    /// How long a job's state is trusted before it is read again.
    public let recheckSeconds: TimeInterval

    private let keys: any CacheStatsStore
    private let builds: any BuildStore
    private let repositories: any RepositoryStore
    private let clock: any TimeSource
    /// The signing key, read from the store at the first need.
    private let key = Mutex<[UInt8]?>(nil)
    /// What each job's credential grants, and when its state was read.
    private let grants = Mutex<[Int64: (grant: JobCacheGrant?, active: Bool, readAt: Date)]>([:])

    /// Signs with the key `keys` keeps; reads jobs from `builds` and names from `repositories`.
    public init(keys: any CacheStatsStore, builds: any BuildStore, repositories: any RepositoryStore, clock: any TimeSource, recheckSeconds: TimeInterval = 5) {
        self.keys = keys
        self.builds = builds
        self.repositories = repositories
        self.clock = clock
        self.recheckSeconds = recheckSeconds
    }

    // MARK: Handing out

    /// The cache access of the job `assignment` hands out; nil for a job without a repository.
    public func access(for assignment: JobAssignment) async throws(StoreError) -> JobCacheAccess? {
        guard let repository = assignment.repository, let namespace = Self.namespace(forRepository: repository.name) else { return nil }
        let signature = Self.signature(jobID: assignment.jobID, key: try await signingKey())
        return JobCacheAccess(namespace: namespace, user: "job-\(assignment.jobID)", credential: "\(Self.prefix)\(assignment.jobID)_\(signature)")
    }

    /// The build cache namespace of the repository `name`: `/` becomes `.`, any other
    /// character outside `[A-Za-z0-9._-]` `-`, at most 64 characters; nil when nothing is left.
    public static func namespace(forRepository name: String) -> String? {
        let mapped = String(String.UnicodeScalarView(name.unicodeScalars.map { scalar -> Unicode.Scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": scalar
            case "/": "."
            default: "-"
            }
        }).prefix(64))
        return mapped.isEmpty || mapped == "." || mapped == ".." ? nil : mapped
    }

    // MARK: Checking

    /// What `text` grants, when it is a job credential this cluster signed for a job that is
    /// still assigned or running; nil otherwise (not one, a bad signature, a finished job).
    public func authenticate(_ text: String) async throws(StoreError) -> JobCacheGrant? {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "moj", let jobID = Int64(parts[1]), jobID > 0, parts[2].utf8.count == 64 else { return nil }
        let expected = Self.signature(jobID: jobID, key: try await signingKey())
        guard Self.constantTimeEquals(Array(expected.utf8), Array(parts[2].utf8)) else { return nil }
        let now = clock.now
        if let known = grants.withLock({ $0[jobID] }), now.timeIntervalSince(known.readAt) < recheckSeconds, now >= known.readAt {
            return known.active ? known.grant : nil
        }
        guard let job = try await builds.job(id: jobID) else { return nil }
        var grant = grants.withLock { $0[jobID]?.grant }
        if grant == nil, let build = try await builds.build(id: job.buildID), let repositoryID = build.repositoryID,
           let repository = try await repositories.repository(id: repositoryID), let namespace = Self.namespace(forRepository: repository.name) {
            grant = JobCacheGrant(jobID: jobID, buildID: job.buildID, namespace: namespace)
        }
        let active = job.state.isActive
        grants.withLock { grants in
            // Finished jobs' rows go once there are many: they are only ever refused again.
            if grants.count >= 10_000 { grants = grants.filter { $0.value.active } }
            grants[jobID] = (grant, active, now)
        }
        return active ? grant : nil
    }

    // MARK: Signing

    /// The key, from the store the first time (a random one proposed, in case none is kept).
    private func signingKey() async throws(StoreError) -> [UInt8] {
        if let known = key.withLock({ $0 }) { return known }
        let kept = try await keys.cacheCredentialKey(proposing: Hex.random(byteCount: 32))
        let bytes = Array(kept.utf8)
        key.withLock { $0 = bytes }
        return bytes
    }

    /// The hex HMAC-SHA256 of the job's id under `key`.
    static func signature(jobID: Int64, key: [UInt8]) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Array("mobile-ops cache job \(jobID)".utf8), using: SymmetricKey(data: key))
        return mac.withUnsafeBytes { Hex.encode($0) }
    }

    /// Compares without an early exit, so timing reveals nothing.
    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
