extension OpenAPIDocument {
    /// The `components.schemas` members for `devices:` steps: a step's settings (`DeviceStep`),
    /// the batch messages between agent and server, a build's runs (`DeviceRunList`) and a
    /// device's health; readable JSON, one member per line.
    ///
    /// Each follows the Swift type the server encodes or decodes (named in its description):
    /// absent optionals are omitted, never null.
    static let deviceRunSchemas = ##"""
"DeviceBatch": {
  "type": "object",
  "description": "Core.DeviceBatch: one batch for one device.",
  "properties": {
    "id": {"type": "integer", "description": "Its number within the step's run."},
    "tests": {"type": "array", "items": {"type": "string"}, "description": "The tests, longest expected first: MOBILE_OPS_TESTS."},
    "timeLimitSeconds": {"type": "number"}
  },
  "required": ["id", "tests", "timeLimitSeconds"],
  "additionalProperties": false
},
"DeviceBatchAnswer": {
  "type": "object",
  "description": "Core.DeviceBatchAnswer: a batch, or when to ask again, or stop.",
  "properties": {
    "batch": {"$ref": "#/components/schemas/DeviceBatch"},
    "retryAfterSeconds": {"type": "number"},
    "stop": {"type": "boolean", "description": "Stop asking: every test has its verdict."},
    "passed": {"type": "boolean", "description": "Once every test has its verdict: whether the step passed."},
    "message": {"type": "string"},
    "quarantined": {"type": "boolean", "description": "The device is quarantined: no batch until it is re-admitted (its agent may reset it and say so: POST /api/v1/agent/devices/readmit)."}
  },
  "required": ["stop"],
  "additionalProperties": false
},
"DeviceResetReport": {
  "type": "object",
  "description": "Core.DeviceResetReport: a quarantined device its agent reset.",
  "properties": {
    "platform": {"$ref": "#/components/schemas/DevicePlatform"},
    "identifier": {"type": "string"},
    "reset": {"type": "string", "description": "What the agent did, e.g. `adb -s emulator-5554 reboot`."}
  },
  "required": ["platform", "identifier", "reset"],
  "additionalProperties": false
},
"DeviceBatchReport": {
  "type": "object",
  "description": "Core.DeviceBatchReport: what one batch did.",
  "properties": {
    "results": {"type": "array", "items": {"$ref": "#/components/schemas/DeviceTestResult"}},
    "deviceFailure": {"type": "string", "description": "Set only on the tools' evidence against the device (adb's device errors, a simulator that did not boot, no result in time)."},
    "failure": {"type": "string", "description": "Set when the batch failed without readable results and without evidence against the device (a missing APK, a wrong instrumentation, a failing run: command): no device is charged."},
    "failureTests": {"type": "array", "items": {"type": "string"}, "description": "With failure: the tests it struck (the one the instrumentation died under); absent, every test without a result."}
  },
  "required": ["results"],
  "additionalProperties": false
},
"DeviceBatchRequest": {
  "type": "object",
  "description": "Core.DeviceBatchRequest: a free device asking for work.",
  "properties": {
    "platform": {"$ref": "#/components/schemas/DevicePlatform"},
    "identifier": {"type": "string", "minLength": 1, "maxLength": 500}
  },
  "required": ["platform", "identifier"],
  "additionalProperties": false
},
"DeviceHealth": {
  "type": "object",
  "description": "Devices.DeviceHealth: a device's failures in a row and quarantine.",
  "properties": {
    "device": {"$ref": "#/components/schemas/DeviceKey"},
    "failuresInARow": {"type": "integer"},
    "quarantineReason": {"type": "string"},
    "quarantinedAt": {"type": "string", "format": "date-time"},
    "recentFailures": {"type": "array", "items": {"$ref": "#/components/schemas/DeviceFailure"}}
  },
  "required": ["device", "failuresInARow", "recentFailures"],
  "additionalProperties": false
},
"DeviceKey": {
  "type": "object",
  "description": "Devices.DeviceKey: one device of one agent.",
  "properties": {
    "agentID": {"type": "integer"},
    "platform": {"$ref": "#/components/schemas/DevicePlatform"},
    "identifier": {"type": "string"}
  },
  "required": ["agentID", "platform", "identifier"],
  "additionalProperties": false
},
"DeviceRun": {
  "type": "object",
  "description": "Devices.DeviceRun: one devices: step of one build.",
  "properties": {
    "step": {"$ref": "#/components/schemas/DeviceStep"},
    "tests": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "name": {"type": "string"},
          "expectedSeconds": {"type": "number", "description": "p80 of earlier runs, or 120 for a test never run."},
          "copies": {"type": "integer", "description": "Runs planned up front."},
          "retries": {"type": "integer"},
          "muted": {"type": "boolean", "description": "Muted when the run began: its failure does not fail the step."},
          "attempts": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "batch": {"type": "integer"},
                "device": {"$ref": "#/components/schemas/DeviceKey"},
                "outcome": {"type": "string", "enum": ["passed", "failed", "flaky", "skipped"]},
                "seconds": {"type": "number"},
                "message": {"type": "string"}
              },
              "required": ["batch", "device", "outcome"],
              "additionalProperties": false
            }
          },
          "verdict": {"type": "string", "enum": ["passed", "flaky", "failed", "skipped"]}
        },
        "required": ["name", "expectedSeconds", "copies", "retries", "muted", "attempts"],
        "additionalProperties": false
      }
    },
    "queue": {
      "type": "object",
      "properties": {"pending": {"type": "array", "items": {"$ref": "#/components/schemas/PlannedTest"}}},
      "required": ["pending"],
      "additionalProperties": false
    },
    "batches": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "id": {"type": "integer"},
          "jobID": {"type": "integer"},
          "device": {"$ref": "#/components/schemas/DeviceKey"},
          "tests": {"type": "array", "items": {"$ref": "#/components/schemas/PlannedTest"}},
          "startedAt": {"type": "string", "format": "date-time"},
          "deadline": {"type": "string", "format": "date-time"},
          "endedAt": {"type": "string", "format": "date-time"},
          "outcome": {"type": "string", "enum": ["finished", "device_failed", "failed", "returned"]},
          "reason": {"type": "string"},
          "failureTests": {"type": "array", "items": {"type": "string"}}
        },
        "required": ["id", "jobID", "device", "tests", "startedAt", "deadline"],
        "additionalProperties": false
      }
    },
    "retriesUsed": {"type": "integer"},
    "stopReason": {"type": "string", "description": "Why the run ended before every test ran (every matching device was quarantined)."},
    "lastSeen": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {"device": {"$ref": "#/components/schemas/DeviceKey"}, "at": {"type": "string", "format": "date-time"}},
        "required": ["device", "at"],
        "additionalProperties": false
      }
    }
  },
  "required": ["step", "tests", "queue", "batches", "retriesUsed", "lastSeen"],
  "additionalProperties": false
},
"DeviceRunList": {
  "type": "object",
  "description": "The build's devices: runs, by step.",
  "properties": {
    "runs": {
      "type": "array",
      "items": {
        "type": "object",
        "description": "Store.StepDeviceRun.",
        "properties": {"stepKey": {"type": "string"}, "run": {"$ref": "#/components/schemas/DeviceRun"}},
        "required": ["stepKey", "run"],
        "additionalProperties": false
      }
    }
  },
  "required": ["runs"],
  "additionalProperties": false
},
"DeviceStep": {
  "type": "object",
  "description": "Core.DeviceStep: a step's devices: (docs/devices.md).",
  "properties": {
    "platform": {"$ref": "#/components/schemas/DevicePlatform"},
    "minOS": {"type": "integer"},
    "count": {"type": "integer"},
    "run": {"type": "string"},
    "runner": {"type": "string", "enum": ["android-instrumentation", "xcodebuild"]},
    "instrumentation": {"type": "string"},
    "install": {"type": "array", "items": {"type": "string"}},
    "xctestrun": {"type": "string"},
    "listTests": {"type": "string"},
    "retriesPerTest": {"type": "integer"},
    "retriesPerBuild": {"type": "integer"},
    "verdict": {"type": "string", "enum": ["any_pass", "all_pass"]},
    "batchTimeLimitSeconds": {"type": "number"},
    "quarantineAfter": {"type": "integer"},
    "flakyTarget": {"type": "number"},
    "flakyCopies": {"type": "integer"}
  },
  "required": ["platform", "count", "install", "retriesPerTest", "retriesPerBuild", "verdict", "batchTimeLimitSeconds", "quarantineAfter", "flakyCopies"],
  "additionalProperties": false
},
"DeviceTestList": {
  "type": "object",
  "description": "Core.DeviceTestList: the tests a devices: job selected.",
  "properties": {
    "tests": {"type": "array", "maxItems": 20000, "items": {"type": "string", "minLength": 1, "maxLength": 1000}}
  },
  "required": ["tests"],
  "additionalProperties": false
},
"DeviceTestResult": {
  "type": "object",
  "description": "Core.DeviceTestResult: one test's result in one batch.",
  "properties": {
    "name": {"type": "string"},
    "outcome": {"type": "string", "enum": ["passed", "failed", "flaky", "skipped"]},
    "seconds": {"type": "number"},
    "message": {"type": "string"}
  },
  "required": ["name", "outcome"],
  "additionalProperties": false
},
"DeviceTestsQueued": {
  "type": "object",
  "description": "Core.DeviceTestsQueued.",
  "properties": {"tests": {"type": "integer"}, "runs": {"type": "integer"}},
  "required": ["tests", "runs"],
  "additionalProperties": false
},
"MuteTestRequest": {
  "type": "object",
  "description": "POST /api/v1/tests/mute and /unmute: the repository (its name; absent for builds of no repository) and the test, as the runner names it; a reason when muting.",
  "properties": {
    "repository": {"type": "string", "minLength": 1},
    "name": {"type": "string", "minLength": 1, "maxLength": 1000},
    "reason": {"type": "string", "maxLength": 500}
  },
  "required": ["name"],
  "additionalProperties": false
},
"MutedTest": {
  "type": "object",
  "description": "Core.MutedTest: its failures do not fail a devices: step of its repository's builds.",
  "properties": {
    "repositoryID": {"type": "integer", "description": "Absent for builds of no repository."},
    "repository": {"type": "string", "description": "The repository's name."},
    "name": {"type": "string"},
    "reason": {"type": "string"},
    "mutedBy": {"type": "string", "description": "A token's name, or `rule`."},
    "mutedAt": {"type": "string", "format": "date-time"},
    "cleanRuns": {"type": "integer", "description": "Runs since, in a row, that passed at their first attempt; 3 unmute it."}
  },
  "required": ["name", "reason", "mutedBy", "mutedAt", "cleanRuns"],
  "additionalProperties": false
},
"MutedTestList": {
  "type": "object",
  "properties": {"tests": {"type": "array", "items": {"$ref": "#/components/schemas/MutedTest"}}},
  "required": ["tests"],
  "additionalProperties": false
},
"PlannedTest": {
  "type": "object",
  "description": "Devices.PlannedTest: one run of one test.",
  "properties": {"name": {"type": "string"}, "copy": {"type": "integer"}, "expectedSeconds": {"type": "number"}},
  "required": ["name", "copy", "expectedSeconds"],
  "additionalProperties": false
}
"""##
}
