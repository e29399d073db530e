import Core

// MARK: - devices: batches

extension AgentAPI {
    /// `POST /api/v1/agent/jobs/{id}/device-tests`: the tests a `devices:` job selected.
    public func postDeviceTests(jobID: Int64, tests: [String], token: String) async throws(AgentAPIError) -> DeviceTestsQueued {
        let response = try await self.send("/agent/jobs/\(jobID)/device-tests", token: token, json: DeviceTestList(tests: tests))
        try Self.expect(response, statuses: [200])
        return try Self.decode(DeviceTestsQueued.self, from: response)
    }

    /// `POST /api/v1/agent/jobs/{id}/device-batches/next`: the next batch for one device.
    public func nextDeviceBatch(jobID: Int64, device: DeviceBatchRequest, token: String) async throws(AgentAPIError) -> DeviceBatchAnswer {
        let response = try await self.send("/agent/jobs/\(jobID)/device-batches/next", token: token, json: device)
        try Self.expect(response, statuses: [200])
        return try Self.decode(DeviceBatchAnswer.self, from: response)
    }

    /// `POST /api/v1/agent/devices/readmit`: a quarantined device this agent reset.
    public func readmitDevice(_ report: DeviceResetReport, token: String) async throws(AgentAPIError) {
        let response = try await self.send("/agent/devices/readmit", token: token, json: report)
        try Self.expect(response, statuses: [200])
    }

    /// `POST /api/v1/agent/jobs/{id}/device-batches/{batch}/result`: what one batch did.
    public func postDeviceBatch(jobID: Int64, batch: Int, report: DeviceBatchReport, token: String) async throws(AgentAPIError) -> DeviceBatchAnswer {
        let response = try await self.send("/agent/jobs/\(jobID)/device-batches/\(batch)/result", token: token, json: report)
        try Self.expect(response, statuses: [200])
        return try Self.decode(DeviceBatchAnswer.self, from: response)
    }
}
