import Foundation
import MemberwiseInit

/// A device as `GET /api/v1/devices` lists it: what its agent last reported, with the agent,
/// the batch it runs and its recent infrastructure failures.
public struct Device: Codable, Sendable, Equatable {
    /// The agent it is attached to.
    public var agentID: Int64
    /// That agent's name.
    public var agentName: String
    /// That agent's presence (`busy`, `idle`, `offline`, `revoked`): an offline agent's
    /// devices are as it last saw them.
    public var agentState: String
    /// The platform its tests are built for.
    public var platform: DevicePlatform
    /// Emulator, simulator or physical device.
    public var kind: DeviceKind
    /// adb's serial or the UDID.
    public var identifier: String
    /// The model, when known.
    public var model: String?
    /// The API level on Android, the runtime's version on iOS, when known.
    public var osVersion: String?
    /// Whether tests can run on it now.
    public var state: DeviceState
    /// The tool's own words, when they say more than the state.
    public var detail: String?
    /// When the agent's report of it last changed.
    public var updatedAt: Date
    /// The number of the batch of tests it runs now (within its build's step), or null.
    public var batch: Int64?
    /// The build of that batch, or null.
    public var batchBuildID: Int64?
    /// Its recent failures that were the device's fault rather than a test's, newest first.
    public var infrastructureFailures: [DeviceFailure]
    /// Why it is quarantined (no batches until re-admitted), or null.
    public var quarantineReason: String?
    /// When it was quarantined, or null.
    public var quarantinedAt: Date?

    /// Creates a listed device from its agent's report.
    public init(
        agentID: Int64, agentName: String, agentState: String, report: DeviceReport, updatedAt: Date,
        batch: Int64? = nil, infrastructureFailures: [DeviceFailure] = []
    ) {
        self.agentID = agentID
        self.agentName = agentName
        self.agentState = agentState
        self.platform = report.platform
        self.kind = report.kind
        self.identifier = report.identifier
        self.model = report.model
        self.osVersion = report.osVersion
        self.state = report.state
        self.detail = report.detail
        self.updatedAt = updatedAt
        self.batch = batch
        self.infrastructureFailures = infrastructureFailures
    }

    /// The agent's report it was made from.
    public var report: DeviceReport {
        DeviceReport(platform: platform, kind: kind, identifier: identifier, model: model, osVersion: osVersion, state: state, detail: detail)
    }

    private enum CodingKeys: String, CodingKey {
        case agentID, agentName, agentState, platform, kind, identifier, model, osVersion, state, detail, updatedAt, batch
        case batchBuildID, infrastructureFailures, quarantineReason, quarantinedAt
    }

    /// Encodes every member; `batch`, `batchBuildID` and the quarantine as `null` when there
    /// is none, so readers see the fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(agentID, forKey: .agentID)
        try container.encode(agentName, forKey: .agentName)
        try container.encode(agentState, forKey: .agentState)
        try container.encode(platform, forKey: .platform)
        try container.encode(kind, forKey: .kind)
        try container.encode(identifier, forKey: .identifier)
        try container.encodeIfPresent(model, forKey: .model)
        try container.encodeIfPresent(osVersion, forKey: .osVersion)
        try container.encode(state, forKey: .state)
        try container.encodeIfPresent(detail, forKey: .detail)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(batch, forKey: .batch)
        try container.encode(batchBuildID, forKey: .batchBuildID)
        try container.encode(infrastructureFailures, forKey: .infrastructureFailures)
        try container.encode(quarantineReason, forKey: .quarantineReason)
        try container.encode(quarantinedAt, forKey: .quarantinedAt)
    }
}

/// A batch a device failed for its own sake (offline mid-batch, not booted, the runner
/// crashed), as the device list shows it.
@MemberwiseInit(.public)
public struct DeviceFailure: Codable, Sendable, Equatable {
    /// When it happened.
    public var occurredAt: Date
    /// What happened, in the tool's or the agent's words.
    public var reason: String
}
