import Core
import Devices
import Foundation
import PostgresNIO
import Store

// MARK: - Device runs

extension PostgresAppDatabase: DeviceRunStore {
    /// Makes the step's run unless it has one (the first job to report wins; the row's key
    /// keeps a second one out).
    public func queueDeviceTests(jobID: Int64, agentID: Int64, tests: [String], now: Date) async throws(StoreError) -> DeviceTestsQueued {
        try await write { connection in
            let job = try await self.heldDeviceJob(jobID, agentID: agentID, on: connection)
            let step = try DeviceRunRules.deviceStep(of: job.spec, jobID: jobID)
            if let existing = try await self.deviceRun(job, on: connection) { return DeviceRunRules.queued(existing.run) }
            let rows = try await connection.boundedQuery("SELECT pipeline, repository_id FROM build WHERE id = \(job.buildID)", logger: self.logger)
            var build: (pipeline: String, repositoryID: Int64?)?
            for try await (pipeline, repositoryID) in rows.decode((String, Int64?).self) { build = (pipeline, repositoryID) }
            guard let build else { throw StoreError.notFound("build \(job.buildID) not found") }
            let history = try await connection.values(
                """
                SELECT document FROM device_run WHERE pipeline = \(build.pipeline) AND step_key = \(job.stepKey)
                  AND repository_id IS NOT DISTINCT FROM \(build.repositoryID) AND finished
                ORDER BY build_id DESC LIMIT \(Int64(DeviceRunRules.historyRuns))
                """, as: String.self, logger: self.logger
            ).map { try DeviceRunRules.decode(DeviceRun.self, $0) }
            let muted = try await self.mutedTestRows(repositoryID: build.repositoryID, on: connection)
            let run = DeviceRunRules.newRun(step: step, tests: tests, history: history, muted: muted)
            let document = try DeviceRunRules.encode(run)
            try await connection.run(
                """
                INSERT INTO device_run (build_id, step_key, pipeline, repository_id, document, finished, updated_at)
                VALUES (\(job.buildID), \(job.stepKey), \(build.pipeline), \(build.repositoryID), \(document),
                        \(run.isFinished), \(PostgresTime.stored(now)))
                ON CONFLICT (build_id, step_key) DO NOTHING
                """, logger: self.logger)
            guard let stored = try await self.deviceRun(job, on: connection) else { throw StoreError.database("the device run vanished") }
            return DeviceRunRules.queued(stored.run)
        }
    }

    /// The next batch for one of the agent's devices.
    public func nextDeviceBatch(jobID: Int64, agentID: Int64, request: DeviceBatchRequest, now: Date) async throws(StoreError) -> DeviceBatchAnswer {
        try await write { connection in
            let job = try await self.heldDeviceJob(jobID, agentID: agentID, on: connection)
            guard let found = try await self.deviceRun(job, on: connection) else {
                throw StoreError.conflict("step \(job.stepKey) of build \(job.buildID) has no test queue yet; send its tests first")
            }
            var run = found.run
            let rows = try await connection.boundedQuery(
                "SELECT id, agent_id FROM job WHERE build_id = \(job.buildID) AND step_key = \(job.stepKey) AND state IN ('assigned', 'running')",
                logger: self.logger)
            var active: Set<Int64> = []
            var holders: Set<Int64> = []
            for try await (id, holder) in rows.decode((Int64, Int64?).self) {
                active.insert(id)
                if let holder { holders.insert(holder) }
            }
            var fleet: [DeviceKey: DeviceReport] = [:]
            for holder in holders {
                for row in try await self.deviceRows(agentID: holder, on: connection) {
                    fleet[DeviceKey(agentID: holder, platform: row.report.platform, identifier: row.report.identifier)] = row.report
                }
            }
            let device = DeviceKey(agentID: agentID, platform: request.platform, identifier: request.identifier)
            // The rows this call may write: the asking device's, and those of devices whose
            // batch is past its time limit (charged when taken back).
            let late = run.batches.filter { $0.outcome == nil && now >= $0.deadline }.map(\.device)
            var health = try await self.deviceHealthRows(on: connection, all: true, locking: [device] + late)
            let muted = try await self.mutedTestRows(repositoryID: found.repositoryID, on: connection)
            let effects = DeviceRunRules.next(
                run: &run, health: &health, muted: muted, device: device, jobID: jobID, build: (id: job.buildID, repositoryID: found.repositoryID),
                activeJobs: active, fleet: fleet, now: now)
            try await self.save(run, job: job, repositoryID: found.repositoryID, effects: effects, now: now, on: connection)
            return effects.answer
        }
    }

