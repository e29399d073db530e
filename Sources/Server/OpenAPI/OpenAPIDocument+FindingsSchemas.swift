extension OpenAPIDocument {
    /// The `components.schemas` members for analysers' findings: reports in, comparisons and trends
    /// out; readable JSON, one member per line.
    ///
    /// Each follows the Swift type the server encodes (named in its description): absent
    /// optionals are omitted, never null, unless the schema says `null`; types the server
    /// fixes are closed with `additionalProperties: false`.
    static let findingsSchemas = ##"""
"StoredFinding": {
  "type": "object",
  "description": "Core.StoredFinding: one finding as stored with its build.",
  "properties": {
    "tool": {"type": "string"},
    "ruleID": {"type": "string"},
    "level": {"type": "string", "enum": ["error", "warning", "note", "none"]},
    "message": {"type": "string"},
    "path": {"type": ["string", "null"]},
    "line": {"type": ["integer", "null"]},
    "fingerprint": {"type": "string"},
    "suppression": {
      "type": "string",
      "enum": ["accepted", "underReview"],
      "description": "Absent unless the report suppressed the finding (SARIF `suppressions`): `accepted` (status accepted or absent) is counted apart, never new, never failing, never annotated; `underReview` counts like any other finding."
    }
  },
  "required": ["tool", "ruleID", "level", "message", "fingerprint"]
},
"FindingsUpload": {
  "type": "object",
  "description": "Insights.FindingsUpload.",
  "properties": {
    "buildID": {"type": "integer"},
    "source": {"type": "string"},
    "format": {"type": "string", "enum": ["sarif", "checkstyle", "androidLint", "swiftLintJSON", "codeClimate"]},
    "findings": {"type": "integer"},
    "levels": {"type": "object", "additionalProperties": {"type": "integer"}, "description": "Unsuppressed findings per level."},
    "suppressed": {"type": "integer", "description": "Findings the report suppressed, counted apart."}
  },
  "required": ["buildID", "source", "format", "findings", "levels", "suppressed"]
},
"BuildFindings": {
  "type": "object",
  "description": "Insights.BuildFindings: the build's findings against its baseline. A pull request's baseline is the same pipeline's build of its merge base, else of the nearest built commit before it, else of the base commit the git host reported, else the target branch's newest build before it; any other build's is the newest earlier build of its branch. `base.reason` says which.",
  "properties": {
    "buildID": {"type": "integer"},
    "base": {
      "type": "object",
      "properties": {
        "buildID": {"type": "integer"},
        "branch": {"type": "string"},
        "number": {
          "type": "integer",
          "description": "The build's number in the repository; absent if it is gone."
        },
        "commit": {"type": "string", "description": "The baseline's commit, when it was chosen by commit."},
        "reason": {
          "type": "string",
          "enum": ["merge_base", "merge_base_ancestor", "host_base", "target_branch_latest", "previous_build"],
          "description": "merge_base: the merge base's build; merge_base_ancestor: the merge base was never built, the nearest built first parent before it; host_base: no merge base was reported, the build of the base commit the git host reported; target_branch_latest: neither is known or built; previous_build: not a pull request."
        },
        "explanation": {"type": "string", "description": "The reason in words, naming the commits."}
      },
      "required": ["buildID", "branch", "reason", "explanation"]
    },
    "failOn": {"type": "string", "enum": ["error", "warning", "never"]},
    "fails": {"type": "boolean"},
    "total": {"type": "integer"},
    "newCount": {"type": "integer"},
    "unchanged": {"type": "integer"},
    "suppressed": {"type": "integer", "description": "Findings the reports suppressed: never new, never failing, never annotated."},
    "fixed": {"type": "integer"},
    "new": {"type": "array", "items": {"$ref": "#/components/schemas/StoredFinding"}}
  },
  "required": ["buildID", "failOn", "fails", "total", "newCount", "unchanged", "suppressed", "fixed", "new"]
},
"JobFindings": {
  "type": "object",
  "description": "Core.JobFindings: one report of a `reports:` step as the agent read it in its checkout (docs/findings.md). Text members hold no control characters (a message may hold tabs and line breaks); lengths count characters. Unknown keys are ignored.",
  "properties": {
    "source": {
      "type": "string",
      "minLength": 1,
      "maxLength": 1024,
      "pattern": "^[^/]",
      "description": "The report's path relative to the checkout, without '..'."
    },
    "format": {"type": "string", "enum": ["sarif", "checkstyle", "androidLint", "swiftLintJSON", "codeClimate"]},
    "failOn": {
      "type": "string",
      "enum": ["error", "warning", "never"],
      "description": "The step's `fail_on`: which new findings make `fails` true."
    },
    "findings": {"type": "array", "maxItems": 100000, "items": {"$ref": "#/components/schemas/JobFinding"}},
    "mergeBase": {
      "type": "object",
      "description": "Core.MergeBase: on a pull request build, `git merge-base origin/TARGET HEAD` in the agent's checkout and its first parents; the findings are compared with that commit's build, or the nearest built one among its first parents.",
      "properties": {
        "commit": {"type": "string", "pattern": "^([0-9a-f]{40}|[0-9a-f]{64})$"},
        "firstParents": {
          "type": "array",
          "maxItems": 200,
          "items": {"type": "string", "pattern": "^([0-9a-f]{40}|[0-9a-f]{64})$"},
          "description": "The merge base first, then its first-parent ancestors, newest first (`git rev-list --first-parent`)."
        }
      },
      "required": ["commit", "firstParents"]
    }
  },
  "required": ["source", "format", "failOn", "findings"],
  "additionalProperties": true
},
"JobFinding": {
  "type": "object",
  "description": "Core.StoredFinding: one finding, as the agent read and fingerprinted it in its checkout.",
  "properties": {
    "tool": {"type": "string", "minLength": 1, "maxLength": 256},
    "ruleID": {"type": "string", "minLength": 1, "maxLength": 256},
    "level": {"type": "string", "enum": ["error", "warning", "note", "none"]},
    "message": {"type": "string", "maxLength": 8192},
    "path": {
      "type": ["string", "null"],
      "minLength": 1,
      "maxLength": 4096,
      "pattern": "^[^/]",
      "description": "Relative to the repository root, without '..'; absent when the report names no file or one outside the checkout."
    },
    "line": {"type": ["integer", "null"], "minimum": 1, "maximum": 2147483647},
    "fingerprint": {
      "type": "string",
      "pattern": "^[0-9a-f]{64}$",
      "description": "MobileOps' fingerprint, from the checkout's source lines (docs/findings.md)."
    },
    "suppression": {
      "type": "string",
      "enum": ["accepted", "underReview"],
      "description": "Absent unless the report suppressed the finding (SARIF `suppressions`): `accepted` (status accepted or absent) is counted apart, never new, never failing, never annotated; `underReview` counts like any other finding."
    }
  },
  "required": ["tool", "ruleID", "level", "message", "fingerprint"],
  "additionalProperties": true
},
"FindingsStep": {
  "type": "object",
  "description": "Core.FindingsStep: a step's `reports:` and `fail_on:`, read by the agent after the commands (docs/findings.md).",
  "properties": {
    "reports": {"type": "array", "items": {"type": "string"}, "description": "Globs relative to the checkout."},
    "failOn": {"type": "string", "enum": ["error", "warning", "never"]}
  },
  "required": ["reports", "failOn"],
  "additionalProperties": false
},
"FindingsTrend": {
  "type": "object",
  "description": "Insights.FindingsTrend.",
  "properties": {
    "branch": {"type": "string"},
    "days": {"type": "integer"},
    "rows": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "day": {"type": "string"},
          "tool": {"type": "string"},
          "ruleID": {"type": "string"},
          "count": {"type": "integer"}
        },
        "required": ["day", "tool", "ruleID", "count"]
      }
    },
    "growing": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "tool": {"type": "string"},
          "ruleID": {"type": "string"},
          "first": {"type": "integer"},
          "last": {"type": "integer"},
          "change": {"type": "integer"}
        },
        "required": ["tool", "ruleID", "first", "last", "change"]
      }
    }
  },
  "required": ["branch", "days", "rows", "growing"]
}
"""##
}
