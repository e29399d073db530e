extension OpenAPIDocument {
    /// The `components.schemas` members for the build report a CI or an agent sends (`POST
    /// /api/v1/metrics/builds` and an agent's `/metrics`); readable JSON, one member per line.
    ///
    /// Each says what the server's decoder accepts, not what a client usually sends: decoders
    /// that ignore unknown keys are `additionalProperties: true` with their known members listed,
    /// an optional member the decoder reads with `decodeIfPresent` (or as `NSNull`) may be
    /// `null`, and a bound the server checks is a `minimum`, `maximum`, `maxItems` or `pattern`.
    /// Text limits the server counts in UTF-8 bytes are given as `maxLength`, which counts
    /// characters: the same for ASCII. Rules across members are said in the description.
    static let buildReportSchemas = ##"""
"BuildReport": {
  "type": "object",
  "description": "BuildMetrics.BuildReport (docs/build-metrics.md), read by BuildReport.decode: unknown keys are ignored and an optional member may be null (read as absent). Also checked: `durationSeconds`, or both `startedAt` and `finishedAt` (the anyOf); `finishedAt` neither before `startedAt` nor more than 7 days after it, and within 60 s of `startedAt + durationSeconds` when all three are given. Every broken rule is listed in one 400 `invalid_report`; a body of another shape is 400 `invalid_json`. On /agent/jobs/{id}/metrics the server then sets repository, branch, pipeline, environment (`ci`) and queueSeconds from the job, and machine and startedAt when absent.",
  "properties": {
    "id": {
      "type": ["string", "null"],
      "pattern": "\\S",
      "maxLength": 512,
      "description": "The sender's own id for the build, so a re-sent report is recognised (200, `created: false`)."
    },
    "dimensions": {"$ref": "#/components/schemas/BuildReportDimensions"},
    "startedAt": {
      "type": ["string", "null"],
      "format": "date-time",
      "description": "ISO 8601, with or without fractional seconds."
    },
    "finishedAt": {"type": ["string", "null"], "format": "date-time"},
    "durationSeconds": {
      "type": ["number", "null"],
      "minimum": 0,
      "maximum": 604800,
      "description": "Run time; when absent, finishedAt - startedAt."
    },
    "queueSeconds": {"type": ["number", "null"], "minimum": 0, "maximum": 604800},
    "outcome": {"$ref": "#/components/schemas/BuildReportOutcome"},
    "steps": {
      "type": ["array", "null"],
      "maxItems": 1000,
      "items": {"$ref": "#/components/schemas/BuildReportStep"}
    },
    "tasks": {
      "type": ["array", "null"],
      "maxItems": 100000,
      "items": {"$ref": "#/components/schemas/BuildReportTask"}
    },
    "tests": {"oneOf": [{"$ref": "#/components/schemas/BuildReportTests"}, {"type": "null"}]},
    "commit": {
      "type": ["string", "null"],
      "pattern": "\\S",
      "maxLength": 512,
      "description": "The commit built (a SHA)."
    }
  },
  "required": ["dimensions", "outcome"],
  "anyOf": [
    {"required": ["durationSeconds"], "properties": {"durationSeconds": {"type": "number"}}},
    {
      "required": ["startedAt", "finishedAt"],
      "properties": {"startedAt": {"type": "string"}, "finishedAt": {"type": "string"}}
    }
  ],
  "additionalProperties": true
},
"BuildReportDimensions": {
  "type": "object",
  "description": "BuildMetrics.BuildDimensions: the columns reports are grouped by; only `repository` is required. Text is at most 512 bytes and not blank.",
  "properties": {
    "repository": {"type": "string", "pattern": "\\S", "maxLength": 512, "description": "e.g. acme/ios-app."},
    "branch": {"type": ["string", "null"], "pattern": "\\S", "maxLength": 512},
    "pipeline": {"type": ["string", "null"], "pattern": "\\S", "maxLength": 512},
    "platform": {"type": ["string", "null"], "enum": ["ios", "android", "other", null]},
    "machine": {"type": ["string", "null"], "pattern": "\\S", "maxLength": 512},
    "xcodeVersion": {"type": ["string", "null"], "pattern": "\\S", "maxLength": 512},
    "gradleVersion": {"type": ["string", "null"], "pattern": "\\S", "maxLength": 512},
    "environment": {
      "type": ["string", "null"],
      "enum": ["ci", "local", null],
      "description": "`local` builds count as waited on unless `?waitedOn=false`."
    },
    "buildKind": {"type": ["string", "null"], "enum": ["clean", "incremental", null]}
  },
  "required": ["repository"],
  "additionalProperties": true
},
"BuildReportOutcome": {"type": "string", "enum": ["success", "failure", "canceled"]},
"BuildReportStep": {
  "type": "object",
  "description": "BuildMetrics.StepRecord: a pipeline's shell step or a CI stage; every member is required.",
  "properties": {
    "name": {"type": "string", "pattern": "\\S", "maxLength": 4096},
    "durationSeconds": {"type": "number", "minimum": 0, "maximum": 604800},
    "outcome": {"$ref": "#/components/schemas/BuildReportOutcome"}
  },
  "required": ["name", "durationSeconds", "outcome"],
  "additionalProperties": true
},
"BuildReportTask": {
  "type": "object",
  "description": "BuildMetrics.TaskRecord: a Gradle task or an Xcode target.",
  "properties": {
    "name": {"type": "string", "pattern": "\\S", "maxLength": 4096},
    "target": {"type": ["string", "null"], "maxLength": 4096},
    "durationSeconds": {"type": ["number", "null"], "minimum": 0, "maximum": 604800},
    "outcome": {
      "type": "string",
      "enum": ["executed", "upToDate", "fromCache", "noSource", "skipped", "failed"]
    },
    "cacheKind": {
      "type": ["string", "null"],
      "enum": ["local", "remote", "unknown", null],
      "description": "Default unknown."
    }
  },
  "required": ["name", "outcome"],
  "additionalProperties": true
},
"BuildReportTestCase": {
  "type": "object",
  "description": "BuildMetrics.TestCaseResult: one test case, counted once.",
  "properties": {
    "suite": {"type": ["string", "null"], "maxLength": 4096, "description": "Default empty."},
    "name": {"type": "string", "pattern": "\\S", "maxLength": 4096},
    "outcome": {"type": "string", "enum": ["passed", "failed", "skipped", "flaky"]},
    "attempts": {"type": ["integer", "null"], "minimum": 1, "maximum": 1000, "description": "Default 1."},
    "durationSeconds": {"type": ["number", "null"], "minimum": 0, "maximum": 604800},
    "message": {"type": ["string", "null"], "maxLength": 65536},
    "file": {"type": ["string", "null"], "pattern": "\\S", "maxLength": 4096},
    "line": {"type": ["integer", "null"], "minimum": 1}
  },
  "required": ["name", "outcome"],
  "additionalProperties": true
},
"BuildReportTestFailure": {
  "type": "object",
  "description": "BuildMetrics.TestFailure: one failed test case.",
  "properties": {
    "suite": {"type": "string", "maxLength": 4096},
    "name": {"type": "string", "pattern": "\\S", "maxLength": 4096},
    "message": {"type": ["string", "null"], "maxLength": 65536}
  },
  "required": ["suite", "name"],
  "additionalProperties": true
},
"BuildReportTests": {
  "type": "object",
  "description": "BuildMetrics.TestSummary: each test case counted once; counts other than `total` default to 0 and lists to empty. Also checked: passed + failed + skipped <= total, and flaky <= passed.",
  "properties": {
    "total": {"type": "integer", "minimum": 0, "maximum": 1000000000},
    "passed": {"type": ["integer", "null"], "minimum": 0, "maximum": 1000000000},
    "failed": {"type": ["integer", "null"], "minimum": 0, "maximum": 1000000000},
    "skipped": {"type": ["integer", "null"], "minimum": 0, "maximum": 1000000000},
    "flaky": {
      "type": ["integer", "null"],
      "minimum": 0,
      "maximum": 1000000000,
      "description": "Failed, then passed on a retry (also in passed)."
    },
    "retried": {"type": ["integer", "null"], "minimum": 0, "maximum": 1000000000},
    "durationSeconds": {"type": ["number", "null"], "minimum": 0, "maximum": 604800},
    "failures": {
      "type": ["array", "null"],
      "maxItems": 10000,
      "items": {"$ref": "#/components/schemas/BuildReportTestFailure"}
    },
    "cases": {
      "type": ["array", "null"],
      "maxItems": 100000,
      "items": {"$ref": "#/components/schemas/BuildReportTestCase"}
    },
    "warnings": {
      "type": ["array", "null"],
      "maxItems": 200,
      "items": {"type": "string", "pattern": "\\S", "maxLength": 4096},
      "description": "What the parsers could not read."
    }
  },
  "required": ["total"],
  "additionalProperties": true
}
"""##
}
