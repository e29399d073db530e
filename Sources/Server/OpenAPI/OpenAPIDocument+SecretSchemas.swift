extension OpenAPIDocument {
    /// The `components.schemas` members for repository secrets and a job's secrets: the admin
    /// API's request and listings (never a value) and the agent's `JobSecrets`; readable JSON,
    /// one member per line. No example here holds a value.
    ///
    /// Each follows the Swift type the server encodes (named in its description): absent
    /// optionals are omitted, never null; types the server fixes are closed with
    /// `additionalProperties: false`.
    static let secretSchemas = ##"""
"JobSecrets": {
  "type": "object",
  "description": "Core.JobSecrets: the values of the secrets the job's step lists that its build may have, and the names it may not have with the reason. An env secret becomes the variable of its name; a file secret is written to MOBILE_OPS_SECRETS_DIR/NAME (mode 0600) and the variable holds that path.",
  "properties": {
    "given": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "name": {"type": "string"},
          "kind": {"$ref": "#/components/schemas/SecretKind"},
          "value": {"type": "string", "format": "byte", "description": "The value's bytes in base64."}
        },
        "required": ["name", "kind", "value"],
        "additionalProperties": false
      }
    },
    "denied": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "name": {"type": "string"},
          "reason": {"type": "string", "description": "Why, in words, for the job's log."}
        },
        "required": ["name", "reason"],
        "additionalProperties": false
      }
    }
  },
  "required": ["given", "denied"],
  "additionalProperties": false
},
"KeychainSetup": {
  "type": "object",
  "description": "Core.KeychainSetup: a step's keychain: the file secrets holding .p12 certificates, the secret holding their import password, and the file secrets holding provisioning profiles.",
  "properties": {
    "certificates": {"type": "array", "items": {"type": "string"}},
    "password": {"type": "string"},
    "profiles": {"type": "array", "items": {"type": "string"}}
  },
  "required": ["certificates", "password", "profiles"],
  "additionalProperties": false
},
"RemovedSecrets": {
  "type": "object",
  "description": "The secrets a removal took.",
  "properties": {"secrets": {"type": "array", "items": {"$ref": "#/components/schemas/RepositorySecret"}}},
  "required": ["secrets"],
  "additionalProperties": false
},
"RepositorySecret": {
  "type": "object",
  "description": "Core.RepositorySecret: a stored secret's name, scope and facts; never its value.",
  "properties": {
    "id": {"type": "integer"},
    "repositoryID": {"type": "integer"},
    "name": {"type": "string", "pattern": "^[A-Z_][A-Z0-9_]*$"},
    "pipeline": {"type": "string", "description": "The one pipeline that may have it; absent for every pipeline."},
    "branches": {"type": "array", "items": {"type": "string"}, "description": "Branch patterns a build's branch must match; absent for every branch."},
    "pullRequests": {"type": "boolean", "description": "Whether pull requests from the repository itself may have it; a fork's never does."},
    "kind": {"$ref": "#/components/schemas/SecretKind"},
    "size": {"type": "integer", "description": "The value's size in bytes."},
    "fingerprint": {"type": "string", "description": "8 hexadecimal digits of an HMAC of the value keyed by the secrets key: equal values show equal fingerprints, and nothing of the value shows."},
    "createdAt": {"type": "string", "format": "date-time"},
    "createdBy": {"type": "string"},
    "updatedAt": {"type": "string", "format": "date-time"},
    "updatedBy": {"type": "string"}
  },
  "required": ["id", "repositoryID", "name", "pullRequests", "kind", "size", "fingerprint", "createdAt", "createdBy", "updatedAt", "updatedBy"],
  "additionalProperties": false
},
"RepositorySecretList": {
  "type": "object",
  "properties": {"secrets": {"type": "array", "items": {"$ref": "#/components/schemas/RepositorySecret"}}},
  "required": ["secrets"],
  "additionalProperties": false
},
"SecretKind": {
  "type": "string",
  "enum": ["env", "file"],
  "description": "env: an environment variable holding the value (UTF-8 text, at most 64 KiB); file: a file holding it (at most 1 MiB), the variable holding its path."
},
"SecretWrite": {
  "type": "object",
  "description": "PUT /api/v1/repositories/{id}/secrets/{name}: the value and its scope. Setting a name again for the same pipeline (or none) replaces value and scope.",
  "properties": {
    "value": {"type": "string", "format": "byte", "description": "The value's bytes in base64; at most 1 MiB decoded (413 above)."},
    "kind": {"$ref": "#/components/schemas/SecretKind"},
    "pipeline": {"type": "string", "description": "Only builds of this pipeline may have it; absent for every pipeline."},
    "branches": {"type": "array", "items": {"type": "string"}, "description": "Branch patterns (main, release/*); absent for every branch."},
    "pullRequests": {"type": "boolean", "description": "Give it to pull requests from the repository itself (never to a fork's); false when absent."}
  },
  "required": ["value"],
  "additionalProperties": false
},
"StepSecrets": {
  "type": "object",
  "description": "Core.StepSecrets: the names of the secrets a step lists (its secrets: and its keychain's), never values; the agent fetches them with POST /api/v1/agent/jobs/{id}/secrets.",
  "properties": {
    "names": {"type": "array", "items": {"type": "string"}},
    "keychain": {"$ref": "#/components/schemas/KeychainSetup"}
  },
  "required": ["names"],
  "additionalProperties": false
}
"""##
}
