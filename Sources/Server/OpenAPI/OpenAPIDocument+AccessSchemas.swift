extension OpenAPIDocument {
    /// The `components.schemas` members for tokens, agents, registration tokens, repositories and the
    /// audit log; readable JSON, one member per line.
    ///
    /// Each follows the Swift type the server encodes (named in its description): absent
    /// optionals are omitted, never null, unless the schema says `null`; types the server
    /// fixes are closed with `additionalProperties: false`.
    static let accessSchemas = ##"""
"APIToken": {
  "type": "object",
  "properties": {
    "id": {"type": "string"},
    "name": {"type": "string"},
    "scopes": {"type": "array", "items": {"$ref": "#/components/schemas/TokenScope"}},
    "createdAt": {"type": "string", "format": "date-time"},
    "revokedAt": {"type": "string", "format": "date-time"}
  },
  "required": ["id", "name", "scopes", "createdAt"],
  "additionalProperties": false
},
"Agent": {
  "type": "object",
  "properties": {
    "id": {"type": "integer"},
    "name": {"type": "string"},
    "tags": {"type": "object", "additionalProperties": {"type": "string"}},
    "slots": {"type": "integer"},
    "hostname": {"type": "string"},
    "version": {"type": "string"},
    "state": {"type": "string"},
    "lastSeenAt": {"type": "string", "format": "date-time"},
    "createdAt": {"type": "string", "format": "date-time"},
    "runningJobs": {"type": "array", "items": {"type": "integer"}}
  },
  "required": ["id", "name", "tags", "slots", "state", "lastSeenAt", "createdAt", "runningJobs"],
  "additionalProperties": false
},
"AgentList": {
  "type": "object",
  "properties": {"agents": {"type": "array", "items": {"$ref": "#/components/schemas/Agent"}}},
  "required": ["agents"],
  "additionalProperties": false
},
"AgentRegistered": {
  "type": "object",
  "description": "Core.AgentRegistered.",
  "properties": {
    "agentID": {"type": "integer"},
    "token": {"type": "string", "description": "The agent token, `moa_…`, shown this once."},
    "leaseSeconds": {"type": "number", "description": "Seconds without a heartbeat after which a job is lost."}
  },
  "required": ["agentID", "token", "leaseSeconds"],
  "additionalProperties": false
},
"AgentRegistration": {
  "type": "object",
  "properties": {
    "name": {"type": "string", "minLength": 1, "maxLength": 100},
    "tags": {"type": "object", "additionalProperties": {"type": "string"}},
    "slots": {"type": "integer", "minimum": 1, "maximum": 64},
    "hostname": {"type": "string"},
    "version": {"type": "string"}
  },
  "required": ["name", "tags", "slots"],
  "additionalProperties": false
},
"AuditEvent": {
  "type": "object",
  "properties": {
    "id": {"type": "integer"},
    "occurredAt": {"type": "string", "format": "date-time"},
    "actor": {"type": "string"},
    "action": {"type": "string"},
    "subject": {"type": "string"},
    "detail": {"type": "string"}
  },
  "required": ["occurredAt", "actor", "action", "subject"],
  "additionalProperties": false
},
"AuditEvents": {
  "type": "object",
  "properties": {"events": {"type": "array", "items": {"$ref": "#/components/schemas/AuditEvent"}}},
  "required": ["events"],
  "additionalProperties": false
},
"CreatedRegistrationToken": {
  "type": "object",
  "properties": {
    "id": {"type": "string"},
    "name": {"type": "string"},
    "token": {"type": "string", "description": "`mor_…`, shown this once."},
    "createdAt": {"type": "string", "format": "date-time"}
  },
  "required": ["id", "name", "token", "createdAt"],
  "additionalProperties": false
},
"CreatedRepository": {
  "type": "object",
  "properties": {
    "id": {"type": "integer"},
    "name": {"type": "string"},
    "provider": {"$ref": "#/components/schemas/GitProvider"},
    "cloneURL": {"type": "string"},
    "defaultBranch": {"type": "string"},
    "createdAt": {"type": "string", "format": "date-time"},
    "webhookSecret": {"type": "string"}
  },
  "required": ["id", "name", "provider", "cloneURL", "defaultBranch", "createdAt", "webhookSecret"],
  "additionalProperties": false,
  "description": "A repository with its webhook secret, shown this once."
},
"CreatedToken": {
  "type": "object",
  "properties": {
    "token": {"type": "string", "description": "The value, shown this once."},
    "id": {"type": "string"},
    "name": {"type": "string"},
    "scopes": {"type": "array", "items": {"$ref": "#/components/schemas/TokenScope"}},
    "createdAt": {"type": "string", "format": "date-time"}
  },
  "required": ["token", "id", "name", "scopes", "createdAt"],
  "additionalProperties": false
},
"GitProvider": {"type": "string", "enum": ["github", "gitlab", "bitbucket"]},
"NewRegistrationToken": {
  "type": "object",
  "properties": {
    "name": {"type": "string", "minLength": 1, "maxLength": 100, "description": "1 to 100 characters."}
  },
  "required": ["name"],
  "additionalProperties": false
},
"NewToken": {
  "type": "object",
  "properties": {
    "name": {"type": "string", "minLength": 1, "maxLength": 100},
    "scopes": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/TokenScope"}}
  },
  "required": ["name", "scopes"],
  "additionalProperties": false
},
"RegistrationToken": {
  "type": "object",
  "description": "Store.RegistrationToken: a registration token without its value; `revokedAt` is absent while it is active.",
  "properties": {
    "id": {"type": "string"},
    "name": {"type": "string"},
    "createdAt": {"type": "string", "format": "date-time"},
    "revokedAt": {"type": "string", "format": "date-time"}
  },
  "required": ["id", "name", "createdAt"],
  "additionalProperties": false
},
"RegistrationTokenList": {
  "type": "object",
  "properties": {"tokens": {"type": "array", "items": {"$ref": "#/components/schemas/RegistrationToken"}}},
  "required": ["tokens"],
  "additionalProperties": false
},
"Repository": {
  "type": "object",
  "properties": {
    "id": {"type": "integer"},
    "name": {"type": "string"},
    "provider": {"$ref": "#/components/schemas/GitProvider"},
    "cloneURL": {"type": "string"},
    "defaultBranch": {"type": "string"},
    "createdAt": {"type": "string", "format": "date-time"}
  },
  "required": ["id", "name", "provider", "cloneURL", "defaultBranch", "createdAt"],
  "additionalProperties": false
},
"RepositoryDraft": {
  "type": "object",
  "properties": {
    "name": {"type": "string"},
    "provider": {"$ref": "#/components/schemas/GitProvider"},
    "cloneURL": {"type": "string"},
    "defaultBranch": {"type": "string"},
    "webhookSecret": {"type": "string"}
  },
  "required": ["name", "provider", "cloneURL"],
  "additionalProperties": false
},
"RepositoryList": {
  "type": "object",
  "properties": {"repositories": {"type": "array", "items": {"$ref": "#/components/schemas/Repository"}}},
  "required": ["repositories"],
  "additionalProperties": false
},
"Caller": {
  "type": "object",
  "properties": {
    "id": {"type": "string"},
    "name": {"type": "string"},
    "scopes": {"type": "array", "items": {"$ref": "#/components/schemas/TokenScope"}}
  },
  "required": ["id", "name", "scopes"],
  "additionalProperties": false
},
"TokenList": {
  "type": "object",
  "properties": {"tokens": {"type": "array", "items": {"$ref": "#/components/schemas/APIToken"}}},
  "required": ["tokens"],
  "additionalProperties": false
},
"TokenScope": {"type": "string", "enum": ["read", "write", "admin"]}
"""##
}
