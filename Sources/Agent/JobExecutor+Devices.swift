import ChildProcesses
import Core
import Foundation
import Secrets

// MARK: - devices:

extension JobExecutor {
    /// Runs a `devices:` step's tests on this agent's matching devices: sends the tests the
    /// checkout selected (the step's first job makes the queue), then drives each free device
    /// (ask for a batch, run it, report it) until the server says every test has its verdict.
    /// - Returns: The step's verdict; false when it could not take part (no usable device,
    ///   no test list, the server unreachable) or was stopped first.
    func runOnDevices(
        _ step: DeviceStep, assignment: JobAssignment, token: String, workspace: String, environment: [String: String],
        control: JobControl, streamer: LogStreamer
    ) async -> Bool {
        guard let tests = await deviceTests(step, workspace: workspace, environment: environment, streamer: streamer) else { return false }
        do {
            let queued = try await self.withRetries(attempts: 3) { () async throws(AgentAPIError) in
                try await self.api.postDeviceTests(jobID: assignment.jobID, tests: tests, token: token)
            }
            streamer.append(line: "mobile-ops-agent: devices: \(tests.count) tests sent; the step's queue holds \(queued.tests) tests in \(queued.runs) runs")
        } catch {
            streamer.append(line: "mobile-ops-agent: devices: the test list could not be sent: \(error)")
            return false
        }
        let found = await self.devices?() ?? []
        let usable = Array(found.filter { step.canRun($0) }.prefix(step.count))
        guard !usable.isEmpty else {
            streamer.append(line: "mobile-ops-agent: devices: no \(step.wantedDevice) on \(self.configuration.name) any more; it saw \(found.count) device(s)")
            return false
        }
        streamer.append(line: "mobile-ops-agent: devices: running batches on \(usable.map(\.identifier).joined(separator: ", "))")
        let scratch = self.configuration.workDirectory + "/jobs/\(assignment.jobID).devices"
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let runner = DeviceBatchRunner(step: step, workspace: workspace, environment: environment, scratch: scratch)
        let reset = DeviceReset(tools: DeviceToolRunner(environment: environment, timeout: .seconds(120)))
        let verdict = await withTaskGroup(of: DeviceDriveEnd.self) { group -> Bool? in
            for device in usable {
                group.addTask {
                    .device(await self.drive(device, runner: runner, reset: reset, jobID: assignment.jobID, token: token, control: control, streamer: streamer))
                }
            }
            // A cancel, the step's timeout or shutdown stops every device's batch at once.
            group.addTask {
                while control.stopReason == nil, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(500)) }
                return .stopped
            }
            var ended = 0
            var verdict: Bool?
            while let end = await group.next() {
                switch end {
                case .device(let heard):
                    ended += 1
                    verdict = verdict ?? heard
                case .stopped:
                    break
                }
                if ended == usable.count || control.stopReason != nil { group.cancelAll() }
            }
            return verdict
        }
        guard let verdict else {
            streamer.append(line: "mobile-ops-agent: devices: stopped before the step's verdict")
            return false
        }
        return verdict
    }

    /// The tests to queue: the step's `tests:` command's lines, else the suites `ui_tests:` selected.
    private func deviceTests(_ step: DeviceStep, workspace: String, environment: [String: String], streamer: LogStreamer) async -> [String]? {
        guard let command = step.listTests else {
            // "all": the project could not be read, so the selection names nothing; running
            // nothing would pass blindly.
            guard environment["MOBILE_OPS_UI_TESTS_MODE"] != "all" else {
                streamer.append(line: "mobile-ops-agent: devices: ui_tests could not select suites and the step has no devices.tests command to list them; no test runs")
                return nil
            }
            let selected = environment[UITestSelection.suitesVariable] ?? ""
            return selected.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        streamer.append(line: "$ \(command)")
        let tools = DeviceToolRunner(environment: environment, timeout: .seconds(600))
        switch await tools.run(.shell(command, environment: environment, workingDirectory: workspace), limit: .seconds(600)) {
        case .finished(let output) where output.status.isSuccess:
            guard let tests = DeviceBatchRunner.listedTests(output.text) else {
                streamer.append(line: "mobile-ops-agent: devices: the tests command printed no test; nothing would run, so the step fails")
                return nil
            }
            return tests
        case .finished(let output):
            streamer.append(line: "mobile-ops-agent: devices: the tests command failed (\(output.status)): \(output.errorText)")
            return nil
        case .failed(let why):
            streamer.append(line: "mobile-ops-agent: devices: the tests command failed: \(why)")
            return nil
        }
    }

    /// One device's loop: ask, run, report, until told to stop. Answers the step's verdict
    /// when the server gave it.
    private func drive(
        _ device: DeviceReport, runner: DeviceBatchRunner, reset: DeviceReset, jobID: Int64, token: String, control: JobControl, streamer: LogStreamer
    ) async -> Bool? {
        let request = DeviceBatchRequest(platform: device.platform, identifier: device.identifier)
        let prefix = "mobile-ops-agent: [\(device.identifier)]"
        var installed = false
        var lastMessage: String?
        // One reset per device per job: a device that fails again after it stays quarantined
        // for a person to look at.
        var resetTried = false
        while !Task.isCancelled, control.stopReason == nil {
            let answer: DeviceBatchAnswer
            do {
                answer = try await self.withRetries(attempts: 5) { () async throws(AgentAPIError) in
                    try await self.api.nextDeviceBatch(jobID: jobID, device: request, token: token)
                }
            } catch {
                if case .jobNotHeld = error { return nil }
                streamer.append(line: "\(prefix) asking for a batch failed: \(error)")
                try? await Task.sleep(for: .seconds(5))
                continue
            }
            if answer.stop {
                streamer.append(line: "\(prefix) done: \(answer.message ?? "")")
                return answer.passed
            }
            guard let batch = answer.batch else {
                if let message = answer.message, message != lastMessage { streamer.append(line: "\(prefix) \(message)") }
                lastMessage = answer.message
                if answer.quarantined == true, !resetTried {
                    resetTried = true
                    if await self.resetAndReadmit(device, with: reset, token: token, prefix: prefix, streamer: streamer) {
                        installed = false
                        continue
                    }
                }
                let wait = min(max(answer.retryAfterSeconds ?? 2, 0.2), 30)
                try? await Task.sleep(for: .milliseconds(Int64(wait * 1000)))
                continue
            }
            lastMessage = nil
            streamer.append(line: "\(prefix) batch \(batch.id): \(batch.tests.count) test(s)")
            let ran = await runner.run(batch, on: device, install: !installed)
            if Task.isCancelled { return nil }
            for line in ran.log { streamer.append(line: "\(prefix)   \(line)") }
            installed = installed || (ran.report.deviceFailure == nil && ran.report.failure == nil)
            let counts = Dictionary(grouping: ran.report.results, by: \.outcome).mapValues(\.count)
            let summary = DeviceTestOutcome.allCases.compactMap { outcome in counts[outcome].map { "\($0) \(outcome.rawValue)" } }.joined(separator: ", ")
            let failure = ran.report.deviceFailure.map { "device failure: \($0)" } ?? ran.report.failure.map { "failed (not the device's fault): \($0)" }
            streamer.append(line: "\(prefix) batch \(batch.id): " + (failure.map { $0 + (summary.isEmpty ? "" : " (kept: \(summary))") } ?? summary))
            let report = Self.masked(ran.report, with: streamer.masker)
            do {
                let next = try await self.withRetries(attempts: 5) { () async throws(AgentAPIError) in
                    try await self.api.postDeviceBatch(jobID: jobID, batch: batch.id, report: report, token: token)
                }
                if next.stop {
                    streamer.append(line: "\(prefix) done: \(next.message ?? "")")
                    return next.passed
                }
            } catch {
                if case .jobNotHeld = error { return nil }
                streamer.append(line: "\(prefix) batch \(batch.id) could not be reported (\(error)); the server takes it back at its time limit")
            }
        }
        return nil
    }
}

