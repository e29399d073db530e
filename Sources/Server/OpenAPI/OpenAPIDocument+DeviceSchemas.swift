extension OpenAPIDocument {
    /// The `components.schemas` members for devices: what an agent reports with its poll
    /// (`AgentPoll`, `DeviceReport`) and what `GET /api/v1/devices` lists (`DeviceList`,
    /// `Device`, `DeviceFailure`); readable JSON, one member per line.
    ///
    /// Each follows the Swift type the server encodes or decodes (named in its description):
    /// absent optionals are omitted, never null, unless the schema says `null`.
    static let deviceSchemas = ##"""
"AgentPoll": {
  "type": "object",
  "description": "Core.AgentPoll: the optional body of a poll.",
  "properties": {
    "devices": {
      "type": "array",
      "maxItems": 512,
      "items": {"$ref": "#/components/schemas/DeviceReport"},
      "description": "Every device the agent sees; absent when it did not look, empty when it has none. One entry per platform and identifier."
    }
  },
  "additionalProperties": false
},
"Device": {
  "type": "object",
  "description": "Core.Device: a device as its agent last reported it.",
  "properties": {
    "agentID": {"type": "integer"},
    "agentName": {"type": "string"},
    "agentState": {"type": "string", "description": "The agent's presence: busy, idle, offline or revoked."},
    "platform": {"$ref": "#/components/schemas/DevicePlatform"},
    "kind": {"$ref": "#/components/schemas/DeviceKind"},
    "identifier": {"type": "string", "description": "adb's serial, or the simulator's or phone's UDID."},
    "model": {"type": "string"},
    "osVersion": {"type": "string", "description": "The API level on Android (`34`), the runtime's version on Apple platforms (`17.0`)."},
    "state": {"$ref": "#/components/schemas/DeviceState"},
    "detail": {"type": "string", "description": "The tool's own words when they say more than the state."},
    "updatedAt": {"type": "string", "format": "date-time", "description": "When the agent's report of it last changed."},
    "batch": {"type": ["integer", "null"], "description": "The number of the batch of tests it runs now (within its build's devices: step), or null."},
    "batchBuildID": {"type": ["integer", "null"], "description": "The build of that batch, or null."},
    "infrastructureFailures": {
      "type": "array",
      "items": {"$ref": "#/components/schemas/DeviceFailure"},
      "description": "Its recent failures that were the device's fault (offline mid-batch, runner crashed, no result in time), newest first."
    },
    "quarantineReason": {"type": ["string", "null"], "description": "Why it gets no batches until re-admitted (POST /api/v1/devices/readmit), or null."},
    "quarantinedAt": {"type": ["string", "null"], "format": "date-time"}
  },
  "required": [
    "agentID",
    "agentName",
    "agentState",
    "platform",
    "kind",
    "identifier",
    "state",
    "updatedAt",
    "batch",
    "batchBuildID",
    "infrastructureFailures",
    "quarantineReason",
    "quarantinedAt"
  ],
  "additionalProperties": false
},
"DeviceFailure": {
  "type": "object",
  "description": "Core.DeviceFailure.",
  "properties": {
    "occurredAt": {"type": "string", "format": "date-time"},
    "reason": {"type": "string"}
  },
  "required": ["occurredAt", "reason"],
  "additionalProperties": false
},
"DeviceKind": {
  "type": "string",
  "enum": ["emulator", "simulator", "physical"]
},
"DeviceList": {
  "type": "object",
  "properties": {"devices": {"type": "array", "items": {"$ref": "#/components/schemas/Device"}}},
  "required": ["devices"],
  "additionalProperties": false
},
"DevicePlatform": {
  "type": "string",
  "enum": ["android", "ios", "tvos", "watchos", "visionos"]
},
"DeviceReport": {
  "type": "object",
  "description": "Core.DeviceReport: one device as the agent saw it.",
  "properties": {
    "platform": {"$ref": "#/components/schemas/DevicePlatform"},
    "kind": {"$ref": "#/components/schemas/DeviceKind"},
    "identifier": {"type": "string", "minLength": 1, "maxLength": 500},
    "model": {"type": "string", "maxLength": 500},
    "osVersion": {"type": "string", "maxLength": 500},
    "state": {
      "type": "string",
      "description": "One of DeviceState's values; a name the server does not know is stored as `unknown`."
    },
    "detail": {"type": "string", "maxLength": 500}
  },
  "required": ["platform", "kind", "identifier", "state"],
  "additionalProperties": false
},
"DeviceState": {
  "type": "string",
  "description": "ready: tests can run; booting; shutdown (a simulator, bootable); offline; connecting; unauthorized; no_permissions (udev); maintenance (bootloader, recovery, rescue, sideload); unavailable (simctl); configured (a physical device from the agent's configuration, unchecked); unknown (the detail has what the tool printed).",
  "enum": ["ready", "booting", "shutdown", "offline", "connecting", "unauthorized", "no_permissions", "maintenance", "unavailable", "configured", "unknown"]
}
"""##
}