    /// Records a batch's results or its device's failure.
    public func recordDeviceBatch(jobID: Int64, agentID: Int64, batchID: Int, report: DeviceBatchReport, now: Date) async throws(StoreError) -> DeviceBatchAnswer {
        try await write { connection in
            let job = try await self.heldDeviceJob(jobID, agentID: agentID, on: connection)
            guard let found = try await self.deviceRun(job, on: connection) else {
                throw StoreError.conflict("step \(job.stepKey) of build \(job.buildID) has no test queue")
            }
            var run = found.run
            // Only the batch's device's row may be written.
            let device = run.batches.first { $0.id == batchID }?.device
            var health = try await self.deviceHealthRows(on: connection, all: false, locking: device.map { [$0] } ?? [])
            let muted = try await self.mutedTestRows(repositoryID: found.repositoryID, on: connection)
            let effects = try DeviceRunRules.record(
                run: &run, health: &health, muted: muted, batchID: batchID, jobID: jobID, build: (id: job.buildID, repositoryID: found.repositoryID),
                report: report, now: now)
            try await self.save(run, job: job, repositoryID: found.repositoryID, effects: effects, now: now, on: connection)
            return effects.answer
        }
    }

    /// The device runs of a build.
    public func deviceRuns(buildID: Int64) async throws(StoreError) -> [StepDeviceRun] {
        try await read { connection in
            guard try await connection.value("SELECT id FROM build WHERE id = \(buildID)", as: Int64.self, logger: self.logger) != nil else {
                throw StoreError.notFound("build \(buildID) not found")
            }
            let rows = try await connection.boundedQuery("SELECT step_key, document FROM device_run WHERE build_id = \(buildID) ORDER BY step_key", logger: self.logger)
            var runs: [StepDeviceRun] = []
            for try await (stepKey, document) in rows.decode((String, String).self) {
                runs.append(StepDeviceRun(stepKey: stepKey, run: try DeviceRunRules.decode(DeviceRun.self, document)))
            }
            return runs
        }
    }

    /// Every device's health, and the batches running now.
    public func deviceHealth() async throws(StoreError) -> DeviceFleetHealth {
        try await read { connection in
            let health = try await self.deviceHealthRows(on: connection, all: true, locking: [])
            let rows = try await connection.boundedQuery("SELECT build_id, document FROM device_run WHERE NOT finished", logger: self.logger)
            var runs: [(buildID: Int64, run: DeviceRun)] = []
            for try await (buildID, document) in rows.decode((Int64, String).self) {
                let run = try DeviceRunRules.decode(DeviceRun.self, document)
                runs.append((buildID, run))
            }
            return DeviceFleetHealth(health: health, running: DeviceRunRules.running(runs))
        }
    }

    /// Lets a quarantined device take batches again.
    public func readmitDevice(_ device: DeviceKey, audit: AuditEvent, now: Date) async throws(StoreError) -> DeviceHealth {
        try await write { connection in
            var readmitted = try await self.deviceHealthRows(on: connection, all: false, locking: [device])[device]
            if readmitted == nil {
                let listed = try await connection.value(
                    """
                    SELECT count(*) FROM device WHERE agent_id = \(device.agentID) AND platform = \(device.platform.rawValue)
                      AND identifier = \(device.identifier)
                    """, as: Int64.self, logger: self.logger) ?? 0
                guard listed > 0 else { throw StoreError.notFound("agent \(device.agentID) has no \(device.platform.rawValue) device \(device.identifier)") }
                readmitted = DeviceHealth(device: device)
            }
            var health = readmitted ?? DeviceHealth(device: device)
            health.readmit()
            try await self.saveHealth([health], on: connection)
            try await self.insertAudit(audit, on: connection)
            return health
        }
    }

    /// Closes the unfinished device runs of a build that ended (its running batches taken
    /// back), so that no device lists a dead build's batch and ``deviceHealth()`` no longer
    /// reads them.
    func closeDeviceRuns(buildID: Int64, now: Date, on connection: PostgresConnection) async throws {
        let rows = try await connection.boundedQuery(
            "SELECT step_key, document FROM device_run WHERE build_id = \(buildID) AND NOT finished FOR UPDATE", logger: logger)
        var runs: [(stepKey: String, run: DeviceRun)] = []
        for try await (stepKey, document) in rows.decode((String, String).self) {
            let run = try DeviceRunRules.decode(DeviceRun.self, document)
            runs.append((stepKey, run))
        }
        for entry in runs {
            var run = entry.run
            run.close(because: "build \(buildID) ended", now: now)
            let document = try DeviceRunRules.encode(run)
            let stepKey = entry.stepKey
            try await connection.run(
                """
                UPDATE device_run SET document = \(document), finished = true, updated_at = \(PostgresTime.stored(now))
                WHERE build_id = \(buildID) AND step_key = \(stepKey)
                """, logger: logger)
        }
    }

    // MARK: Rows

    /// What the device calls need of a held job.
    private struct DeviceJob {
        var buildID: Int64
        var stepKey: String
        var spec: JobSpec
    }

