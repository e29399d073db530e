extension OpenAPIDocument {
    /// The `components.schemas` members for the release train's request bodies: the actions on a
    /// release (`POST /api/v1/releases/{id}/{action}`) and a train definition sent as JSON (`POST
    /// /api/v1/trains`); readable JSON, one member per line.
    ///
    /// Each says what the server's decoder accepts, not what a client usually sends: decoders
    /// that ignore unknown keys are `additionalProperties: true` with their known members listed,
    /// an optional member the decoder reads with `decodeIfPresent` (or as `NSNull`) may be
    /// `null`, and a bound the server checks is a `minimum`, `maximum`, `maxItems` or `pattern`.
    /// Text limits the server counts in UTF-8 bytes are given as `maxLength`, which counts
    /// characters: the same for ASCII. Rules across members are said in the description.
    static let releaseRequestSchemas = ##"""
"ReleaseActionBody": {
  "description": "What `POST /api/v1/releases/{id}/{action}` reads, by action: `approve` ReleaseApproveBody; `halt`, `cancel` and `fail` ReleaseReasonBody, or no body; `health` one ReleaseHealthSample, or ReleaseHealthSamples when the body has `samples`; `store` ReleaseStoreIDsBody; `advance`, `resume` and `hotfix` read no body and ignore one. One operation serves every action, so this is their union.",
  "anyOf": [
    {"$ref": "#/components/schemas/ReleaseApproveBody"},
    {"$ref": "#/components/schemas/ReleaseReasonBody"},
    {"$ref": "#/components/schemas/ReleaseHealthSample"},
    {"$ref": "#/components/schemas/ReleaseHealthSamples"},
    {"$ref": "#/components/schemas/ReleaseStoreIDsBody"}
  ]
},
"ReleaseApproveBody": {
  "type": "object",
  "description": "`approve`: the gate signed, one of the train's `signoff` gates (else 400 `unknown_gate`); unknown keys are ignored.",
  "properties": {"gate": {"type": "string"}},
  "required": ["gate"],
  "additionalProperties": true
},
"ReleaseHealthSample": {
  "type": "object",
  "description": "ReleaseDriver.Sample: one health reading, for a platform the train ships to (else 400 `invalid_platform`); unknown keys are ignored.",
  "properties": {
    "metric": {"$ref": "#/components/schemas/ReleaseHealthMetric"},
    "value": {"type": "number"},
    "sampleSize": {"type": "integer", "minimum": 0},
    "platform": {"$ref": "#/components/schemas/ReleasePlatform"}
  },
  "required": ["metric", "value", "sampleSize", "platform"],
  "additionalProperties": true
},
"ReleaseHealthSamples": {
  "type": "object",
  "description": "`health` with several readings at once; unknown keys are ignored.",
  "properties": {
    "samples": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/ReleaseHealthSample"}}
  },
  "required": ["samples"],
  "additionalProperties": true
},
"ReleaseReasonBody": {
  "type": "object",
  "description": "`halt` and `cancel`: why, for the audit trail; without it the server writes `halted by <actor>` (`canceled by …`). Unknown keys are ignored.",
  "properties": {"reason": {"type": ["string", "null"]}},
  "additionalProperties": true
},
"ReleaseStoreIDsBody": {
  "type": "object",
  "description": "ReleaseDriver.ReleaseDistributionIDs as the `store` action reads it: androidPackage, androidVersionCodes and iosAppID replace the stored ones when given (null or absent keeps them); the type's other members are read and ignored (the train sets them), unknown keys are ignored.",
  "properties": {
    "androidPackage": {"type": ["string", "null"]},
    "androidVersionCodes": {"type": ["array", "null"], "items": {"type": "string"}},
    "iosAppID": {"type": ["string", "null"]},
    "iosVersionID": {"type": ["string", "null"]},
    "iosPhasedReleaseID": {"type": ["string", "null"]},
    "iosReviewSubmissionID": {"type": ["string", "null"]},
    "iosVersionState": {"type": ["string", "null"]},
    "iosPercent": {"type": ["number", "null"]},
    "iosComplete": {"type": ["boolean", "null"]},
    "androidPercent": {"type": ["number", "null"]},
    "haltedStores": {"type": ["array", "null"], "items": {"type": "string"}}
  },
  "additionalProperties": true
},
"TrainDefinitionBody": {
  "type": "object",
  "description": "A train definition as JSON in the train file's keys (docs/release-train.md), read by the train file's YAML parser: unknown keys are refused, and every problem is answered at once as 400 `invalid_train`. Defaults: cadence `manual`, version semver with a minor bump, release_branch `release/{version}`, no sign-off gates, Play steps 1, 2, 5, 10, 20, 50, 100 on `production` with a day's soak, a phased App Store release, no health rules halting `all`. Also checked: a `rollout` section only for a platform in `platforms`, and a release_branch that is a valid git branch name once `{version}` is filled in. Where text is expected the parser also reads a number or a boolean as its text.",
  "properties": {
    "name": {"$ref": "#/components/schemas/TrainSlug"},
    "repository": {"type": "string", "pattern": "^\\S+$"},
    "platforms": {
      "oneOf": [
        {"$ref": "#/components/schemas/ReleasePlatform"},
        {
          "type": "array",
          "minItems": 1,
          "uniqueItems": true,
          "items": {"$ref": "#/components/schemas/ReleasePlatform"}
        }
      ]
    },
    "cadence": {
      "type": "string",
      "description": "`manual` or `every [N] weeks on <weekday> at HH:MM [<time zone>] [starting YYYY-MM-DD]`."
    },
    "version": {
      "oneOf": [
        {
          "type": "object",
          "properties": {
            "scheme": {"type": "string", "enum": ["semver"]},
            "bump": {"type": "string", "enum": ["major", "minor", "patch"], "description": "Default minor."}
          },
          "required": ["scheme"],
          "additionalProperties": false
        },
        {
          "type": "object",
          "properties": {
            "scheme": {"type": "string", "enum": ["calver"]},
            "format": {"type": "string", "description": "e.g. YYYY.0W.N."}
          },
          "required": ["scheme", "format"],
          "additionalProperties": false
        }
      ]
    },
    "release_branch": {"type": "string", "pattern": "^\\S*\\{version\\}\\S*$"},
    "rc_pipeline": {"$ref": "#/components/schemas/TrainSlug"},
    "signoff": {
      "oneOf": [
        {"type": "null"},
        {"$ref": "#/components/schemas/TrainSlug"},
        {"type": "array", "uniqueItems": true, "items": {"$ref": "#/components/schemas/TrainSlug"}}
      ]
    },
    "rollout": {
      "type": "object",
      "properties": {
        "android": {
          "type": "object",
          "properties": {
            "track": {"type": "string", "pattern": "^\\S+$"},
            "steps": {
              "type": "array",
              "minItems": 1,
              "items": {"type": "number", "minimum": 0.01, "maximum": 100},
              "description": "Percentages, strictly increasing, the last 100."
            },
            "soak": {
              "oneOf": [
                {"type": "number", "minimum": 0, "maximum": 31622400, "description": "Seconds."},
                {
                  "type": "string",
                  "minLength": 1,
                  "pattern": "^([0-9]+[dD])?([0-9]+[hH])?([0-9]+[mM])?([0-9]+[sS])?$",
                  "description": "e.g. 30m, 24h, 2d12h."
                }
              ]
            }
          },
          "additionalProperties": false
        },
        "ios": {
          "type": "object",
          "properties": {"phased": {"type": "boolean"}},
          "additionalProperties": false
        }
      },
      "additionalProperties": false
    },
    "health": {
      "oneOf": [
        {"type": "null"},
        {"type": "array", "items": {"$ref": "#/components/schemas/TrainHealthRuleBody"}},
        {
          "type": "object",
          "properties": {
            "halt": {"type": "string", "enum": ["all", "breached_store"]},
            "rules": {
              "type": ["array", "null"],
              "items": {"$ref": "#/components/schemas/TrainHealthRuleBody"}
            }
          },
          "additionalProperties": false
        }
      ]
    },
    "health_halt": {"type": "string", "enum": ["all", "breached_store"], "description": "Overrides `health.halt`."}
  },
  "required": ["name", "repository", "platforms", "rc_pipeline"],
  "additionalProperties": false
},
"TrainHealthRuleBody": {
  "type": "object",
  "description": "One health rule of a train definition; unknown keys are refused.",
  "properties": {
    "metric": {"$ref": "#/components/schemas/ReleaseHealthMetric"},
    "comparator": {
      "type": "string",
      "enum": ["<", "<=", ">", ">=", "below", "at_most", "above", "at_least"],
      "description": "The words are also read in any case."
    },
    "threshold": {"type": "number", "minimum": 0, "maximum": 100},
    "min_sample": {"type": "integer", "minimum": 0, "maximum": 1000000000, "description": "Default 0."}
  },
  "required": ["metric", "comparator", "threshold"],
  "additionalProperties": false
},
"TrainSlug": {
  "type": "string",
  "pattern": "^[a-z0-9][a-z0-9._-]*$",
  "maxLength": 100,
  "description": "Lowercase letters, digits, '.', '_' and '-', starting with a letter or digit: a train's name, its RC pipeline, a sign-off gate."
}
"""##
}