extension JobExecutor {
    /// `report` with each test's failure message and the device's or step's failure masked with the
    /// job's secrets (`masker`, nil when it was given none): both are read from the tools' raw
    /// output, which may quote a value, and the server stores and shows them as they come.
    static func masked(_ report: DeviceBatchReport, with masker: SecretMasker?) -> DeviceBatchReport {
        guard let masker else { return report }
        var masked = report
        for index in masked.results.indices {
            masked.results[index].message = masked.results[index].message.map { masker.mask($0) }
        }
        masked.deviceFailure = masked.deviceFailure.map { masker.mask($0) }
        masked.failure = masked.failure.map { masker.mask($0) }
        return masked
    }
}

/// How one task of the device loop ended.
private enum DeviceDriveEnd: Sendable {
    /// A device's loop ended, with the step's verdict when it heard it.
    case device(Bool?)
    /// The job was stopped (canceled, timed out, shutting down).
    case stopped
}

extension JobExecutor {
    /// Resets a quarantined device (`DeviceReset`) and tells the server, which re-admits it;
    /// true when it may take batches again.
    fileprivate func resetAndReadmit(_ device: DeviceReport, with reset: DeviceReset, token: String, prefix: String, streamer: LogStreamer) async -> Bool {
        streamer.append(line: "\(prefix) resetting it")
        switch await reset.reset(device, log: { streamer.append(line: "\(prefix)   \($0)") }) {
        case .failed(let why):
            streamer.append(line: "\(prefix) could not reset it (\(why)); it waits for a person to re-admit it")
            return false
        case .reset(let what):
            do {
                try await self.withRetries(attempts: 3) { () async throws(AgentAPIError) in
                    try await self.api.readmitDevice(DeviceResetReport(platform: device.platform, identifier: device.identifier, reset: what), token: token)
                }
                streamer.append(line: "\(prefix) reset (\(what)) and re-admitted")
                return true
            } catch {
                streamer.append(line: "\(prefix) reset, but the server did not re-admit it: \(error)")
                return false
            }
        }
    }
}
