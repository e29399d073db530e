extension OpenAPIDocument {
    /// The `components.schemas` members for what the server reports about its work rather than what it
    /// runs: agents and the queue, recent builds, the dashboard document, the JSON Feed, impact
    /// analysis, the service graph, release notes and webhook answers; readable JSON, one member per
    /// line.
    ///
    /// Each follows the Swift type the server encodes (named in its description): absent
    /// optionals are omitted, never null, unless the schema says `null`; types the server
    /// fixes are closed with `additionalProperties: false`.
    static let insightSchemas = ##"""
"AgentStatus": {
  "type": "object",
  "description": "Store.AgentStatus.",
  "properties": {
    "id": {"type": "integer"},
    "name": {"type": "string"},
    "state": {"type": "string", "enum": ["busy", "idle", "offline", "revoked"]},
    "currentJobs": {"type": "integer"},
    "slots": {"type": "integer"},
    "lastSeenAt": {"type": "string", "format": "date-time"},
    "tags": {"type": "object", "additionalProperties": {"type": "string"}},
    "jobs": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {"id": {"type": "integer"}, "buildID": {"type": "integer"}, "label": {"type": "string"}},
        "required": ["id", "buildID", "label"],
        "additionalProperties": false
      }
    },
    "recentFailures": {
      "type": "array",
      "description": "Its jobs that failed, timed out or were lost in the last 24 hours, newest first (at most 5).",
      "items": {
        "type": "object",
        "properties": {
          "id": {"type": "integer"},
          "buildID": {"type": "integer"},
          "label": {"type": "string"},
          "state": {"type": "string", "enum": ["failed", "timed_out", "lost"]},
          "finishedAt": {"type": "string", "format": "date-time"}
        },
        "required": ["id", "buildID", "label", "state", "finishedAt"],
        "additionalProperties": false
      }
    }
  },
  "required": ["id", "name", "state", "currentJobs", "slots", "lastSeenAt", "tags", "jobs", "recentFailures"],
  "additionalProperties": false
},
"DashboardDocument": {
  "type": "object",
  "description": "Store.DashboardDocument (GET /api/v1/dashboard).",
  "properties": {
    "generatedAt": {"type": "string", "format": "date-time"},
    "queue": {"$ref": "#/components/schemas/QueueStatus"},
    "agents": {
      "type": "object",
      "properties": {
        "byState": {"type": "object", "additionalProperties": {"type": "integer"}},
        "agents": {"type": "array", "items": {"$ref": "#/components/schemas/AgentStatus"}}
      },
      "required": ["byState", "agents"],
      "additionalProperties": false
    },
    "recentBuilds": {"type": "array", "items": {"$ref": "#/components/schemas/RecentBuild"}},
    "trends": {"type": "array", "items": {"$ref": "#/components/schemas/DailyBuildTrend"}},
    "cache": {
      "type": "object",
      "properties": {
        "trend": {"type": "array", "items": {"$ref": "#/components/schemas/DailyCacheRate"}},
        "byBuildSystem": {"type": "array", "items": {"$ref": "#/components/schemas/NamedCacheRates"}}
      },
      "required": ["trend", "byBuildSystem"],
      "additionalProperties": false
    },
    "regressions": {"type": "array", "items": {"$ref": "#/components/schemas/StoredRegression"}},
    "waiting": {"$ref": "#/components/schemas/WaitingCostSummary"}
  },
  "required": ["generatedAt", "queue", "agents", "recentBuilds", "trends", "cache", "regressions", "waiting"],
  "additionalProperties": false
},
"ImpactReport": {
  "type": "object",
  "description": "Impact.ImpactReport (POST /api/v1/impact).",
  "properties": {
    "runAll": {
      "type": "object",
      "properties": {
        "value": {"type": "boolean"},
        "reasons": {
          "type": "array",
          "items": {
            "type": "object",
            "properties": {"file": {"type": "string"}, "trigger": {"type": "string"}},
            "required": ["file", "trigger"],
            "additionalProperties": false
          }
        }
      },
      "required": ["value", "reasons"],
      "additionalProperties": false
    },
    "affectedModules": {"type": "array", "items": {"type": "string"}},
    "selected": {"type": "array", "items": {"$ref": "#/components/schemas/SuiteDecision"}},
    "skipped": {"type": "array", "items": {"$ref": "#/components/schemas/SuiteDecision"}},
    "unownedFiles": {"type": "array", "items": {"type": "string"}},
    "sharedFiles": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {"file": {"type": "string"}, "owners": {"type": "array", "items": {"type": "string"}}},
        "required": ["file", "owners"],
        "additionalProperties": false
      }
    },
    "warnings": {"type": "array", "items": {"type": "string"}}
  },
  "required": ["runAll", "affectedModules", "selected", "skipped", "unownedFiles", "sharedFiles", "warnings"],
  "additionalProperties": false
},
"JSONFeed": {
  "type": "object",
  "description": "A JSON Feed 1.1 document (https://jsonfeed.org/version/1.1), BuildMetrics.JSONFeed; `home_page_url` and `feed_url` only when the server knows its public URL.",
  "properties": {
    "version": {"type": "string", "enum": ["https://jsonfeed.org/version/1.1"]},
    "title": {"type": "string"},
    "home_page_url": {"type": "string"},
    "feed_url": {"type": "string"},
    "description": {"type": "string"},
    "items": {"type": "array", "items": {"$ref": "#/components/schemas/JSONFeedItem"}}
  },
  "required": ["version", "title", "description", "items"],
  "additionalProperties": false
},
"JSONFeedItem": {
  "type": "object",
  "description": "One notable event, BuildMetrics.JSONFeedItem; `url` is absent for an event without a page.",
  "properties": {
    "id": {"type": "string"},
    "url": {"type": "string"},
    "title": {"type": "string"},
    "content_text": {"type": "string"},
    "content_html": {"type": "string"},
    "summary": {"type": "string"},
    "date_published": {"type": "string", "format": "date-time"},
    "tags": {"type": "array", "items": {"type": "string"}, "description": "The event's kind."}
  },
  "required": ["id", "title", "content_text", "date_published", "tags"],
  "additionalProperties": false
},
"PendingJobStatus": {
  "type": "object",
  "description": "Store.PendingJobStatus.",
  "properties": {
    "id": {"type": "integer"},
    "buildID": {"type": "integer"},
    "repository": {"type": "string"},
    "pipeline": {"type": "string"},
    "number": {"type": "integer"},
    "label": {"type": "string"},
    "reason": {"type": "string"},
    "createdAt": {"type": "string", "format": "date-time"}
  },
  "required": ["id", "buildID", "pipeline", "number", "label", "reason", "createdAt"],
  "additionalProperties": false
},
"QueueStatus": {
  "type": "object",
  "description": "Store.QueueStatus.",
  "properties": {
    "pending": {"type": "integer"},
    "running": {"type": "integer"},
    "byReason": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {"reason": {"type": "string"}, "count": {"type": "integer"}},
        "required": ["reason", "count"],
        "additionalProperties": false
      }
    },
    "jobs": {"type": "array", "items": {"$ref": "#/components/schemas/PendingJobStatus"}}
  },
  "required": ["pending", "running", "byReason", "jobs"],
  "additionalProperties": false
},
"RecentBuild": {
  "type": "object",
  "description": "Store.RecentBuild.",
  "properties": {
    "id": {"type": "integer"},
    "repository": {"type": "string"},
    "number": {"type": "integer"},
    "pipeline": {"type": "string"},
    "branch": {"type": "string"},
    "commitSHA": {"type": "string"},
    "state": {"$ref": "#/components/schemas/BuildState"},
    "trigger": {"type": "string"},
    "createdAt": {"type": "string", "format": "date-time"},
    "startedAt": {"type": "string", "format": "date-time"},
    "finishedAt": {"type": "string", "format": "date-time"},
    "queueSeconds": {"type": "number"},
    "runSeconds": {"type": "number"},
    "totalSeconds": {"type": "number"}
  },
  "required": [
    "id",
    "number",
    "pipeline",
    "commitSHA",
    "state",
    "trigger",
    "createdAt",
    "queueSeconds",
    "runSeconds",
    "totalSeconds"
  ],
  "additionalProperties": false
},
"ReleaseNotes": {
  "type": "object",
  "description": "Server.ReleaseNotesResponder.Notes; `base` is absent for a train's first release.",
  "properties": {
    "releaseID": {"type": "integer"},
    "version": {"type": "string"},
    "base": {"type": "string", "description": "The previous released version's branch."},
    "head": {"type": "string"},
    "source": {"type": "string", "enum": ["git", "github", "gitlab"]},
    "commits": {"type": "integer"},
    "pullRequests": {"type": "array", "items": {"type": "integer"}},
    "markdown": {"type": "string"}
  },
  "required": ["releaseID", "version", "head", "source", "commits", "pullRequests", "markdown"],
  "additionalProperties": false
},
"ServiceGraph": {
  "type": "object",
  "description": "DI.ServiceGraph.json: the services the container validated and their dependencies; `tag` and `argument` are null, not absent, when a service has none.",
  "properties": {
    "services": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "id": {"type": "string"},
          "type": {"type": "string"},
          "tag": {"type": ["string", "null"]},
          "lifetime": {"type": "string", "enum": ["transient", "singleton", "eager_singleton", "scoped"]},
          "argument": {"type": ["string", "null"]},
          "contribution": {"type": "boolean"},
          "entry_point": {"type": "boolean"}
        },
        "required": ["id", "type", "tag", "lifetime", "argument", "contribution", "entry_point"],
        "additionalProperties": false
      }
    },
    "edges": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "from": {"type": "string"},
          "to": {"type": "string"},
          "kind": {"type": "string", "enum": ["single", "multi", "optional", "provider"]}
        },
        "required": ["from", "to", "kind"],
        "additionalProperties": false
      }
    }
  },
  "required": ["services", "edges"],
  "additionalProperties": false
},
"SuiteDecision": {
  "type": "object",
  "description": "Impact.SuiteDecision: a suite selected or skipped, and why.",
  "properties": {
    "name": {"type": "string"},
    "module": {"type": "string"},
    "kind": {"type": "string", "description": "ui, unit, snapshot, benchmark or a graph's own kind."},
    "reason": {"type": "string"},
    "chain": {"type": "array", "items": {"type": "string"}},
    "file": {"type": "string"}
  },
  "required": ["name", "module", "kind", "reason", "chain"],
  "additionalProperties": false
},
"WebhookAnswer": {
  "type": "object",
  "description": "What a delivery did: the builds it started (none for a ping or an event that builds nothing) and the stored delivery's id. A redelivery answers the first answer again.",
  "properties": {"builds": {"type": "array", "items": {"type": "integer"}}, "delivery": {"type": "integer"}},
  "required": ["builds", "delivery"],
  "additionalProperties": false
}
"""##
}
