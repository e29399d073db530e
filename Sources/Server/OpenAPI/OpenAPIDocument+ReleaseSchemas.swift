extension OpenAPIDocument {
    /// The `components.schemas` members for releases: their state, events, approvals, health and store
    /// status; readable JSON, one member per line.
    ///
    /// Each follows the Swift type the server encodes (named in its description): absent
    /// optionals are omitted, never null, unless the schema says `null`; types the server
    /// fixes are closed with `additionalProperties: false`.
    static let releaseSchemas = ##"""
"Release": {
  "type": "object",
  "description": "Server.ReleaseView; absent optional fields are omitted, never null.",
  "properties": {
    "id": {"type": "integer"},
    "trainID": {"type": "integer"},
    "train": {"type": "string"},
    "version": {"type": "string"},
    "kind": {"type": "string", "enum": ["regular", "hotfix"]},
    "baseVersion": {"type": "string", "description": "A hotfix's base version."},
    "state": {"$ref": "#/components/schemas/ReleaseState"},
    "haltedFrom": {"$ref": "#/components/schemas/ReleaseState"},
    "reason": {"type": "string"},
    "branch": {"type": "string"},
    "rcBuildID": {"type": "integer"},
    "requiredGates": {"type": "array", "items": {"type": "string"}},
    "approvals": {"type": "array", "items": {"$ref": "#/components/schemas/ReleaseApproval"}},
    "missingGates": {"type": "array", "items": {"type": "string"}},
    "allowedActions": {
      "type": "array",
      "items": {
        "type": "string",
        "enum": ["approve", "advance", "halt", "resume", "hotfix", "cancel", "fail"]
      },
      "description": "What a person can do now (`POST /api/v1/releases/{id}/{action}`); the train's own steps are behind `advance`."
    },
    "rolloutPercent": {"type": "number", "description": "The lowest share of users the stores were seen at."},
    "rolloutStepIndex": {"type": "integer"},
    "rolloutEnteredAt": {"type": "string", "format": "date-time"},
    "store": {"$ref": "#/components/schemas/ReleaseStoreIDs"},
    "stores": {
      "type": "object",
      "description": "Each of the train's stores, by platform.",
      "properties": {
        "android": {"$ref": "#/components/schemas/ReleaseStoreStatus"},
        "ios": {"$ref": "#/components/schemas/ReleaseStoreStatus"}
      },
      "additionalProperties": false
    },
    "rcBuild": {"$ref": "#/components/schemas/ReleaseCandidateBuild"},
    "problem": {"type": "string", "description": "What currently keeps the scheduler from moving on."},
    "createdAt": {"type": "string", "format": "date-time"},
    "updatedAt": {"type": "string", "format": "date-time"},
    "events": {
      "type": "array",
      "items": {"$ref": "#/components/schemas/ReleaseEvent"},
      "description": "Only on GET /api/v1/releases/{id}."
    }
  },
  "required": [
    "id",
    "trainID",
    "train",
    "version",
    "kind",
    "state",
    "branch",
    "requiredGates",
    "approvals",
    "missingGates",
    "allowedActions",
    "rolloutPercent",
    "store",
    "stores",
    "createdAt",
    "updatedAt"
  ],
  "additionalProperties": false
},
"ReleaseApproval": {
  "type": "object",
  "description": "ReleaseTrain.Approval: who signed which gate, and when.",
  "properties": {
    "gate": {"type": "string"},
    "by": {"type": "string"},
    "at": {"type": "string", "format": "date-time"}
  },
  "required": ["gate", "by", "at"],
  "additionalProperties": false
},
"ReleaseCandidateBuild": {
  "type": "object",
  "description": "Server.ReleaseView.CandidateBuild: the release candidate build, with the commit it built.",
  "properties": {
    "id": {"type": "integer"},
    "number": {"type": "integer"},
    "state": {"$ref": "#/components/schemas/BuildState"},
    "commitSHA": {"type": "string"}
  },
  "required": ["id", "number", "state", "commitSHA"],
  "additionalProperties": false
},
"ReleaseEvent": {
  "type": "object",
  "description": "Store.StoredReleaseEvent: who did what, when, from which state to which, and why (`detail` may be empty).",
  "properties": {
    "id": {"type": "integer"},
    "releaseID": {"type": "integer"},
    "action": {"type": "string"},
    "from": {"$ref": "#/components/schemas/ReleaseState"},
    "to": {"$ref": "#/components/schemas/ReleaseState"},
    "actor": {"type": "string"},
    "at": {"type": "string", "format": "date-time"},
    "detail": {"type": "string"}
  },
  "required": ["id", "releaseID", "action", "from", "to", "actor", "at", "detail"],
  "additionalProperties": false
},
"ReleaseHealthAnswer": {
  "type": "object",
  "description": "Server.ReleaseController.HealthAnswer: the `health` action's answer.",
  "properties": {
    "results": {
      "type": "array",
      "items": {
        "type": "object",
        "description": "ReleaseDriver.SampleVerdict.",
        "properties": {
          "metric": {"$ref": "#/components/schemas/ReleaseHealthMetric"},
          "platform": {"$ref": "#/components/schemas/ReleasePlatform"},
          "verdict": {"type": "string", "enum": ["breach", "inconclusive", "healthy"]},
          "summary": {"type": "string"}
        },
        "required": ["metric", "platform", "verdict", "summary"],
        "additionalProperties": false
      }
    },
    "halted": {"type": "boolean"},
    "release": {"$ref": "#/components/schemas/Release"}
  },
  "required": ["results", "halted", "release"],
  "additionalProperties": false
},
"ReleaseHealthMetric": {"type": "string", "enum": ["crash_free_users", "crash_free_sessions", "anr_rate"]},
"ReleaseList": {
  "type": "object",
  "properties": {"releases": {"type": "array", "items": {"$ref": "#/components/schemas/Release"}}},
  "required": ["releases"],
  "additionalProperties": false
},
"ReleasePlatform": {"type": "string", "enum": ["ios", "android"]},
"ReleaseState": {
  "type": "string",
  "enum": [
    "scheduled",
    "branch_cut",
    "building_rc",
    "awaiting_signoff",
    "submitting",
    "in_review",
    "rolling_out",
    "released",
    "halted",
    "failed",
    "canceled"
  ]
},
"ReleaseStoreIDs": {
  "type": "object",
  "description": "ReleaseDriver.ReleaseDistributionIDs: where the release lives in each store (never credentials). Requests set androidPackage, androidVersionCodes and iosAppID; the train fills in the rest.",
  "properties": {
    "androidPackage": {"type": "string"},
    "androidVersionCodes": {"type": "array", "items": {"type": "string"}},
    "iosAppID": {"type": "string"},
    "iosVersionID": {"type": "string"},
    "iosPhasedReleaseID": {"type": "string"},
    "iosReviewSubmissionID": {"type": "string"},
    "iosVersionState": {"type": "string", "description": "The App Store version's appStoreState as last read."},
    "iosPercent": {"type": "number"},
    "iosComplete": {"type": "boolean"},
    "androidPercent": {"type": "number"},
    "haltedStores": {"type": "array", "items": {"$ref": "#/components/schemas/ReleasePlatform"}}
  },
  "additionalProperties": false
},
"ReleaseStoreStatus": {
  "type": "object",
  "description": "ReleaseDriver.ReleaseDistributionStatus: one store's own state and share of users.",
  "properties": {
    "state": {
      "type": "string",
      "enum": [
        "not_submitted",
        "submitting",
        "in_review",
        "draft",
        "rolling_out",
        "halted",
        "complete",
        "recorded_by_hand",
        "failed",
        "canceled"
      ],
      "description": "`recorded_by_hand`: released by a person's `advance` before the train saw this store reach everyone; `percent` is the last share it saw."
    },
    "percent": {"type": "number"},
    "storeState": {
      "type": "string",
      "description": "The App Store version's appStoreState as last read, at most one scheduler pass old while the release is unfinished; iOS only."
    }
  },
  "required": ["state", "percent"],
  "additionalProperties": false
},
"StartRelease": {
  "type": "object",
  "properties": {
    "train": {"type": "string", "description": "Train id or name."},
    "store": {"$ref": "#/components/schemas/ReleaseStoreIDs"},
    "version": {"type": "string"}
  },
  "required": ["train"],
  "additionalProperties": false
}
"""##
}
