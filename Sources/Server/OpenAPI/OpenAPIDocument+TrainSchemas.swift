extension OpenAPIDocument {
    /// The `components.schemas` members for release trains and their definitions; readable JSON, one
    /// member per line.
    ///
    /// Each follows the Swift type the server encodes (named in its description): absent
    /// optionals are omitted, never null, unless the schema says `null`; types the server
    /// fixes are closed with `additionalProperties: false`.
    static let trainSchemas = ##"""
"Train": {
  "type": "object",
  "description": "Server.TrainView.",
  "properties": {
    "id": {"type": "integer"},
    "name": {"type": "string"},
    "source": {
      "type": "string",
      "description": "Where the definition came from: `api`, or `file:` and the file."
    },
    "definition": {"$ref": "#/components/schemas/TrainDefinition"},
    "nextStart": {"type": "string", "format": "date-time"},
    "problems": {
      "type": "array",
      "items": {"type": "string"},
      "description": "What the train names that the server does not know now (an unregistered repository, an RC pipeline not loaded); empty when it can run."
    },
    "createdAt": {"type": "string", "format": "date-time"},
    "updatedAt": {"type": "string", "format": "date-time"}
  },
  "required": ["id", "name", "source", "definition", "problems", "createdAt", "updatedAt"],
  "additionalProperties": false
},
"TrainDefinition": {
  "type": "object",
  "description": "ReleaseTrain.TrainDefinition in the train file's keys, durations in seconds; see docs/release-train.md.",
  "properties": {
    "name": {"type": "string"},
    "repository": {"type": "string"},
    "platforms": {"type": "array", "items": {"$ref": "#/components/schemas/ReleasePlatform"}},
    "cadence": {
      "type": "string",
      "description": "`manual` or `every [N] weeks on <weekday> at HH:MM [<time zone>] [starting YYYY-MM-DD]`."
    },
    "version": {
      "type": "object",
      "properties": {
        "scheme": {"type": "string", "enum": ["semver", "calver"]},
        "bump": {"type": "string", "enum": ["major", "minor", "patch"], "description": "semver only."},
        "format": {"type": "string", "description": "calver only."}
      },
      "required": ["scheme"],
      "additionalProperties": false
    },
    "release_branch": {"type": "string"},
    "rc_pipeline": {"type": "string"},
    "signoff": {"type": "array", "items": {"type": "string"}},
    "rollout": {
      "type": "object",
      "properties": {
        "android": {
          "type": "object",
          "properties": {
            "track": {"type": "string"},
            "steps": {"type": "array", "items": {"type": "number"}},
            "soak": {"type": "number", "description": "Seconds."}
          },
          "required": ["track", "steps", "soak"],
          "additionalProperties": false
        },
        "ios": {
          "type": "object",
          "properties": {"phased": {"type": "boolean"}},
          "required": ["phased"],
          "additionalProperties": false
        }
      },
      "required": ["android", "ios"],
      "additionalProperties": false
    },
    "health": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "metric": {"$ref": "#/components/schemas/ReleaseHealthMetric"},
          "comparator": {"type": "string", "enum": ["<", "<=", ">", ">="]},
          "threshold": {"type": "number"},
          "min_sample": {"type": "integer"}
        },
        "required": ["metric", "comparator", "threshold", "min_sample"],
        "additionalProperties": false
      }
    },
    "health_halt": {"type": "string", "enum": ["all", "breached_store"]}
  },
  "required": [
    "name",
    "repository",
    "platforms",
    "cadence",
    "version",
    "release_branch",
    "rc_pipeline",
    "signoff",
    "rollout",
    "health",
    "health_halt"
  ],
  "additionalProperties": false
},
"TrainList": {
  "type": "object",
  "properties": {"trains": {"type": "array", "items": {"$ref": "#/components/schemas/Train"}}},
  "required": ["trains"],
  "additionalProperties": false
}
"""##
}
