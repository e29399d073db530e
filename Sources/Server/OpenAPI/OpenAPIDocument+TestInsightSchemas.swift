extension OpenAPIDocument {
    /// The `components.schemas` members for test results and test health: per build and job, flaky,
    /// slowest and regressed tests; readable JSON, one member per line.
    ///
    /// Each follows the Swift type the server encodes (named in its description): absent
    /// optionals are omitted, never null, unless the schema says `null`; types the server
    /// fixes are closed with `additionalProperties: false`.
    static let testInsightSchemas = ##"""
"BuildTestResults": {
  "type": "object",
  "description": "Store.BuildTestResults: the build's test results per job.",
  "properties": {
    "buildID": {"type": "integer"},
    "totals": {"$ref": "#/components/schemas/TestTotals"},
    "jobs": {"type": "array", "items": {"$ref": "#/components/schemas/JobTestResults"}}
  },
  "required": ["buildID", "totals", "jobs"],
  "additionalProperties": false
},
"FlakyTestsReport": {
  "type": "object",
  "description": "Store.FlakyTestsReport (GET /api/v1/metrics/tests/flaky).",
  "properties": {
    "window": {"$ref": "#/components/schemas/MetricsWindow"},
    "tests": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "test": {"$ref": "#/components/schemas/TestIdentity"},
          "attempts": {"type": "integer"},
          "flips": {"type": "integer"},
          "flipRate": {"type": "number"},
          "failures": {"type": "integer"},
          "flakyCommits": {"type": "integer"},
          "lastSeenAt": {"type": "string", "format": "date-time"},
          "runs": {"type": "array", "items": {"$ref": "#/components/schemas/TestRunReference"}}
        },
        "required": ["test", "attempts", "flips", "flipRate", "failures", "flakyCommits", "lastSeenAt", "runs"],
        "additionalProperties": false
      }
    }
  },
  "required": ["window", "tests"],
  "additionalProperties": false
},
"JobTestResults": {
  "type": "object",
  "description": "Store.JobTestResults; `totals` is absent for a job that reported no tests.",
  "properties": {
    "jobID": {"type": "integer"},
    "stepKey": {"type": "string"},
    "label": {"type": "string"},
    "attempt": {"type": "integer"},
    "state": {"$ref": "#/components/schemas/JobState"},
    "supersededBy": {"type": "integer"},
    "totals": {"$ref": "#/components/schemas/TestTotals"},
    "tests": {"type": "array", "items": {"$ref": "#/components/schemas/TestCaseResult"}},
    "warnings": {"type": "array", "items": {"type": "string"}}
  },
  "required": ["jobID", "stepKey", "label", "attempt", "state", "tests", "warnings"],
  "additionalProperties": false
},
"RegressedTestsReport": {
  "type": "object",
  "description": "Store.RegressedTestsReport (GET /api/v1/metrics/tests/regressed).",
  "properties": {
    "window": {"$ref": "#/components/schemas/MetricsWindow"},
    "previousWindow": {"$ref": "#/components/schemas/MetricsWindow"},
    "minRuns": {"type": "integer"},
    "minChangePercent": {"type": "number"},
    "minChangeSeconds": {"type": "number"},
    "tests": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "test": {"$ref": "#/components/schemas/TestIdentity"},
          "previousP50Seconds": {"type": "number"},
          "p50Seconds": {"type": "number"},
          "changePercent": {"type": "number"},
          "previousRuns": {"type": "integer"},
          "runs": {"type": "integer"},
          "lastSeenAt": {"type": "string", "format": "date-time"},
          "slowestRun": {"$ref": "#/components/schemas/TestRunReference"}
        },
        "required": [
          "test",
          "previousP50Seconds",
          "p50Seconds",
          "changePercent",
          "previousRuns",
          "runs",
          "lastSeenAt",
          "slowestRun"
        ],
        "additionalProperties": false
      }
    }
  },
  "required": ["window", "previousWindow", "minRuns", "minChangePercent", "minChangeSeconds", "tests"],
  "additionalProperties": false
},
"SlowestTestsReport": {
  "type": "object",
  "description": "Store.SlowestTestsReport (GET /api/v1/metrics/tests/slowest).",
  "properties": {
    "window": {"$ref": "#/components/schemas/MetricsWindow"},
    "tests": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "test": {"$ref": "#/components/schemas/TestIdentity"},
          "runs": {"type": "integer"},
          "p50Seconds": {"type": "number"},
          "p90Seconds": {"type": "number"},
          "maxSeconds": {"type": "number"},
          "lastSeenAt": {"type": "string", "format": "date-time"},
          "slowestRun": {"$ref": "#/components/schemas/TestRunReference"}
        },
        "required": ["test", "runs", "p50Seconds", "p90Seconds", "maxSeconds", "lastSeenAt", "slowestRun"],
        "additionalProperties": false
      }
    }
  },
  "required": ["window", "tests"],
  "additionalProperties": false
},
"TestCaseResult": {
  "type": "object",
  "description": "BuildMetrics.TestCaseResult.",
  "properties": {
    "suite": {"type": "string"},
    "name": {"type": "string"},
    "outcome": {"type": "string", "enum": ["passed", "failed", "skipped", "flaky"]},
    "attempts": {"type": "integer"},
    "durationSeconds": {"type": "number"},
    "message": {"type": "string"},
    "file": {"type": "string"},
    "line": {"type": "integer"}
  },
  "required": ["suite", "name", "outcome", "attempts"],
  "additionalProperties": false
},
"TestIdentity": {
  "type": "object",
  "description": "Store.TestIdentity.",
  "properties": {"repository": {"type": "string"}, "suite": {"type": "string"}, "name": {"type": "string"}},
  "required": ["repository", "suite", "name"],
  "additionalProperties": false
},
"TestRunReference": {
  "type": "object",
  "description": "Store.TestRunReference: a MobileOps job's run has the build and job, a report from another CI only `reportID`.",
  "properties": {
    "buildID": {"type": "integer"},
    "buildNumber": {"type": "integer"},
    "jobID": {"type": "integer"},
    "reportID": {"type": "integer"},
    "commit": {"type": "string"},
    "finishedAt": {"type": "string", "format": "date-time"}
  },
  "required": ["reportID", "finishedAt"],
  "additionalProperties": false
},
"TestTotals": {
  "type": "object",
  "description": "Store.TestTotals.",
  "properties": {
    "total": {"type": "integer"},
    "passed": {"type": "integer"},
    "failed": {"type": "integer"},
    "skipped": {"type": "integer"},
    "flaky": {"type": "integer"},
    "retried": {"type": "integer"},
    "durationSeconds": {"type": "number"}
  },
  "required": ["total", "passed", "failed", "skipped", "flaky", "retried", "durationSeconds"],
  "additionalProperties": false
}
"""##
}
