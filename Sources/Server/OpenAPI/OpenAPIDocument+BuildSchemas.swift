extension OpenAPIDocument {
    /// The `components.schemas` members for builds, their jobs and artifacts, a manual trigger and the
    /// loaded pipelines; readable JSON, one member per line.
    ///
    /// Each follows the Swift type the server encodes (named in its description): absent
    /// optionals are omitted, never null, unless the schema says `null`; types the server
    /// fixes are closed with `additionalProperties: false`.
    static let buildSchemas = ##"""
"Artifact": {
  "type": "object",
  "properties": {
    "id": {"type": "integer"},
    "jobID": {"type": "integer"},
    "path": {"type": "string"},
    "size": {"type": "integer"},
    "sha256": {"type": "string"},
    "createdAt": {"type": "string", "format": "date-time"}
  },
  "required": ["id", "jobID", "path", "size", "sha256", "createdAt"],
  "additionalProperties": false
},
"ArtifactList": {
  "type": "object",
  "properties": {"artifacts": {"type": "array", "items": {"$ref": "#/components/schemas/Artifact"}}},
  "required": ["artifacts"],
  "additionalProperties": false
},
"Build": {
  "type": "object",
  "properties": {
    "id": {"type": "integer"},
    "repositoryID": {"type": "integer"},
    "number": {"type": "integer"},
    "pipeline": {"type": "string"},
    "state": {"$ref": "#/components/schemas/BuildState"},
    "trigger": {"type": "string"},
    "branch": {"type": "string"},
    "tag": {"type": "string"},
    "commitSHA": {"type": "string"},
    "pullRequest": {"type": "integer"},
    "pullRequestOrigin": {"$ref": "#/components/schemas/PullRequestOrigin"},
    "message": {"type": "string"},
    "author": {"type": "string"},
    "concurrencyGroup": {"type": "string"},
    "priority": {"type": "integer"},
    "cancelReason": {"type": "string"},
    "createdAt": {"type": "string", "format": "date-time"},
    "startedAt": {"type": "string", "format": "date-time"},
    "finishedAt": {"type": "string", "format": "date-time"},
    "jobs": {"type": "array", "items": {"$ref": "#/components/schemas/Job"}}
  },
  "required": ["id", "number", "pipeline", "state", "trigger", "commitSHA", "priority", "createdAt"],
  "additionalProperties": false,
  "description": "Absent optional fields are omitted, never null."
},
"BuildJob": {
  "type": "object",
  "description": "A job in a build's answer: the job, and its agent's name when an agent took it (and is still registered).",
  "properties": {
    "id": {"type": "integer"},
    "buildID": {"type": "integer"},
    "stepKey": {"type": "string"},
    "label": {"type": "string"},
    "shardIndex": {"type": "integer"},
    "shardCount": {"type": "integer"},
    "attempt": {"type": "integer"},
    "state": {"$ref": "#/components/schemas/JobState"},
    "pendingReason": {"type": "string"},
    "agentID": {"type": "integer"},
    "exitStatus": {"type": "integer"},
    "supersededBy": {"type": "integer"},
    "createdAt": {"type": "string", "format": "date-time"},
    "startedAt": {"type": "string", "format": "date-time"},
    "finishedAt": {"type": "string", "format": "date-time"},
    "agentName": {"type": "string"}
  },
  "required": ["id", "buildID", "stepKey", "label", "shardIndex", "shardCount", "attempt", "state", "createdAt"],
  "additionalProperties": false
},
"BuildPage": {
  "type": "object",
  "properties": {
    "builds": {"type": "array", "items": {"$ref": "#/components/schemas/Build"}},
    "nextCursor": {"type": "string", "description": "Pass as `cursor` for the next page; absent on the last."}
  },
  "required": ["builds"],
  "additionalProperties": false
},
"BuildState": {"type": "string", "enum": ["pending", "running", "passed", "failed", "canceled"]},
"BuildTimes": {
  "type": "object",
  "description": "Store.BuildTimes: queue, run and total seconds as the metrics, dashboard, feed and Prometheus define them (so far, while the build runs).",
  "properties": {
    "queueSeconds": {"type": "number"},
    "runSeconds": {"type": "number"},
    "totalSeconds": {"type": "number"}
  },
  "required": ["queueSeconds", "runSeconds", "totalSeconds"],
  "additionalProperties": false
},
"BuildWithTimes": {
  "type": "object",
  "properties": {
    "id": {"type": "integer"},
    "repositoryID": {"type": "integer"},
    "number": {"type": "integer"},
    "pipeline": {"type": "string"},
    "state": {"$ref": "#/components/schemas/BuildState"},
    "trigger": {"type": "string"},
    "branch": {"type": "string"},
    "tag": {"type": "string"},
    "commitSHA": {"type": "string"},
    "pullRequest": {"type": "integer"},
    "pullRequestOrigin": {"$ref": "#/components/schemas/PullRequestOrigin"},
    "message": {"type": "string"},
    "author": {"type": "string"},
    "concurrencyGroup": {"type": "string"},
    "priority": {"type": "integer"},
    "cancelReason": {"type": "string"},
    "createdAt": {"type": "string", "format": "date-time"},
    "startedAt": {"type": "string", "format": "date-time"},
    "finishedAt": {"type": "string", "format": "date-time"},
    "jobs": {"type": "array", "items": {"$ref": "#/components/schemas/BuildJob"}},
    "times": {"$ref": "#/components/schemas/BuildTimes"}
  },
  "required": ["id", "number", "pipeline", "state", "trigger", "commitSHA", "priority", "createdAt"],
  "additionalProperties": false,
  "description": "A build with `times` and its jobs' agent names; absent optional fields are omitted, never null."
},
"Job": {
  "type": "object",
  "properties": {
    "id": {"type": "integer"},
    "buildID": {"type": "integer"},
    "stepKey": {"type": "string"},
    "label": {"type": "string"},
    "shardIndex": {"type": "integer"},
    "shardCount": {"type": "integer"},
    "attempt": {"type": "integer"},
    "state": {"$ref": "#/components/schemas/JobState"},
    "pendingReason": {"type": "string"},
    "agentID": {"type": "integer"},
    "exitStatus": {"type": "integer"},
    "supersededBy": {"type": "integer"},
    "createdAt": {"type": "string", "format": "date-time"},
    "startedAt": {"type": "string", "format": "date-time"},
    "finishedAt": {"type": "string", "format": "date-time"}
  },
  "required": ["id", "buildID", "stepKey", "label", "shardIndex", "shardCount", "attempt", "state", "createdAt"],
  "additionalProperties": false
},
"JobSpec": {
  "type": "object",
  "description": "Core.JobSpec: the step's commands, the tags an agent needs, env (already merged with the build's), timeout, retry policy, dependencies, artifacts, UI-test selection, dependency checks, analysers' reports and the names of the secrets the step lists (never values).",
  "properties": {
    "commands": {"type": "array", "items": {"type": "string"}},
    "requirements": {
      "type": "object",
      "description": "Core.AgentRequirements: tag name to the values it accepts (any one; none listed accepts any).",
      "properties": {
        "tags": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}}
      },
      "required": ["tags"],
      "additionalProperties": false
    },
    "env": {"type": "object", "additionalProperties": {"type": "string"}},
    "timeoutSeconds": {"type": "number", "description": "Absent for no limit."},
    "retry": {
      "type": "object",
      "description": "Core.RetryPolicy.",
      "properties": {
        "agentLost": {"type": "integer"},
        "exitCodes": {"type": "array", "items": {"type": "integer"}},
        "exitCodeLimit": {"type": "integer"}
      },
      "required": ["agentLost", "exitCodes", "exitCodeLimit"],
      "additionalProperties": false
    },
    "dependsOn": {"type": "array", "items": {"type": "string"}},
    "artifacts": {"type": "array", "items": {"type": "string"}},
    "uiTests": {"$ref": "#/components/schemas/UITestSelection"},
    "checks": {"$ref": "#/components/schemas/DependencyChecksStep"},
    "findings": {"$ref": "#/components/schemas/FindingsStep"},
    "secrets": {"$ref": "#/components/schemas/StepSecrets"},
    "devices": {"$ref": "#/components/schemas/DeviceStep"}
  },
  "required": ["commands", "requirements", "env", "retry", "dependsOn", "artifacts"],
  "additionalProperties": false
},
"PullRequestOrigin": {
  "type": "string",
  "enum": ["same_repository", "fork", "unknown"],
  "description": "Core.PullRequestOrigin: where a pull request build's code comes from; absent for other builds. fork and unknown (the webhook did not name the source repository) never receive secrets; a retry keeps its original's."
},
"JobState": {
  "type": "string",
  "enum": ["pending", "assigned", "running", "passed", "failed", "canceled", "timed_out", "lost"]
},
"PipelineListing": {
  "type": "object",
  "properties": {
    "pipelines": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "name": {"type": "string"},
          "file": {"type": "string"},
          "steps": {"type": "array", "items": {"type": "string"}},
          "priority": {"type": "integer"},
          "served": {"type": "string", "enum": ["current", "last_good"]}
        },
        "required": ["name", "file", "steps", "priority", "served"],
        "additionalProperties": false
      }
    },
    "diagnostics": {
      "type": "array",
      "items": {"type": "string"},
      "description": "The last load's problems as `file:line:column: message`."
    }
  },
  "required": ["pipelines", "diagnostics"],
  "additionalProperties": false
},
"TriggerRequest": {
  "type": "object",
  "properties": {
    "pipeline": {"type": "string"},
    "repository": {"type": "string", "description": "Id or full name."},
    "branch": {"type": "string"},
    "commit": {"type": "string"},
    "env": {"type": "object", "additionalProperties": {"type": "string"}}
  },
  "required": ["pipeline"],
  "additionalProperties": false
}
"""##
}
