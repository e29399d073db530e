import Access
import Core
import Devices
import Foundation
import Hummingbird
import Scheduling
import Store

/// The batches of `devices:` steps: agents take batches for their devices and report them;
/// people read a build's runs and re-admit a quarantined device.
///
/// A batch travels inside the step's jobs (one job per agent, leased and heartbeated as any
/// job; an idle agent with a free device joins a running step with a job of its own): the
/// job asks for the next batch of one free device, runs it, reports it, and asks again,
/// until the answer says stop. See `DeviceBatchMessages` in Core and docs/devices.md.
struct DeviceRunController: APIController {
    let auth: AgentAuthService
    let store: any DeviceRunStore
    /// Woken once a step has its queue: an idle agent with a free device may now join it.
    let dispatcher: JobDispatcher
    let bodyLimit: Int
    /// The clock every time-based decision reads.
    let clock: any TimeSource

    var routes: [Route] {
        [
            Route.agent(.post, "/api/v1/agent/jobs/:id/device-tests", auth: auth, openAPI: OpenAPIOperation(
                "Queue the tests a devices: job selected", tag: "agent-protocol", caller: .agent,
                description: [
                    "The step's first job to send its list makes the step's queue (longest expected first, by the p80 of earlier runs; extra copies for tests that often fail); later lists are not read.",
                    "While the queue has tests no device holds, an idle agent with a free matching device that polls is given a new job of the step (it joins the run), up to the step's `count` devices.",
                ],
                parameters: [.path("id")],
                body: .json(.ref("DeviceTestList")),
                answers: [.ok("DeviceTestsQueued")],
                errors: [.badRequest, .notFound, .conflict, .databaseUnavailable]
            )) { request, context, agent in
                let list = try await request.decodeJSON(DeviceTestList.self, limit: bodyLimit)
                if let problem = list.problem() { throw APIError.badRequest(problem, code: "invalid_tests") }
                let queued = try await store.queueDeviceTests(jobID: try context.numericID(of: "job"), agentID: agent.id, tests: list.tests, now: clock.now)
                dispatcher.wake()
                return try .json(queued)
            },
            Route.agent(.post, "/api/v1/agent/jobs/:id/device-batches/next", auth: auth, openAPI: OpenAPIOperation(
                "The next batch for one of the agent's devices", tag: "agent-protocol", caller: .agent,
                description: [
                    "Answers a batch, or `retryAfterSeconds` (batches running elsewhere may come back; a quarantined device waits here too), or `stop` with the step's verdict once every test has one.",
                    "Batches whose job ended unreported go back to the queue first; batches past their time limit go back as their device's failure.",
                ],
                parameters: [.path("id")],
                body: .json(.ref("DeviceBatchRequest")),
                answers: [.ok("DeviceBatchAnswer")],
                errors: [.badRequest, .notFound, .conflict, .databaseUnavailable]
            )) { request, context, agent in
                let device = try await request.decodeJSON(DeviceBatchRequest.self, limit: bodyLimit)
                guard !device.identifier.isEmpty, device.identifier.unicodeScalars.count <= AgentPoll.maximumTextLength else {
                    throw APIError.badRequest("identifier must be 1 to \(AgentPoll.maximumTextLength) characters", code: "invalid_device")
                }
                return try await .json(store.nextDeviceBatch(jobID: try context.numericID(of: "job"), agentID: agent.id, request: device, now: clock.now))
            },
            Route.agent(.post, "/api/v1/agent/jobs/:id/device-batches/:batch/result", auth: auth, openAPI: OpenAPIOperation(
                "Report a batch's per-test results, or its device's failure", tag: "agent-protocol", caller: .agent,
                description: [
                    "With `deviceFailure` (only on the tools' evidence against the device), the batch's tests without a result go back to the queue at no retry's cost, and the device's failures in a row grow (quarantined after the step's `quarantine_after`).",
                    "With `failure` (the batch failed for the step's or its tests' sake), no device is charged; its tests without a result go back, and fail with that reason once they failed the same way on two devices.",
                    "Without it, each test's result counts: a failed test is queued again for another device while its retries last.",
                ],
                parameters: [.path("batch"), .path("id")],
                body: .json(.ref("DeviceBatchReport")),
                answers: [.ok("DeviceBatchAnswer")],
                errors: [.badRequest, .notFound, .conflict, .databaseUnavailable]
            )) { request, context, agent in
                let report = try await request.decodeJSON(DeviceBatchReport.self, limit: bodyLimit)
                guard let batch = context.parameters.get("batch").flatMap(Int.init) else {
                    throw APIError.notFound("no batch \(context.parameters.get("batch") ?? "")")
                }
                return try await .json(store.recordDeviceBatch(
                    jobID: try context.numericID(of: "job"), agentID: agent.id, batchID: batch, report: report, now: clock.now))
            },
            Route(.get, "/api/v1/builds/:id/device-runs", scope: .read, openAPI: OpenAPIOperation(
                "Each devices: step's queue, batches, attempts and verdicts", tag: "builds",
                description: ["Each batch names its device and how it ended; each test its attempts (device, outcome, seconds) and its verdict (passed, flaky, failed, skipped)."],
                parameters: [.path("id")],
                answers: [.ok("DeviceRunList")],
                errors: [.notFound, .databaseUnavailable]
            )) { _, context in
                try await .json(["runs": store.deviceRuns(buildID: try context.numericID(of: "build"))])
            },
            Route.agent(.post, "/api/v1/agent/devices/readmit", auth: auth, openAPI: OpenAPIOperation(
                "Re-admit a quarantined device its agent reset", tag: "agent-protocol", caller: .agent,
                description: [
                    "The agent reset one of its own devices after a batch answer said it is quarantined (`adb reboot`, then the boot completed; `xcrun simctl shutdown` and `erase`): its failures in a row start again and it takes batches. Audited as `device.readmit` with what the agent did.",
                ],
                body: .json(.ref("DeviceResetReport")),
                answers: [.ok("DeviceHealth")],
                errors: [.badRequest, .notFound, .databaseUnavailable]
            )) { request, _, agent in
                let report = try await request.decodeJSON(DeviceResetReport.self, limit: bodyLimit)
                guard !report.identifier.isEmpty, report.identifier.unicodeScalars.count <= AgentPoll.maximumTextLength,
                      report.reset.unicodeScalars.count <= AgentPoll.maximumTextLength
                else {
                    throw APIError.badRequest("identifier and reset must be 1 to \(AgentPoll.maximumTextLength) characters", code: "invalid_device")
                }
                let audit = AuditEvent(
                    occurredAt: clock.now, actor: "agent:\(agent.name)", action: "device.readmit",
                    subject: "agent:\(agent.id)", detail: "\(report.platform.rawValue) \(report.identifier), reset by its agent: \(report.reset)")
                let device = DeviceKey(agentID: agent.id, platform: report.platform, identifier: report.identifier)
                return try await .json(store.readmitDevice(device, audit: audit, now: clock.now))
            },
            Route(.post, "/api/v1/devices/readmit", scope: .write, openAPI: OpenAPIOperation(
                "Re-admit a quarantined device", tag: "agents",
                description: ["For a person who has reset the device (`adb reboot`, `xcrun simctl erase`): its failures in a row start again and it takes batches."],
                body: .json(.ref("DeviceKey")),
                answers: [.ok("DeviceHealth")],
                errors: [.badRequest, .notFound, .databaseUnavailable]
            )) { request, context in
                let device = try await request.decodeJSON(DeviceKey.self, limit: bodyLimit)
                let audit = AuditEvent(
                    occurredAt: clock.now, actor: context.actor, action: "device.readmit",
                    subject: "agent:\(device.agentID)", detail: "\(device.platform.rawValue) \(device.identifier)")
                return try await .json(store.readmitDevice(device, audit: audit, now: clock.now))
            },
        ]
    }
}
