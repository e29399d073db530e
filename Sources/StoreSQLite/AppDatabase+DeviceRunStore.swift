import Core
import Devices
import Foundation
import GRDB
import Store

// MARK: - Device runs

extension AppDatabase: DeviceRunStore {
    /// Makes the step's run unless it has one (the first job to report wins).
    public func queueDeviceTests(jobID: Int64, agentID: Int64, tests: [String], now: Date) async throws(StoreError) -> DeviceTestsQueued {
        try await write { db in
            let job = try Self.heldJob(jobID, by: agentID, in: db)
            let step = try DeviceRunRules.deviceStep(of: try job.spec(), jobID: jobID)
            if let existing = try Self.deviceRun(buildID: job.buildID, stepKey: job.stepKey, in: db) { return DeviceRunRules.queued(existing.run) }
            guard let build = try BuildRecord.fetchOne(db, key: job.buildID) else { throw StoreError.notFound("build \(job.buildID) not found") }
            let history = try String.fetchAll(db, sql: """
                SELECT document FROM deviceRun WHERE pipeline = ? AND stepKey = ? AND repositoryID IS ? AND finished
                ORDER BY buildID DESC LIMIT ?
                """, arguments: [build.pipeline, job.stepKey, build.repositoryID, DeviceRunRules.historyRuns])
                .map { try DeviceRunRules.decode(DeviceRun.self, $0) }
            let muted = try Self.mutedTestRows(repositoryID: build.repositoryID, in: db)
            let run = DeviceRunRules.newRun(step: step, tests: tests, history: history, muted: muted)
            let document = try DeviceRunRules.encode(run)
            try db.execute(sql: """
                INSERT INTO deviceRun (buildID, stepKey, pipeline, repositoryID, document, finished, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [job.buildID, job.stepKey, build.pipeline, build.repositoryID, document, run.isFinished, StoredDate(now)])
            return DeviceRunRules.queued(run)
        }
    }

    /// The next batch for one of the agent's devices.
    public func nextDeviceBatch(jobID: Int64, agentID: Int64, request: DeviceBatchRequest, now: Date) async throws(StoreError) -> DeviceBatchAnswer {
        try await write { db in
            try Self.changeDeviceRun(jobID: jobID, agentID: agentID, missing: " yet; send its tests first", now: now, in: db) { job, run, health, muted, build in
                let active = try Row.fetchAll(db, sql: """
                    SELECT id, agentID FROM job WHERE buildID = ? AND stepKey = ? AND state IN ('assigned', 'running')
                    """, arguments: [job.buildID, job.stepKey])
                var fleet: [DeviceKey: DeviceReport] = [:]
                for holder in Set(active.compactMap { $0["agentID"] as Int64? }) {
                    for row in try Self.deviceRows(agentID: holder, in: db) {
                        fleet[DeviceKey(agentID: holder, platform: row.report.platform, identifier: row.report.identifier)] = row.report
                    }
                }
                let device = DeviceKey(agentID: agentID, platform: request.platform, identifier: request.identifier)
                return DeviceRunRules.next(
                    run: &run, health: &health, muted: muted, device: device, jobID: jobID,
                    build: build, activeJobs: Set(active.map { $0["id"] as Int64 }), fleet: fleet, now: now)
            }
        }
    }

    /// Records a batch's results or its device's failure.
    public func recordDeviceBatch(jobID: Int64, agentID: Int64, batchID: Int, report: DeviceBatchReport, now: Date) async throws(StoreError) -> DeviceBatchAnswer {
        try await write { db in
            try Self.changeDeviceRun(jobID: jobID, agentID: agentID, missing: "", now: now, in: db) { _, run, health, muted, build in
                try DeviceRunRules.record(run: &run, health: &health, muted: muted, batchID: batchID, jobID: jobID, build: build, report: report, now: now)
            }
        }
    }

    /// The device runs of a build.
    public func deviceRuns(buildID: Int64) async throws(StoreError) -> [StepDeviceRun] {
        try await read { db in
            guard try BuildRecord.fetchOne(db, key: buildID) != nil else { throw StoreError.notFound("build \(buildID) not found") }
            return try Row.fetchAll(db, sql: "SELECT stepKey, document FROM deviceRun WHERE buildID = ? ORDER BY stepKey", arguments: [buildID])
                .map { row in StepDeviceRun(stepKey: row["stepKey"], run: try DeviceRunRules.decode(DeviceRun.self, row["document"])) }
        }
    }

    /// Every device's health, and the batches running now.
    public func deviceHealth() async throws(StoreError) -> DeviceFleetHealth {
        try await read { db in
            let health = try Self.deviceHealthRows(in: db)
            let runs = try Row.fetchAll(db, sql: "SELECT buildID, document FROM deviceRun WHERE NOT finished").map { row -> (buildID: Int64, run: DeviceRun) in
                let run = try DeviceRunRules.decode(DeviceRun.self, row["document"])
                return (buildID: row["buildID"], run: run)
            }
            return DeviceFleetHealth(health: health, running: DeviceRunRules.running(runs))
        }
    }

    /// Lets a quarantined device take batches again.
    public func readmitDevice(_ device: DeviceKey, audit: AuditEvent, now: Date) async throws(StoreError) -> DeviceHealth {
        try await write { db in
            var health = try Self.deviceHealthRows(in: db)[device]
            if health == nil {
                let listed = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM device WHERE agentID = ? AND platform = ? AND identifier = ?",
                                              arguments: [device.agentID, device.platform.rawValue, device.identifier]) ?? 0
                guard listed > 0 else { throw StoreError.notFound("agent \(device.agentID) has no \(device.platform.rawValue) device \(device.identifier)") }
                health = DeviceHealth(device: device)
            }
            var readmitted = health ?? DeviceHealth(device: device)
            readmitted.readmit()
            try Self.saveHealth([readmitted], in: db)
            _ = try AuditEventRecord(audit).inserted(db)
            return readmitted
        }
    }

    /// Closes the unfinished device runs of a build that ended (its running batches taken
    /// back), so that no device lists a dead build's batch and ``deviceHealth()`` no longer
    /// reads them.
    static func closeDeviceRuns(buildID: Int64, now: Date, in db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT stepKey, document FROM deviceRun WHERE buildID = ? AND NOT finished", arguments: [buildID])
        for row in rows {
            var run = try DeviceRunRules.decode(DeviceRun.self, row["document"])
            run.close(because: "build \(buildID) ended", now: now)
            let stepKey: String = row["stepKey"]
            try db.execute(sql: "UPDATE deviceRun SET document = ?, finished = 1, updatedAt = ? WHERE buildID = ? AND stepKey = ?",
                           arguments: [try DeviceRunRules.encode(run), StoredDate(now), buildID, stepKey])
        }
    }

    // MARK: Rows

    /// What a batch request and a batch report share: the run of the step whose job the agent
    /// holds, every device's health and the repository's muted tests, handed to `change` (a
    /// `DeviceRunRules` step), then the run and the step's effects saved.
    /// - Throws: `StoreError.conflict` ("has no test queue" followed by `missing`) when the
    ///   step has no run yet.
    private static func changeDeviceRun(
        jobID: Int64, agentID: Int64, missing: String, now: Date, in db: Database,
        _ change: (
            _ job: JobRecord, _ run: inout DeviceRun, _ health: inout [DeviceKey: DeviceHealth], _ muted: [MutedTest],
            _ build: (id: Int64, repositoryID: Int64?)
        ) throws -> DeviceRunRules.Effects
    ) throws -> DeviceBatchAnswer {
        let job = try heldJob(jobID, by: agentID, in: db)
        guard let found = try deviceRun(buildID: job.buildID, stepKey: job.stepKey, in: db) else {
            throw StoreError.conflict("step \(job.stepKey) of build \(job.buildID) has no test queue\(missing)")
        }
        var run = found.run
        var health = try deviceHealthRows(in: db)
        let muted = try mutedTestRows(repositoryID: found.repositoryID, in: db)
        let effects = try change(job, &run, &health, muted, (id: job.buildID, repositoryID: found.repositoryID))
        try save(run, buildID: job.buildID, stepKey: job.stepKey, repositoryID: found.repositoryID, effects: effects, now: now, in: db)
        return effects.answer
    }

    /// The step's run, and its build's repository (whose muted tests it takes).
    private static func deviceRun(buildID: Int64, stepKey: String, in db: Database) throws -> (run: DeviceRun, repositoryID: Int64?)? {
        guard let row = try Row.fetchOne(db, sql: "SELECT document, repositoryID FROM deviceRun WHERE buildID = ? AND stepKey = ?", arguments: [buildID, stepKey]) else {
            return nil
        }
        let run = try DeviceRunRules.decode(DeviceRun.self, row["document"])
        return (run: run, repositoryID: row["repositoryID"])
    }

    static func deviceHealthRows(in db: Database) throws -> [DeviceKey: DeviceHealth] {
        let documents = try String.fetchAll(db, sql: "SELECT document FROM deviceHealth")
        var health: [DeviceKey: DeviceHealth] = [:]
        for document in documents {
            let entry = try DeviceRunRules.decode(DeviceHealth.self, document)
            health[entry.device] = entry
        }
        return health
    }

    private static func save(
        _ run: DeviceRun, buildID: Int64, stepKey: String, repositoryID: Int64?, effects: DeviceRunRules.Effects, now: Date, in db: Database
    ) throws {
        let document = try DeviceRunRules.encode(run)
        try db.execute(sql: "UPDATE deviceRun SET document = ?, finished = ?, updatedAt = ? WHERE buildID = ? AND stepKey = ?",
                       arguments: [document, run.isFinished, StoredDate(now), buildID, stepKey])
        try saveHealth(effects.health, in: db)
        for muted in effects.mutes.upserts { try saveMutedTest(muted, in: db) }
        for name in effects.mutes.unmuted {
            try db.execute(sql: "DELETE FROM mutedTest WHERE repositoryID IS ? AND name = ?", arguments: [repositoryID, name])
        }
    }

    private static func saveHealth(_ health: [DeviceHealth], in db: Database) throws {
        for entry in health {
            let document = try DeviceRunRules.encode(entry)
            try db.execute(sql: """
                INSERT INTO deviceHealth (agentID, platform, identifier, document) VALUES (?, ?, ?, ?)
                ON CONFLICT (agentID, platform, identifier) DO UPDATE SET document = excluded.document
                """, arguments: [entry.device.agentID, entry.device.platform.rawValue, entry.device.identifier, document])
        }
    }

    /// The tests muted in the builds of repository `repositoryID` (nil: of no repository).
    static func mutedTestRows(repositoryID: Int64?, in db: Database) throws -> [MutedTest] {
        try String.fetchAll(db, sql: "SELECT document FROM mutedTest WHERE repositoryID IS ? ORDER BY name", arguments: [repositoryID])
            .map { try DeviceRunRules.decode(MutedTest.self, $0) }
    }

    /// Stores a muted test under its repository and name (replacing one there): delete and
    /// insert, since the key's unique index is on an expression an upsert cannot name.
    static func saveMutedTest(_ muted: MutedTest, in db: Database) throws {
        var stored = muted
        stored.repository = nil
        let document = try DeviceRunRules.encode(stored)
        try db.execute(sql: "DELETE FROM mutedTest WHERE repositoryID IS ? AND name = ?", arguments: [muted.repositoryID, muted.name])
        try db.execute(sql: "INSERT INTO mutedTest (repositoryID, name, document) VALUES (?, ?, ?)", arguments: [muted.repositoryID, muted.name, document])
    }
}
