extension OpenAPIDocument {
    /// The `components.schemas` members for the agent protocol's messages: assignments, directives,
    /// checkout reports, outcomes and `ui_tests:` selections and reports; readable JSON, one member per
    /// line.
    ///
    /// Each follows the Swift type the server encodes (named in its description): absent
    /// optionals are omitted, never null, unless the schema says `null`; types the server
    /// fixes are closed with `additionalProperties: false`.
    static let agentProtocolSchemas = ##"""
"AgentDirective": {
  "type": "object",
  "description": "Core.AgentDirective.",
  "properties": {
    "cancel": {
      "type": "boolean",
      "description": "Stop the job: the build was canceled or the job reassigned."
    }
  },
  "required": ["cancel"],
  "additionalProperties": false
},
"AgentStopped": {
  "type": "object",
  "description": "Core.AgentStopped: what the server did with the jobs a stopping agent held.",
  "properties": {
    "releasedJobs": {
      "type": "array",
      "items": {"type": "integer"},
      "description": "Jobs handed to it but never started, back in the queue with no attempt spent."
    },
    "lostJobs": {
      "type": "array",
      "items": {"type": "integer"},
      "description": "Jobs it was running and did not report: lost, retried when their policy allows."
    }
  },
  "required": ["releasedJobs", "lostJobs"],
  "additionalProperties": false
},
"CheckoutReport": {
  "type": "object",
  "properties": {
    "commitSHA": {
      "type": "string",
      "pattern": "^([0-9a-f]{40}|[0-9a-f]{64})$",
      "description": "40 or 64 lowercase hex digits."
    }
  },
  "required": ["commitSHA"],
  "additionalProperties": false
},
"CheckoutTarget": {
  "type": "object",
  "properties": {
    "name": {"type": "string"},
    "cloneURL": {"type": "string"},
    "commitSHA": {"type": "string"},
    "branch": {"type": "string"}
  },
  "required": ["name", "cloneURL", "commitSHA"],
  "additionalProperties": false
},
"Finished": {
  "type": "object",
  "properties": {"finished": {"type": "boolean"}},
  "required": ["finished"],
  "additionalProperties": false
},
"JobAssignment": {
  "type": "object",
  "description": "Core.JobAssignment: what to check out and what to run.",
  "properties": {
    "jobID": {"type": "integer"},
    "buildID": {"type": "integer"},
    "buildNumber": {"type": "integer"},
    "pipeline": {"type": "string"},
    "stepKey": {"type": "string"},
    "label": {"type": "string"},
    "attempt": {"type": "integer"},
    "repository": {"$ref": "#/components/schemas/CheckoutTarget", "description": "Absent for an empty workspace."},
    "spec": {"$ref": "#/components/schemas/JobSpec"},
    "leaseSeconds": {"type": "number"},
    "cache": {"$ref": "#/components/schemas/JobCacheAccess", "description": "Absent for a job without a repository."}
  },
  "required": [
    "jobID",
    "buildID",
    "buildNumber",
    "pipeline",
    "stepKey",
    "label",
    "attempt",
    "spec",
    "leaseSeconds"
  ],
  "additionalProperties": false
},
"Recorded": {
  "type": "object",
  "properties": {"recorded": {"type": "boolean"}},
  "required": ["recorded"],
  "additionalProperties": false
},
"UITestChoice": {
  "type": "object",
  "description": "Core.UITestReport.Choice: one suite and why it was selected or skipped.",
  "properties": {"name": {"type": "string"}, "module": {"type": "string"}, "reason": {"type": "string"}},
  "required": ["name", "module", "reason"],
  "additionalProperties": false
},
"UITestReport": {
  "type": "object",
  "description": "Core.UITestReport: what a `ui_tests:` job decided: the suites it runs and skips, why, and this shard's share.",
  "properties": {
    "mode": {
      "type": "string",
      "description": "`selected`: the commands get exactly shardSuites; `all`: the analysis could not read the project and the usual full set runs."
    },
    "runAllReasons": {"type": "array", "items": {"type": "string"}},
    "selected": {"type": "array", "items": {"$ref": "#/components/schemas/UITestChoice"}},
    "skipped": {"type": "array", "items": {"$ref": "#/components/schemas/UITestChoice"}},
    "shardIndex": {"type": "integer"},
    "shardCount": {"type": "integer"},
    "shardSuites": {"type": "array", "items": {"type": "string"}},
    "predictedSeconds": {"type": "number"},
    "warnings": {"type": "array", "items": {"type": "string"}}
  },
  "required": [
    "mode",
    "runAllReasons",
    "selected",
    "skipped",
    "shardIndex",
    "shardCount",
    "shardSuites",
    "predictedSeconds",
    "warnings"
  ],
  "additionalProperties": false
},
"UITestSelection": {
  "type": "object",
  "description": "Core.UITestSelection: a step's `ui_tests:` rule, with the expected seconds per suite the server filled in.",
  "properties": {
    "project": {"type": "string"},
    "graph": {"type": "string"},
    "runAll": {"type": "array", "items": {"type": "string"}},
    "kind": {"type": "string"},
    "durations": {"type": "object", "additionalProperties": {"type": "number"}}
  },
  "required": ["project", "runAll", "durations"],
  "additionalProperties": false
}
"""##
}
