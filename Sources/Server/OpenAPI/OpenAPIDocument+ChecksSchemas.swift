extension OpenAPIDocument {
    /// The `components.schemas` members for automated checks (dependency rules on a module graph);
    /// readable JSON, one member per line.
    ///
    /// Each follows the Swift type the server encodes (named in its description): absent
    /// optionals are omitted, never null, unless the schema says `null`; types the server
    /// fixes are closed with `additionalProperties: false`.
    static let checksSchemas = ##"""
"DependencyChecksRequest": {
  "type": "object",
  "description": "Server.DependencyChecksController's body, read with JSONSerialization: unknown keys are ignored and null is the same as absent. Text members are non-empty, and all but `rules` do not start with '-'. `rules` and `rulesFile` exclude each other (400 `invalid_rules`).",
  "properties": {
    "repository": {
      "type": "string",
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^-]",
      "description": "A registered repository."
    },
    "revision": {
      "type": ["string", "null"],
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^-\\s\\u0000-\\u001f\\u007f][^\\s\\u0000-\\u001f\\u007f]*$",
      "description": "The branch, tag or commit to check (default: the default branch)."
    },
    "project": {
      "type": ["string", "null"],
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^-/]",
      "description": "The project's folder in the repository: relative, without '..' or '\\'."
    },
    "rules": {
      "type": ["string", "null"],
      "minLength": 1,
      "maxLength": 1048576,
      "description": "The rules file's text (docs/checks.md), instead of the file at the revision."
    },
    "rulesFile": {
      "type": ["string", "null"],
      "minLength": 1,
      "maxLength": 1024,
      "pattern": "^[^-/]",
      "description": "The rules file's path in the repository (default: `mobile-ops-checks.yml` in `project`)."
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
      "description": "Which build description to read where the project has several."
    },
    "baseline": {
      "type": ["boolean", "null"],
      "description": "Compare with the violations on the default branch's head."
    }
  },
  "required": ["repository"],
  "additionalProperties": true
},
"DependencyCheckReport": {
  "type": "object",
  "description": "Checks.DependencyCheckReport: also what `mobile-ops checks deps --json` prints, and usable as its `--baseline`.",
  "properties": {
    "violations": {"type": "array", "items": {"$ref": "#/components/schemas/DependencyViolation"}},
    "fixed": {
      "type": "array",
      "description": "The baseline's violations that are gone.",
      "items": {"$ref": "#/components/schemas/DependencyViolation"}
    },
    "baseline": {"type": "boolean"},
    "summary": {
      "type": "object",
      "properties": {
        "rules": {"type": "integer"},
        "modules": {"type": "integer"},
        "edges": {"type": "integer"},
        "violations": {"type": "integer"},
        "new": {"type": "integer"},
        "fixed": {"type": "integer"}
      },
      "required": ["rules", "modules", "edges", "violations", "new", "fixed"],
      "additionalProperties": false
    },
    "warnings": {
      "type": "array",
      "items": {"type": "string"},
      "description": "Declarations the readers could not follow (not checked), and a baseline that could not be read."
    }
  },
  "required": ["violations", "fixed", "baseline", "summary", "warnings"],
  "additionalProperties": false
},
"DependencyChecksStep": {
  "type": "object",
  "description": "Core.DependencyChecksStep: a step's `checks: deps`, run by the agent before the commands (docs/checks.md).",
  "properties": {
    "project": {"type": "string"},
    "rules": {"type": "string", "description": "Relative to `project`; default mobile-ops-checks.yml."},
    "kind": {"type": "string"}
  },
  "required": ["project"],
  "additionalProperties": false
},
"DependencyViolation": {
  "type": "object",
  "description": "Checks.DependencyViolation: one broken rule. `id` names the rule and the modules, never files or lines, so moving a declaration keeps it.",
  "properties": {
    "id": {"type": "string"},
    "rule": {"type": "string"},
    "kind": {"type": "string", "enum": ["layers", "forbid", "allow_only", "no_cycles", "max_depth"]},
    "from": {"type": "string"},
    "to": {"type": "string"},
    "chain": {
      "type": "array",
      "items": {"type": "string"},
      "description": "The modules in order; a cycle ends where it starts."
    },
    "edges": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "from": {"type": "string"},
          "to": {"type": "string"},
          "configuration": {"type": "string"},
          "test": {"type": "boolean"},
          "file": {"type": "string"},
          "line": {"type": "integer"}
        },
        "required": ["from", "to", "configuration", "test"],
        "additionalProperties": false
      }
    },
    "file": {
      "type": "string",
      "description": "The build file declaring the first edge, repository-relative from `project`."
    },
    "line": {"type": "integer"},
    "message": {"type": "string"},
    "new": {"type": "boolean"}
  },
  "required": ["id", "rule", "kind", "from", "to", "chain", "edges", "message", "new"],
  "additionalProperties": false
}
"""##
}
