import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Numbers and ids for new rows

extension PostgresAppDatabase {
    /// Arbitrary, fixed: the advisory lock that numbers builds without a repository.
    static let unattachedBuildNumberLock: Int64 = 0x4D6F_6269_6C65_4F71

    /// What a batch of new rows is given before it is written: ids from the tables' sequences
    /// (so a delivery's answer, which names its builds, is known before its row is written) and
    /// each build's number.
    struct Allocation: Sendable {
        /// One id per new delivery, in order.
        var deliveryIDs: [Int64]
        /// One id per new build, in order.
        var buildIDs: [Int64]
        /// Each build's number in its repository (or among builds without one), in order.
        var buildNumbers: [Int]
        /// Per build, one id per job, ascending in the order of its jobs (a build's jobs are
        /// read back in id order).
        var jobIDs: [[Int64]]
    }

    /// Locks what numbers the builds, then hands out their numbers and ids for every new row.
    ///
    /// Numbers are per repository and gapless: each repository's row is locked (all at once, in
    /// id order, so two servers locking several never wait on each other in a cycle), and the
    /// advisory lock stands for builds without a repository. The numbers are read in a
    /// statement after the locks: under READ COMMITTED it sees the builds of whichever server
    /// held a lock before. Numbers follow the builds' order; the locks are held to the commit.
    func allocate(deliveries: Int, builds: [EncodedBuildDraft], on connection: PostgresConnection) async throws -> Allocation {
        let repositories = Array(Set(builds.compactMap(\.draft.repositoryID))).sorted()
        if !repositories.isEmpty {
            try await connection.run("SELECT id FROM repository WHERE id = ANY(\(repositories)) ORDER BY id FOR UPDATE", logger: logger)
        }
        if builds.contains(where: { $0.draft.repositoryID == nil }) {
            try await connection.run("SELECT pg_advisory_xact_lock(\(Self.unattachedBuildNumberLock))", logger: logger)
        }
        let jobCounts = builds.map(\.draft.jobs.count)
        // Each max() is its own subquery so it reads one index entry (the newest build), where
        // a GROUP BY over several repositories would read all their builds.
        let rows = try await connection.boundedQuery(
            """
            SELECT ARRAY(SELECT COALESCE((SELECT max(number) FROM build WHERE repository_id = r), 0)
                         FROM unnest(\(repositories)) WITH ORDINALITY AS u(r, i) ORDER BY i),
                   (SELECT COALESCE(max(number), 0) FROM build WHERE repository_id IS NULL),
                   ARRAY(SELECT nextval(s) FROM generate_series(1, \(Int64(deliveries))),
                         (SELECT pg_get_serial_sequence('webhook_delivery', 'id')::regclass AS s) AS q),
                   ARRAY(SELECT nextval(s) FROM generate_series(1, \(Int64(builds.count))),
                         (SELECT pg_get_serial_sequence('build', 'id')::regclass AS s) AS q),
                   ARRAY(SELECT nextval(s) FROM generate_series(1, \(Int64(jobCounts.reduce(0, +)))),
                         (SELECT pg_get_serial_sequence('job', 'id')::regclass AS s) AS q)
            """, logger: logger)
        for try await (latest, latestUnattached, deliveryIDs, buildIDs, jobIDs) in rows.decode(([Int32], Int32, [Int64], [Int64], [Int64]).self) {
            guard latest.count == repositories.count, deliveryIDs.count == deliveries, buildIDs.count == builds.count,
                  jobIDs.count == jobCounts.reduce(0, +) else {
                throw StoreError.database("the ids and numbers handed out do not match the batch")
            }
            var next = Dictionary(uniqueKeysWithValues: zip(repositories, latest.map(Int.init)))
            var nextUnattached = Int(latestUnattached)
            let numbers = builds.map { build -> Int in
                guard let repositoryID = build.draft.repositoryID else {
                    nextUnattached += 1
                    return nextUnattached
                }
                let number = (next[repositoryID] ?? 0) + 1
                next[repositoryID] = number
                return number
            }
            // A sequence hands one session ascending values, so sorting only states the order relied on.
            var remainingJobIDs = jobIDs.sorted()[...]
            let perBuild = jobCounts.map { count -> [Int64] in
                defer { remainingJobIDs = remainingJobIDs.dropFirst(count) }
                return Array(remainingJobIDs.prefix(count))
            }
            return Allocation(deliveryIDs: deliveryIDs.sorted(), buildIDs: buildIDs.sorted(), buildNumbers: numbers, jobIDs: perBuild)
        }
        throw StoreError.database("the ids and numbers query returned no row")
    }
}