    /// The job, locked, when the agent holds it and it is active.
    private func heldDeviceJob(_ id: Int64, agentID: Int64, on connection: PostgresConnection) async throws -> DeviceJob {
        let rows = try await connection.boundedQuery("SELECT build_id, step_key, plan, state, agent_id FROM job WHERE id = \(id) FOR UPDATE", logger: logger)
        for try await (buildID, stepKey, plan, state, holder) in rows.decode((Int64, String, String, String, Int64?).self) {
            if holder == agentID, let state = JobState(rawValue: state), state.isActive {
                return DeviceJob(buildID: buildID, stepKey: stepKey, spec: try DeviceRunRules.decode(JobSpec.self, plan))
            }
        }
        throw StoreError.jobNotHeld(jobID: id)
    }

    /// The step's run and its build's repository (whose muted tests it takes), its row locked
    /// until the transaction ends.
    private func deviceRun(_ job: DeviceJob, on connection: PostgresConnection) async throws -> (run: DeviceRun, repositoryID: Int64?)? {
        let rows = try await connection.boundedQuery(
            "SELECT document, repository_id FROM device_run WHERE build_id = \(job.buildID) AND step_key = \(job.stepKey) FOR UPDATE",
            logger: logger)
        for try await (document, repositoryID) in rows.decode((String, Int64?).self) {
            let run = try DeviceRunRules.decode(DeviceRun.self, document)
            return (run: run, repositoryID: repositoryID)
        }
        return nil
    }

    /// Stored device healths: every row when `all` (read, not locked), and the rows of
    /// `locking` read again, locked until the transaction ends. Only the rows a call may write
    /// are locked, so calls about other devices (of any step) do not wait on each other.
    func deviceHealthRows(on connection: PostgresConnection, all: Bool, locking keys: [DeviceKey]) async throws -> [DeviceKey: DeviceHealth] {
        var health: [DeviceKey: DeviceHealth] = [:]
        if all {
            for document in try await connection.values("SELECT document FROM device_health", as: String.self, logger: logger) {
                let entry = try DeviceRunRules.decode(DeviceHealth.self, document)
                health[entry.device] = entry
            }
        }
        // One order for every caller, so that two transactions never wait on each other's rows.
        let ordered = Set(keys).sorted { ($0.agentID, $0.platform.rawValue, $0.identifier) < ($1.agentID, $1.platform.rawValue, $1.identifier) }
        for key in ordered {
            let document = try await connection.value(
                """
                SELECT document FROM device_health WHERE agent_id = \(key.agentID) AND platform = \(key.platform.rawValue)
                  AND identifier = \(key.identifier) FOR UPDATE
                """, as: String.self, logger: logger)
            health[key] = try document.map { try DeviceRunRules.decode(DeviceHealth.self, $0) }
        }
        return health
    }

    private func save(
        _ run: DeviceRun, job: DeviceJob, repositoryID: Int64?, effects: DeviceRunRules.Effects, now: Date, on connection: PostgresConnection
    ) async throws {
        let document = try DeviceRunRules.encode(run)
        try await connection.run(
            """
            UPDATE device_run SET document = \(document), finished = \(run.isFinished), updated_at = \(PostgresTime.stored(now))
            WHERE build_id = \(job.buildID) AND step_key = \(job.stepKey)
            """, logger: logger)
        try await saveHealth(effects.health, on: connection)
        for muted in effects.mutes.upserts { try await saveMutedTest(muted, on: connection) }
        for name in effects.mutes.unmuted {
            try await connection.run("DELETE FROM muted_test WHERE repository_id IS NOT DISTINCT FROM \(repositoryID) AND name = \(name)", logger: logger)
        }
    }

    private func saveHealth(_ health: [DeviceHealth], on connection: PostgresConnection) async throws {
        for entry in health {
            let document = try DeviceRunRules.encode(entry)
            try await connection.run(
                """
                INSERT INTO device_health (agent_id, platform, identifier, document)
                VALUES (\(entry.device.agentID), \(entry.device.platform.rawValue), \(entry.device.identifier), \(document))
                ON CONFLICT (agent_id, platform, identifier) DO UPDATE SET document = excluded.document
                """, logger: logger)
        }
    }

    /// The tests muted in the builds of repository `repositoryID` (nil: of no repository).
    func mutedTestRows(repositoryID: Int64?, on connection: PostgresConnection) async throws -> [MutedTest] {
        try await connection.values(
            "SELECT document FROM muted_test WHERE repository_id IS NOT DISTINCT FROM \(repositoryID) ORDER BY name", as: String.self, logger: logger
        ).map { try DeviceRunRules.decode(MutedTest.self, $0) }
    }

    /// Stores a muted test under its repository and name (replacing one there): delete and
    /// insert, since the key's unique index is on an expression (SQLite's table has the same).
    func saveMutedTest(_ muted: MutedTest, on connection: PostgresConnection) async throws {
        var stored = muted
        stored.repository = nil
        let document = try DeviceRunRules.encode(stored)
        try await connection.run(
            "DELETE FROM muted_test WHERE repository_id IS NOT DISTINCT FROM \(muted.repositoryID) AND name = \(muted.name)", logger: logger)
        try await connection.run(
            "INSERT INTO muted_test (repository_id, name, document) VALUES (\(muted.repositoryID), \(muted.name), \(document))", logger: logger)
    }
}
