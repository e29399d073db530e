extension OpenAPIDocument {
    /// The `components.schemas` members for the shapes every answer shares (`Error`, `Health`,
    /// `Readiness`), `Document` (an open request body), a stored build report, the metrics summary and
    /// the outbox; readable JSON, one member per line.
    ///
    /// Each follows the Swift type the server encodes (named in its description): absent
    /// optionals are omitted, never null, unless the schema says `null`; types the server
    /// fixes are closed with `additionalProperties: false`.
    static let serverSchemas = ##"""
"Document": {
  "type": "object",
  "additionalProperties": true,
  "description": "A JSON request body the server takes from others, whose fields are described in the linked guide rather than here: a git host's webhook payload."
},
"Error": {
  "type": "object",
  "properties": {
    "error": {
      "type": "object",
      "properties": {
        "code": {"type": "string", "description": "Stable snake_case code a script can branch on."},
        "message": {"type": "string", "description": "What went wrong and what to do about it."},
        "allowed": {
          "type": "array",
          "items": {"type": "string"},
          "description": "Only on a refused release action: the actions its state allows."
        }
      },
      "required": ["code", "message"],
      "additionalProperties": false
    }
  },
  "required": ["error"],
  "additionalProperties": false,
  "description": "The one error shape of every endpoint."
},
"Health": {
  "type": "object",
  "properties": {"status": {"type": "string", "enum": ["ok"]}, "version": {"type": "string"}},
  "required": ["status", "version"],
  "additionalProperties": false
},
"Readiness": {
  "type": "object",
  "properties": {"status": {"type": "string", "enum": ["ready", "not_ready"]}, "reason": {"type": "string"}},
  "required": ["status"],
  "additionalProperties": false
},
"StoredBuildReport": {
  "type": "object",
  "description": "Store.StoredReport: the stored report's id, and whether this call stored it (201) or it had been stored before (200).",
  "properties": {"id": {"type": "integer"}, "created": {"type": "boolean"}},
  "required": ["id", "created"],
  "additionalProperties": false
},
"MetricsSummary": {
  "type": "object",
  "description": "Store.MetricsSummary (GET /api/v1/metrics/summary).",
  "properties": {
    "window": {"$ref": "#/components/schemas/MetricsWindow"},
    "previousWindow": {"$ref": "#/components/schemas/MetricsWindow"},
    "groupBy": {
      "type": "string",
      "enum": ["repository", "pipeline", "branch", "platform"],
      "description": "Absent when ungrouped."
    },
    "groups": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "key": {"type": "string", "description": "The group's value; absent when ungrouped."},
          "current": {"$ref": "#/components/schemas/MetricsWindowStatistics"},
          "previous": {"$ref": "#/components/schemas/MetricsWindowStatistics"},
          "change": {"$ref": "#/components/schemas/MetricsWindowChange"}
        },
        "required": ["current", "previous", "change"],
        "additionalProperties": false
      }
    },
    "waiting": {"$ref": "#/components/schemas/WaitingCostSummary"},
    "percentileMethod": {"type": "string"}
  },
  "required": ["window", "previousWindow", "groups", "waiting", "percentileMethod"],
  "additionalProperties": false
},
"MetricsWindow": {
  "type": "object",
  "properties": {
    "start": {"type": "string", "format": "date-time"},
    "end": {"type": "string", "format": "date-time"},
    "days": {"type": "integer"}
  },
  "required": ["start", "end", "days"],
  "additionalProperties": false
},
"OutboxStatus": {
  "type": "object",
  "properties": {
    "pending": {"type": "integer"},
    "due": {"type": "integer"},
    "dead": {"type": "integer"},
    "oldestPendingAt": {"type": "string", "format": "date-time"},
    "deadMessages": {"type": "array", "items": {"$ref": "#/components/schemas/OutboxDeadMessage"}}
  },
  "required": ["pending", "due", "dead", "deadMessages"],
  "additionalProperties": false
},
"OutboxDeadMessage": {
  "type": "object",
  "properties": {
    "id": {"type": "integer"},
    "kind": {"type": "string"},
    "attempts": {"type": "integer"},
    "lastError": {"type": "string"},
    "createdAt": {"type": "string", "format": "date-time"}
  },
  "required": ["id", "kind", "attempts", "createdAt"],
  "additionalProperties": false
}
"""##
}
