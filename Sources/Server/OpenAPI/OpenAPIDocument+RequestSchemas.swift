extension OpenAPIDocument {
    /// The `components.schemas` members for the other request bodies the server decodes: a job's
    /// outcome, the agent's `ui_tests:` report and the impact-analysis request; readable JSON, one
    /// member per line.
    ///
    /// Each says what the server's decoder accepts, not what a client usually sends: decoders
    /// that ignore unknown keys are `additionalProperties: true` with their known members listed,
    /// an optional member the decoder reads with `decodeIfPresent` (or as `NSNull`) may be
    /// `null`, and a bound the server checks is a `minimum`, `maximum`, `maxItems` or `pattern`.
    /// Text limits the server counts in UTF-8 bytes are given as `maxLength`, which counts
    /// characters: the same for ASCII. Rules across members are said in the description.
    static let requestSchemas = ##"""
"ImpactRequest": {
  "type": "object",
  "description": "Server.ImpactController's body, read with JSONSerialization: unknown keys are ignored and null is the same as absent. Give a module `graph` or the `repository` to read it from, and `changedFiles` or a `base` revision (the allOf). `base`, `head`, `project` and a `graph` path need `repository` (400 `missing_repository`, `invalid_graph`). Text members are non-empty, at most 255 bytes and do not start with '-'.",
  "properties": {
    "graph": {
      "type": ["object", "string", "null"],
      "minLength": 1,
      "maxLength": 1024,
      "description": "A module graph (docs/impact-graph-format.md, or `swift package dump-package` output), or the path of such a file in `repository`, read at `head`: relative, without '..', at most 1024 bytes."
    },
    "repository": {
      "type": ["string", "null"],
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^-]",
      "description": "A registered repository, read at `head` (default: its default branch)."
    },
    "changedFiles": {
      "type": ["array", "null"],
      "maxItems": 100000,
      "items": {"type": "string", "maxLength": 4096},
      "description": "Paths relative to the project folder, each at most 4096 bytes."
    },
    "base": {
      "type": ["string", "null"],
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^-\\s\\u0000-\\u001f\\u007f][^\\s\\u0000-\\u001f\\u007f]*$",
      "description": "A revision of `repository`: no spaces or control characters, not a `transport::address` URL."
    },
    "head": {
      "type": ["string", "null"],
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^-\\s\\u0000-\\u001f\\u007f][^\\s\\u0000-\\u001f\\u007f]*$",
      "description": "Like `base`."
    },
    "runAll": {
      "type": ["array", "null"],
      "maxItems": 100,
      "items": {"type": "string", "maxLength": 256},
      "description": "More run-all path patterns: at most 100, each at most 256 bytes (400 `invalid_runAll` beyond)."
    },
    "project": {
      "type": ["string", "null"],
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^-/]",
      "description": "The project's folder in the repository: relative, without '..' or '\\'."
    },
    "kind": {
      "type": ["string", "null"],
      "enum": [
        "swiftPackage",
        "gradle",
        "xcodeGen",
        "swiftpackage",
        "xcodegen",
        "spm",
        "swiftpm",
        "package",
        "swift",
        null
      ],
      "description": "Which build description to read where the project has several; the names are also read in any case."
    }
  },
  "allOf": [
    {
      "anyOf": [
        {"required": ["graph"], "properties": {"graph": {"type": ["object", "string"]}}},
        {"required": ["repository"], "properties": {"repository": {"type": "string"}}}
      ]
    },
    {
      "anyOf": [
        {"required": ["changedFiles"], "properties": {"changedFiles": {"type": "array"}}},
        {"required": ["base"], "properties": {"base": {"type": "string"}}}
      ]
    }
  ],
  "additionalProperties": true
},
"JobOutcome": {
  "type": "object",
  "description": "Core.JobOutcome; unknown keys are ignored. A state that is not final (`pending`, `assigned`, `running`) is recorded as `failed`.",
  "properties": {
    "state": {"$ref": "#/components/schemas/JobState"},
    "exitStatus": {
      "type": ["integer", "null"],
      "minimum": -2147483648,
      "maximum": 2147483647,
      "description": "Exit status of the last command run (an Int32)."
    },
    "commandDurations": {
      "type": "array",
      "items": {"type": "number"},
      "description": "Seconds each command took, in order; may be empty."
    }
  },
  "required": ["state", "commandDurations"],
  "additionalProperties": true
},
"UITestChoiceBody": {
  "type": "object",
  "description": "Core.UITestReport.Choice as the agent sends it; unknown keys are ignored.",
  "properties": {"name": {"type": "string"}, "module": {"type": "string"}, "reason": {"type": "string"}},
  "required": ["name", "module", "reason"],
  "additionalProperties": true
},
"UITestReportBody": {
  "type": "object",
  "description": "Core.UITestReport as the agent posts it, the members GET /api/v1/builds/{id}/impact answers (UITestReport); all are required, unknown keys are ignored.",
  "properties": {
    "mode": {"type": "string", "description": "`selected` or `all`, not checked."},
    "runAllReasons": {"type": "array", "items": {"type": "string"}},
    "selected": {"type": "array", "items": {"$ref": "#/components/schemas/UITestChoiceBody"}},
    "skipped": {"type": "array", "items": {"$ref": "#/components/schemas/UITestChoiceBody"}},
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
  "additionalProperties": true
}
"""##
}
