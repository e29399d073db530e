/// The OpenAPI 3.1 document of the whole HTTP API, served at `GET /api/v1/openapi.json`.
///
/// This file is the document's one copy: edit the JSON below. It is a raw string literal, not
/// a SwiftPM resource, because the installed server must carry it with no bundle beside the
/// binary (release builds link the Swift runtime statically and the Docker image copies only
/// executables), and `.embedInCode` turns the ~130 KB file into a byte-array literal that took
/// 45 s to compile against 0.3 s for this string. `OpenAPITests` checks that it parses, that
/// it lists exactly the router's routes, and that real responses match its schemas.
enum OpenAPIDocument {
    /// The document's JSON text.
    static let json = ##"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "MobileOps HTTP API",
    "version": "1",
    "description": "Every route the server answers. Errors share one shape (`Error`); an unknown path is 404 and a known path with the wrong method 405 with `Allow`. Each operation's `x-mobile-ops-scope` is the scope its token needs: read < write < admin (each includes the ones before), `agent` for agent tokens, `signature` for webhook deliveries, `none` for public endpoints. Kept in step with the router by Tests/ServerTests/OpenAPITests.swift. Human guide: docs/api.md."
  },
  "servers": [
    {
      "url": "/"
    }
  ],
  "tags": [
    {
      "name": "server"
    },
    {
      "name": "repositories"
    },
    {
      "name": "tokens"
    },
    {
      "name": "webhooks"
    },
    {
      "name": "builds"
    },
    {
      "name": "agents"
    },
    {
      "name": "agent-protocol"
    },
    {
      "name": "impact"
    },
    {
      "name": "metrics"
    },
    {
      "name": "dashboard"
    },
    {
      "name": "releases"
    }
  ],
  "paths": {
    "/": {
      "get": {
        "operationId": "get",
        "summary": "The dashboard page",
        "tags": [
          "dashboard"
        ],
        "x-mobile-ops-scope": "none",
        "security": [],
        "responses": {
          "200": {
            "description": "HTML; the page asks for a read token and calls the API itself.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agent/jobs/next": {
      "post": {
        "operationId": "postAgentJobsNext",
        "summary": "Long-poll for a job",
        "tags": [
          "agent-protocol"
        ],
        "x-mobile-ops-scope": "agent",
        "security": [
          {
            "agentToken": []
          }
        ],
        "parameters": [
          {
            "name": "wait",
            "in": "query",
            "required": false,
            "schema": {
              "type": "number"
            },
            "description": "Seconds to wait, at most the server's poll time."
          }
        ],
        "responses": {
          "200": {
            "description": "A job for this agent.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/JobAssignment"
                }
              }
            }
          },
          "204": {
            "description": "No job within the wait."
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agent/jobs/{id}/artifacts": {
      "put": {
        "operationId": "putAgentJobsIdArtifacts",
        "summary": "Upload an artifact (streamed to disk)",
        "tags": [
          "agent-protocol"
        ],
        "x-mobile-ops-scope": "agent",
        "security": [
          {
            "agentToken": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          },
          {
            "name": "path",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "The artifact's relative path."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/octet-stream": {
              "schema": {
                "type": "string",
                "contentEncoding": "binary"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Stored.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Artifact"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agent/jobs/{id}/checkout": {
      "post": {
        "operationId": "postAgentJobsIdCheckout",
        "summary": "Report the checked-out commit",
        "tags": [
          "agent-protocol"
        ],
        "x-mobile-ops-scope": "agent",
        "security": [
          {
            "agentToken": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CheckoutReport"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Recorded"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agent/jobs/{id}/finish": {
      "post": {
        "operationId": "postAgentJobsIdFinish",
        "summary": "Report a job's outcome",
        "tags": [
          "agent-protocol"
        ],
        "x-mobile-ops-scope": "agent",
        "security": [
          {
            "agentToken": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/JobOutcome"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Finished"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agent/jobs/{id}/heartbeat": {
      "post": {
        "operationId": "postAgentJobsIdHeartbeat",
        "summary": "Extend the job's lease",
        "tags": [
          "agent-protocol"
        ],
        "x-mobile-ops-scope": "agent",
        "security": [
          {
            "agentToken": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/AgentDirective"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agent/jobs/{id}/impact": {
      "post": {
        "operationId": "postAgentJobsIdImpact",
        "summary": "Report what a ui_tests job ran and skipped",
        "tags": [
          "agent-protocol"
        ],
        "x-mobile-ops-scope": "agent",
        "security": [
          {
            "agentToken": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/Document"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Recorded.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Recorded"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agent/jobs/{id}/log": {
      "post": {
        "operationId": "postAgentJobsIdLog",
        "summary": "Append a log chunk",
        "tags": [
          "agent-protocol"
        ],
        "x-mobile-ops-scope": "agent",
        "security": [
          {
            "agentToken": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          },
          {
            "name": "X-Log-Sequence",
            "in": "header",
            "required": true,
            "schema": {
              "type": "integer",
              "minimum": 0
            },
            "description": "The chunk's sequence number."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/octet-stream": {
              "schema": {
                "type": "string",
                "contentEncoding": "binary"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/AgentDirective"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agent/jobs/{id}/metrics": {
      "post": {
        "operationId": "postAgentJobsIdMetrics",
        "summary": "Submit the job's build report",
        "tags": [
          "agent-protocol"
        ],
        "x-mobile-ops-scope": "agent",
        "security": [
          {
            "agentToken": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/BuildReport"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "A repeat of a stored report.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/StoredBuildReport"
                }
              }
            }
          },
          "201": {
            "description": "Stored.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/StoredBuildReport"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agent/jobs/{id}/start": {
      "post": {
        "operationId": "postAgentJobsIdStart",
        "summary": "Start an assigned job",
        "tags": [
          "agent-protocol"
        ],
        "x-mobile-ops-scope": "agent",
        "security": [
          {
            "agentToken": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/AgentDirective"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agents": {
      "get": {
        "operationId": "getAgents",
        "summary": "Agents with tags, state and current jobs",
        "tags": [
          "agents"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/AgentList"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agents/register": {
      "post": {
        "operationId": "postAgentsRegister",
        "summary": "Trade a registration token for an agent token",
        "tags": [
          "agent-protocol"
        ],
        "x-mobile-ops-scope": "agent",
        "security": [
          {
            "registrationToken": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/AgentRegistration"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Registered.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/AgentRegistered"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agents/tokens": {
      "post": {
        "operationId": "postAgentsTokens",
        "summary": "Create a registration token",
        "tags": [
          "agents"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NewRegistrationToken"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Created; the value is shown once.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CreatedRegistrationToken"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      },
      "get": {
        "operationId": "getAgentsTokens",
        "summary": "Registration tokens",
        "tags": [
          "agents"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RegistrationTokenList"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agents/tokens/{id}": {
      "delete": {
        "operationId": "deleteAgentsTokensId",
        "summary": "Revoke a registration token; its agents are disconnected",
        "tags": [
          "agents"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The revoked token.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "additionalProperties": true
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/agents/{id}": {
      "delete": {
        "operationId": "deleteAgentsId",
        "summary": "Remove an offline or revoked agent",
        "tags": [
          "agents"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The removed agent.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Agent"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/artifacts/{id}": {
      "get": {
        "operationId": "getArtifactsId",
        "summary": "Download an artifact",
        "tags": [
          "builds"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The file, with `X-Artifact-SHA256`.",
            "headers": {
              "X-Artifact-SHA256": {
                "schema": {
                  "type": "string"
                }
              }
            },
            "content": {
              "application/octet-stream": {
                "schema": {
                  "type": "string",
                  "contentEncoding": "binary"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/audit": {
      "get": {
        "operationId": "getAudit",
        "summary": "Newest audit events",
        "tags": [
          "server"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 1000
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/AuditEvents"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/builds": {
      "get": {
        "operationId": "getBuilds",
        "summary": "Builds, newest first",
        "tags": [
          "builds"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "repository",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "Id or full name."
          },
          {
            "name": "branch",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "status",
            "in": "query",
            "required": false,
            "schema": {
              "$ref": "#/components/schemas/BuildState"
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 200
            }
          },
          {
            "name": "cursor",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer"
            },
            "description": "A build id: builds before it."
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/BuildPage"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      },
      "post": {
        "operationId": "postBuilds",
        "summary": "Start a build",
        "tags": [
          "builds"
        ],
        "x-mobile-ops-scope": "write",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/TriggerRequest"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Created.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Build"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/builds/{id}": {
      "get": {
        "operationId": "getBuildsId",
        "summary": "A build with its jobs and times",
        "tags": [
          "builds"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/BuildWithTimes"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/builds/{id}/cancel": {
      "post": {
        "operationId": "postBuildsIdCancel",
        "summary": "Cancel a build",
        "tags": [
          "builds"
        ],
        "x-mobile-ops-scope": "write",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Build"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/builds/{id}/impact": {
      "get": {
        "operationId": "getBuildsIdImpact",
        "summary": "What each ui_tests job ran and skipped",
        "tags": [
          "builds"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "properties": {
                    "jobs": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "additionalProperties": true
                      }
                    }
                  },
                  "required": [
                    "jobs"
                  ],
                  "additionalProperties": false
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/builds/{id}/retry": {
      "post": {
        "operationId": "postBuildsIdRetry",
        "summary": "Run a build again as a new build",
        "tags": [
          "builds"
        ],
        "x-mobile-ops-scope": "write",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "201": {
            "description": "Created.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Build"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/builds/{id}/tests": {
      "get": {
        "operationId": "getBuildsIdTests",
        "summary": "Each job's test results",
        "tags": [
          "builds"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          },
          {
            "name": "failed",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "true",
                "false",
                "1",
                "0"
              ]
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/dashboard": {
      "get": {
        "operationId": "getDashboard",
        "summary": "The dashboard's data as one document",
        "tags": [
          "dashboard"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/impact": {
      "post": {
        "operationId": "postImpact",
        "summary": "Impact analysis: selected and skipped suites with reasons",
        "tags": [
          "impact"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "properties": {
                  "graph": {
                    "type": "object",
                    "additionalProperties": true
                  },
                  "repository": {
                    "type": "string"
                  },
                  "changedFiles": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "base": {
                    "type": "string"
                  },
                  "head": {
                    "type": "string"
                  },
                  "runAll": {
                    "type": "boolean"
                  },
                  "project": {
                    "type": "string"
                  },
                  "kind": {
                    "type": "string"
                  }
                },
                "additionalProperties": true
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/jobs/{id}": {
      "get": {
        "operationId": "getJobsId",
        "summary": "A job",
        "tags": [
          "builds"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Job"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/jobs/{id}/artifacts": {
      "get": {
        "operationId": "getJobsIdArtifacts",
        "summary": "A job's artifacts",
        "tags": [
          "builds"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ArtifactList"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/jobs/{id}/log": {
      "get": {
        "operationId": "getJobsIdLog",
        "summary": "A job's log as text",
        "tags": [
          "builds"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          },
          {
            "name": "follow",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "true",
                "false"
              ]
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The log; with `follow=true` streamed until the job ends.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/metrics/builds": {
      "post": {
        "operationId": "postMetricsBuilds",
        "summary": "Store a build report from another CI",
        "tags": [
          "metrics"
        ],
        "x-mobile-ops-scope": "write",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "waitedOn",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "true",
                "false"
              ]
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/BuildReport"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "A repeat of a stored report.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/StoredBuildReport"
                }
              }
            }
          },
          "201": {
            "description": "Stored.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/StoredBuildReport"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/metrics/cache": {
      "get": {
        "operationId": "getMetricsCache",
        "summary": "Cache hit and avoidance rates, trend, most-missed tasks",
        "tags": [
          "metrics"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "window",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "Days or weeks like `7d` or `4w`; default `7d`."
          },
          {
            "name": "repository",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "pipeline",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "branch",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "platform",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "groupBy",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "speedup",
            "in": "query",
            "required": false,
            "schema": {
              "type": "number"
            },
            "description": "A percentage above 0, at most 100."
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/metrics/regressions": {
      "get": {
        "operationId": "getMetricsRegressions",
        "summary": "Build-time and cache regressions",
        "tags": [
          "metrics"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "open",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "true",
                "false",
                "1",
                "0"
              ]
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "properties": {
                    "regressions": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "additionalProperties": true
                      }
                    }
                  },
                  "required": [
                    "regressions"
                  ],
                  "additionalProperties": false
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/metrics/summary": {
      "get": {
        "operationId": "getMetricsSummary",
        "summary": "Counts, success rate and percentiles against the previous window",
        "tags": [
          "metrics"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "window",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "Days or weeks like `7d` or `4w`; default `7d`."
          },
          {
            "name": "repository",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "pipeline",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "branch",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "platform",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "groupBy",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "speedup",
            "in": "query",
            "required": false,
            "schema": {
              "type": "number"
            },
            "description": "A percentage above 0, at most 100."
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/MetricsSummary"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/metrics/tests/flaky": {
      "get": {
        "operationId": "getMetricsTestsFlaky",
        "summary": "Flakiest tests",
        "tags": [
          "metrics"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "window",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "Days or weeks like `7d` or `4w`; default `7d`."
          },
          {
            "name": "repository",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 500
            }
          },
          {
            "name": "minRuns",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 1000
            }
          },
          {
            "name": "minChangePercent",
            "in": "query",
            "required": false,
            "schema": {
              "type": "number"
            }
          },
          {
            "name": "minChangeSeconds",
            "in": "query",
            "required": false,
            "schema": {
              "type": "number"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/metrics/tests/regressed": {
      "get": {
        "operationId": "getMetricsTestsRegressed",
        "summary": "Tests whose median duration grew",
        "tags": [
          "metrics"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "window",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "Days or weeks like `7d` or `4w`; default `7d`."
          },
          {
            "name": "repository",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 500
            }
          },
          {
            "name": "minRuns",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 1000
            }
          },
          {
            "name": "minChangePercent",
            "in": "query",
            "required": false,
            "schema": {
              "type": "number"
            }
          },
          {
            "name": "minChangeSeconds",
            "in": "query",
            "required": false,
            "schema": {
              "type": "number"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/metrics/tests/slowest": {
      "get": {
        "operationId": "getMetricsTestsSlowest",
        "summary": "Slowest tests",
        "tags": [
          "metrics"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "window",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "Days or weeks like `7d` or `4w`; default `7d`."
          },
          {
            "name": "repository",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 500
            }
          },
          {
            "name": "minRuns",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 1000
            }
          },
          {
            "name": "minChangePercent",
            "in": "query",
            "required": false,
            "schema": {
              "type": "number"
            }
          },
          {
            "name": "minChangeSeconds",
            "in": "query",
            "required": false,
            "schema": {
              "type": "number"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/openapi.json": {
      "get": {
        "operationId": "getOpenapiJson",
        "summary": "This document",
        "tags": [
          "server"
        ],
        "x-mobile-ops-scope": "none",
        "security": [],
        "responses": {
          "200": {
            "description": "The OpenAPI 3.1 document of this API.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "additionalProperties": true
                }
              }
            }
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/outbox": {
      "get": {
        "operationId": "getOutbox",
        "summary": "Commit-status and team-webhook backlog",
        "tags": [
          "webhooks"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 500
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/OutboxStatus"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/pipelines": {
      "get": {
        "operationId": "getPipelines",
        "summary": "Loaded pipelines and the last load's problems",
        "tags": [
          "builds"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PipelineListing"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/pipelines/reload": {
      "post": {
        "operationId": "postPipelinesReload",
        "summary": "Re-read the pipelines folder",
        "tags": [
          "builds"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PipelineListing"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/releases": {
      "get": {
        "operationId": "getReleases",
        "summary": "Releases, newest first",
        "tags": [
          "releases"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "train",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "Train id or name."
          },
          {
            "name": "state",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 500
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ReleaseList"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      },
      "post": {
        "operationId": "postReleases",
        "summary": "Start a release now",
        "tags": [
          "releases"
        ],
        "x-mobile-ops-scope": "write",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/StartRelease"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Created.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Release"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/releases/{id}": {
      "get": {
        "operationId": "getReleasesId",
        "summary": "A release with its events",
        "tags": [
          "releases"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Release"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/releases/{id}/notes": {
      "get": {
        "operationId": "getReleasesIdNotes",
        "summary": "Release notes since the previous released version",
        "tags": [
          "releases"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          },
          {
            "name": "format",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "markdown"
              ]
            }
          }
        ],
        "responses": {
          "200": {
            "description": "JSON, or Markdown with `format=markdown`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              },
              "text/markdown": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/releases/{id}/{action}": {
      "post": {
        "operationId": "postReleasesIdAction",
        "summary": "Act on a release",
        "tags": [
          "releases"
        ],
        "x-mobile-ops-scope": "write",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "action",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string",
              "enum": [
                "approve",
                "advance",
                "halt",
                "resume",
                "hotfix",
                "cancel",
                "health",
                "store"
              ]
            }
          },
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ReleaseActionBody"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The release after the action (`health`: `{results, halted, release}`).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Release"
                }
              }
            }
          },
          "201": {
            "description": "`hotfix`: the new hotfix release.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Release"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "description": "The state does not allow the action; `error.allowed` lists the actions it does.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/repositories": {
      "post": {
        "operationId": "postRepositories",
        "summary": "Register a repository",
        "tags": [
          "repositories"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RepositoryDraft"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Created; the webhook secret is shown once.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CreatedRepository"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      },
      "get": {
        "operationId": "getRepositories",
        "summary": "All repositories, without secrets",
        "tags": [
          "repositories"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RepositoryList"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/repositories/{id}": {
      "get": {
        "operationId": "getRepositoriesId",
        "summary": "One repository",
        "tags": [
          "repositories"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Repository"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      },
      "delete": {
        "operationId": "deleteRepositoriesId",
        "summary": "Remove a repository (its builds keep their history)",
        "tags": [
          "repositories"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The removed repository.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Repository"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/repositories/{id}/rotate-secret": {
      "post": {
        "operationId": "postRepositoriesIdRotateSecret",
        "summary": "A new webhook secret, shown once",
        "tags": [
          "repositories"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CreatedRepository"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/system/graph": {
      "get": {
        "operationId": "getSystemGraph",
        "summary": "The server's service graph",
        "tags": [
          "server"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "format",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "json",
                "dot"
              ]
            }
          }
        ],
        "responses": {
          "200": {
            "description": "JSON (default) or Graphviz DOT.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              },
              "text/vnd.graphviz": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/tokens": {
      "post": {
        "operationId": "postTokens",
        "summary": "Issue an API token",
        "tags": [
          "tokens"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NewToken"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Created; the value is shown once.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CreatedToken"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      },
      "get": {
        "operationId": "getTokens",
        "summary": "API tokens without their values",
        "tags": [
          "tokens"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/TokenList"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/tokens/{id}": {
      "delete": {
        "operationId": "deleteTokensId",
        "summary": "Revoke an API token",
        "tags": [
          "tokens"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The revoked token.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/APIToken"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/trains": {
      "get": {
        "operationId": "getTrains",
        "summary": "Trains with their definitions and next cadence start",
        "tags": [
          "releases"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/TrainList"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      },
      "post": {
        "operationId": "postTrains",
        "summary": "Define or replace a train",
        "tags": [
          "releases"
        ],
        "x-mobile-ops-scope": "admin",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/yaml": {
              "schema": {
                "type": "string"
              }
            },
            "application/json": {
              "schema": {
                "type": "object",
                "additionalProperties": true
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Created or replaced.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Train"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/trains/{id}": {
      "get": {
        "operationId": "getTrainsId",
        "summary": "One train, by id or name",
        "tags": [
          "releases"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Train"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/api/v1/webhooks/bitbucket": {
      "post": {
        "operationId": "postWebhooksBitbucket",
        "summary": "A bitbucket webhook delivery",
        "tags": [
          "webhooks"
        ],
        "x-mobile-ops-scope": "signature",
        "security": [
          {
            "bitbucketSignature": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/Document"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Accepted; the body says what the delivery did (docs/webhooks.md).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "202": {
            "description": "Accepted for later processing.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "401": {
            "description": "A missing or wrong signature (no `WWW-Authenticate`).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/api/v1/webhooks/github": {
      "post": {
        "operationId": "postWebhooksGithub",
        "summary": "A github webhook delivery",
        "tags": [
          "webhooks"
        ],
        "x-mobile-ops-scope": "signature",
        "security": [
          {
            "githubSignature": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/Document"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Accepted; the body says what the delivery did (docs/webhooks.md).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "202": {
            "description": "Accepted for later processing.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "401": {
            "description": "A missing or wrong signature (no `WWW-Authenticate`).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/api/v1/webhooks/gitlab": {
      "post": {
        "operationId": "postWebhooksGitlab",
        "summary": "A gitlab webhook delivery",
        "tags": [
          "webhooks"
        ],
        "x-mobile-ops-scope": "signature",
        "security": [
          {
            "gitlabToken": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/Document"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Accepted; the body says what the delivery did (docs/webhooks.md).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "202": {
            "description": "Accepted for later processing.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "401": {
            "description": "A missing or wrong signature (no `WWW-Authenticate`).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/builds/{id}": {
      "get": {
        "operationId": "getBuildsId",
        "summary": "A build's page",
        "tags": [
          "dashboard"
        ],
        "x-mobile-ops-scope": "none",
        "security": [],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "HTML; the page asks for a read token and calls the API itself.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/feed.json": {
      "get": {
        "operationId": "getFeedJson",
        "summary": "JSON Feed of notable events (read token as a header or `?token=`)",
        "tags": [
          "dashboard"
        ],
        "x-mobile-ops-scope": "read",
        "security": [
          {
            "bearerAuth": []
          },
          {
            "feedToken": []
          }
        ],
        "parameters": [
          {
            "name": "token",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "A read token, for feed readers that cannot send a header."
          }
        ],
        "responses": {
          "200": {
            "description": "A JSON Feed 1.1 document.",
            "content": {
              "application/feed+json": {
                "schema": {
                  "$ref": "#/components/schemas/Document"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        },
        "description": "Registered without a route scope: the handler checks the read token itself, so it can also come as `?token=`."
      }
    },
    "/healthz": {
      "get": {
        "operationId": "getHealthz",
        "summary": "Liveness and version",
        "tags": [
          "server"
        ],
        "x-mobile-ops-scope": "none",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Health"
                }
              }
            }
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/metrics": {
      "get": {
        "operationId": "getMetrics",
        "summary": "Prometheus metrics",
        "tags": [
          "server"
        ],
        "x-mobile-ops-scope": "none",
        "security": [],
        "responses": {
          "200": {
            "description": "Prometheus text exposition format 0.0.4.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/readyz": {
      "get": {
        "operationId": "getReadyz",
        "summary": "Readiness: the database answers",
        "tags": [
          "server"
        ],
        "x-mobile-ops-scope": "none",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Readiness"
                }
              }
            }
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "description": "Not ready; `reason` says why.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Readiness"
                }
              }
            }
          }
        }
      }
    }
  },
  "components": {
    "schemas": {
      "APIToken": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string"
          },
          "name": {
            "type": "string"
          },
          "scopes": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/TokenScope"
            }
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "revokedAt": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "id",
          "name",
          "scopes",
          "createdAt"
        ],
        "additionalProperties": false
      },
      "Agent": {
        "type": "object",
        "properties": {
          "id": {
            "type": "integer"
          },
          "name": {
            "type": "string"
          },
          "tags": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "slots": {
            "type": "integer"
          },
          "hostname": {
            "type": "string"
          },
          "version": {
            "type": "string"
          },
          "state": {
            "type": "string"
          },
          "lastSeenAt": {
            "type": "string",
            "format": "date-time"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "runningJobs": {
            "type": "array",
            "items": {
              "type": "integer"
            }
          }
        },
        "required": [
          "id",
          "name",
          "tags",
          "slots",
          "state",
          "lastSeenAt",
          "createdAt",
          "runningJobs"
        ],
        "additionalProperties": false
      },
      "AgentDirective": {
        "type": "object",
        "properties": {
          "cancel": {
            "type": "boolean",
            "description": "Stop the job: the build was canceled or the job reassigned."
          }
        },
        "required": [
          "cancel"
        ],
        "additionalProperties": true
      },
      "AgentList": {
        "type": "object",
        "properties": {
          "agents": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Agent"
            }
          }
        },
        "required": [
          "agents"
        ],
        "additionalProperties": false
      },
      "AgentRegistered": {
        "type": "object",
        "properties": {
          "agentID": {
            "type": "integer"
          },
          "token": {
            "type": "string",
            "description": "The agent token, `moa_…`."
          },
          "leaseSeconds": {
            "type": "number"
          }
        },
        "required": [
          "agentID",
          "token",
          "leaseSeconds"
        ],
        "additionalProperties": true
      },
      "AgentRegistration": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string"
          },
          "tags": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "slots": {
            "type": "integer"
          },
          "hostname": {
            "type": "string"
          },
          "version": {
            "type": "string"
          }
        },
        "required": [
          "name",
          "tags",
          "slots"
        ],
        "additionalProperties": false
      },
      "Artifact": {
        "type": "object",
        "properties": {
          "id": {
            "type": "integer"
          },
          "jobID": {
            "type": "integer"
          },
          "path": {
            "type": "string"
          },
          "size": {
            "type": "integer"
          },
          "sha256": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "id",
          "jobID",
          "path",
          "size",
          "sha256",
          "createdAt"
        ],
        "additionalProperties": false
      },
      "ArtifactList": {
        "type": "object",
        "properties": {
          "artifacts": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Artifact"
            }
          }
        },
        "required": [
          "artifacts"
        ],
        "additionalProperties": false
      },
      "AuditEvent": {
        "type": "object",
        "properties": {
          "id": {
            "type": "integer"
          },
          "occurredAt": {
            "type": "string",
            "format": "date-time"
          },
          "actor": {
            "type": "string"
          },
          "action": {
            "type": "string"
          },
          "subject": {
            "type": "string"
          },
          "detail": {
            "type": "string"
          }
        },
        "required": [
          "occurredAt",
          "actor",
          "action",
          "subject"
        ],
        "additionalProperties": false
      },
      "AuditEvents": {
        "type": "object",
        "properties": {
          "events": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/AuditEvent"
            }
          }
        },
        "required": [
          "events"
        ],
        "additionalProperties": false
      },
      "Build": {
        "type": "object",
        "properties": {
          "id": {
            "type": "integer"
          },
          "repositoryID": {
            "type": "integer"
          },
          "number": {
            "type": "integer"
          },
          "pipeline": {
            "type": "string"
          },
          "state": {
            "$ref": "#/components/schemas/BuildState"
          },
          "trigger": {
            "type": "string"
          },
          "branch": {
            "type": "string"
          },
          "tag": {
            "type": "string"
          },
          "commitSHA": {
            "type": "string"
          },
          "pullRequest": {
            "type": "integer"
          },
          "message": {
            "type": "string"
          },
          "author": {
            "type": "string"
          },
          "concurrencyGroup": {
            "type": "string"
          },
          "priority": {
            "type": "integer"
          },
          "cancelReason": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "startedAt": {
            "type": "string",
            "format": "date-time"
          },
          "finishedAt": {
            "type": "string",
            "format": "date-time"
          },
          "jobs": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Job"
            }
          }
        },
        "required": [
          "id",
          "number",
          "pipeline",
          "state",
          "trigger",
          "commitSHA",
          "priority",
          "createdAt"
        ],
        "additionalProperties": false,
        "description": "Absent optional fields are omitted, never null."
      },
      "BuildPage": {
        "type": "object",
        "properties": {
          "builds": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Build"
            }
          },
          "nextCursor": {
            "type": "string",
            "description": "Pass as `cursor` for the next page; absent on the last."
          }
        },
        "required": [
          "builds"
        ],
        "additionalProperties": false
      },
      "BuildReport": {
        "type": "object",
        "additionalProperties": true,
        "description": "A build report (docs/build-metrics.md): dimensions, timings, tasks, cache use."
      },
      "BuildState": {
        "type": "string",
        "enum": [
          "pending",
          "running",
          "passed",
          "failed",
          "canceled"
        ]
      },
      "BuildWithTimes": {
        "type": "object",
        "properties": {
          "id": {
            "type": "integer"
          },
          "repositoryID": {
            "type": "integer"
          },
          "number": {
            "type": "integer"
          },
          "pipeline": {
            "type": "string"
          },
          "state": {
            "$ref": "#/components/schemas/BuildState"
          },
          "trigger": {
            "type": "string"
          },
          "branch": {
            "type": "string"
          },
          "tag": {
            "type": "string"
          },
          "commitSHA": {
            "type": "string"
          },
          "pullRequest": {
            "type": "integer"
          },
          "message": {
            "type": "string"
          },
          "author": {
            "type": "string"
          },
          "concurrencyGroup": {
            "type": "string"
          },
          "priority": {
            "type": "integer"
          },
          "cancelReason": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "startedAt": {
            "type": "string",
            "format": "date-time"
          },
          "finishedAt": {
            "type": "string",
            "format": "date-time"
          },
          "jobs": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Job"
            }
          },
          "times": {
            "type": "object",
            "properties": {
              "queueSeconds": {
                "type": "number"
              },
              "runSeconds": {
                "type": "number"
              },
              "totalSeconds": {
                "type": "number"
              }
            },
            "additionalProperties": true
          }
        },
        "required": [
          "id",
          "number",
          "pipeline",
          "state",
          "trigger",
          "commitSHA",
          "priority",
          "createdAt"
        ],
        "additionalProperties": false,
        "description": "A build with `times`; absent optional fields are omitted, never null."
      },
      "CheckoutReport": {
        "type": "object",
        "properties": {
          "commitSHA": {
            "type": "string",
            "description": "40 or 64 lowercase hex digits."
          }
        },
        "required": [
          "commitSHA"
        ],
        "additionalProperties": false
      },
      "CheckoutTarget": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string"
          },
          "cloneURL": {
            "type": "string"
          },
          "commitSHA": {
            "type": "string"
          },
          "branch": {
            "type": "string"
          }
        },
        "required": [
          "name",
          "cloneURL",
          "commitSHA"
        ],
        "additionalProperties": false
      },
      "CreatedRegistrationToken": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string"
          },
          "name": {
            "type": "string"
          },
          "token": {
            "type": "string",
            "description": "`mor_…`, shown this once."
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "id",
          "name",
          "token",
          "createdAt"
        ],
        "additionalProperties": false
      },
      "CreatedRepository": {
        "type": "object",
        "properties": {
          "id": {
            "type": "integer"
          },
          "name": {
            "type": "string"
          },
          "provider": {
            "$ref": "#/components/schemas/GitProvider"
          },
          "cloneURL": {
            "type": "string"
          },
          "defaultBranch": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "webhookSecret": {
            "type": "string"
          }
        },
        "required": [
          "id",
          "name",
          "provider",
          "cloneURL",
          "defaultBranch",
          "createdAt",
          "webhookSecret"
        ],
        "additionalProperties": false,
        "description": "A repository with its webhook secret, shown this once."
      },
      "CreatedToken": {
        "type": "object",
        "properties": {
          "token": {
            "type": "string",
            "description": "The value, shown this once."
          },
          "id": {
            "type": "string"
          },
          "name": {
            "type": "string"
          },
          "scopes": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/TokenScope"
            }
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "token",
          "id",
          "name",
          "scopes",
          "createdAt"
        ],
        "additionalProperties": false
      },
      "Document": {
        "type": "object",
        "additionalProperties": true,
        "description": "A JSON document whose fields are described in the linked guide rather than here."
      },
      "Error": {
        "type": "object",
        "properties": {
          "error": {
            "type": "object",
            "properties": {
              "code": {
                "type": "string",
                "description": "Stable snake_case code a script can branch on."
              },
              "message": {
                "type": "string",
                "description": "What went wrong and what to do about it."
              },
              "allowed": {
                "type": "array",
                "items": {
                  "type": "string"
                },
                "description": "Only on a refused release action: the actions its state allows."
              }
            },
            "required": [
              "code",
              "message"
            ],
            "additionalProperties": false
          }
        },
        "required": [
          "error"
        ],
        "additionalProperties": false,
        "description": "The one error shape of every endpoint."
      },
      "Finished": {
        "type": "object",
        "properties": {
          "finished": {
            "type": "boolean"
          }
        },
        "required": [
          "finished"
        ],
        "additionalProperties": false
      },
      "GitProvider": {
        "type": "string",
        "enum": [
          "github",
          "gitlab",
          "bitbucket"
        ]
      },
      "Health": {
        "type": "object",
        "properties": {
          "status": {
            "type": "string",
            "enum": [
              "ok"
            ]
          },
          "version": {
            "type": "string"
          }
        },
        "required": [
          "status",
          "version"
        ],
        "additionalProperties": false
      },
      "Job": {
        "type": "object",
        "properties": {
          "id": {
            "type": "integer"
          },
          "buildID": {
            "type": "integer"
          },
          "stepKey": {
            "type": "string"
          },
          "label": {
            "type": "string"
          },
          "shardIndex": {
            "type": "integer"
          },
          "shardCount": {
            "type": "integer"
          },
          "attempt": {
            "type": "integer"
          },
          "state": {
            "$ref": "#/components/schemas/JobState"
          },
          "pendingReason": {
            "type": "string"
          },
          "agentID": {
            "type": "integer"
          },
          "exitStatus": {
            "type": "integer"
          },
          "supersededBy": {
            "type": "integer"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "startedAt": {
            "type": "string",
            "format": "date-time"
          },
          "finishedAt": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "id",
          "buildID",
          "stepKey",
          "label",
          "shardIndex",
          "shardCount",
          "attempt",
          "state",
          "createdAt"
        ],
        "additionalProperties": false
      },
      "JobAssignment": {
        "type": "object",
        "properties": {
          "jobID": {
            "type": "integer"
          },
          "buildID": {
            "type": "integer"
          },
          "buildNumber": {
            "type": "integer"
          },
          "pipeline": {
            "type": "string"
          },
          "stepKey": {
            "type": "string"
          },
          "label": {
            "type": "string"
          },
          "attempt": {
            "type": "integer"
          },
          "repository": {
            "$ref": "#/components/schemas/CheckoutTarget"
          },
          "spec": {
            "type": "object",
            "additionalProperties": true,
            "description": "The step to run (commands, env, timeouts, caches…); see JobSpec in Sources/Core."
          },
          "leaseSeconds": {
            "type": "number"
          }
        },
        "required": [
          "jobID",
          "buildID",
          "buildNumber",
          "pipeline",
          "stepKey",
          "label",
          "attempt",
          "spec",
          "leaseSeconds"
        ],
        "additionalProperties": true
      },
      "JobOutcome": {
        "type": "object",
        "properties": {
          "state": {
            "$ref": "#/components/schemas/JobState"
          },
          "exitStatus": {
            "type": "integer"
          },
          "commandDurations": {
            "type": "array",
            "items": {
              "type": "number"
            }
          }
        },
        "required": [
          "state",
          "commandDurations"
        ],
        "additionalProperties": true
      },
      "JobState": {
        "type": "string",
        "enum": [
          "pending",
          "assigned",
          "running",
          "passed",
          "failed",
          "canceled",
          "timed_out",
          "lost"
        ]
      },
      "MetricsSummary": {
        "type": "object",
        "properties": {
          "window": {
            "$ref": "#/components/schemas/MetricsWindow"
          },
          "previousWindow": {
            "$ref": "#/components/schemas/MetricsWindow"
          },
          "groupBy": {
            "type": "string"
          },
          "groups": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "key": {
                  "type": "string"
                },
                "current": {
                  "type": "object",
                  "additionalProperties": true
                },
                "previous": {
                  "type": "object",
                  "additionalProperties": true
                },
                "change": {
                  "type": "object",
                  "additionalProperties": true
                }
              },
              "required": [
                "current",
                "previous",
                "change"
              ],
              "additionalProperties": true
            }
          },
          "waiting": {
            "type": "object",
            "additionalProperties": true
          },
          "percentileMethod": {
            "type": "string"
          }
        },
        "required": [
          "window",
          "previousWindow",
          "groups",
          "waiting",
          "percentileMethod"
        ],
        "additionalProperties": true
      },
      "MetricsWindow": {
        "type": "object",
        "properties": {
          "start": {
            "type": "string",
            "format": "date-time"
          },
          "end": {
            "type": "string",
            "format": "date-time"
          },
          "days": {
            "type": "integer"
          }
        },
        "required": [
          "start",
          "end",
          "days"
        ],
        "additionalProperties": false
      },
      "NewRegistrationToken": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string",
            "description": "1 to 100 characters."
          }
        },
        "required": [
          "name"
        ],
        "additionalProperties": false
      },
      "NewToken": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string"
          },
          "scopes": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/TokenScope"
            }
          }
        },
        "required": [
          "name",
          "scopes"
        ],
        "additionalProperties": false
      },
      "OutboxStatus": {
        "type": "object",
        "properties": {
          "pending": {
            "type": "integer"
          },
          "due": {
            "type": "integer"
          },
          "dead": {
            "type": "integer"
          },
          "oldestPendingAt": {
            "type": "string",
            "format": "date-time"
          },
          "deadMessages": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "id": {
                  "type": "integer"
                },
                "kind": {
                  "type": "string"
                },
                "attempts": {
                  "type": "integer"
                },
                "lastError": {
                  "type": "string"
                },
                "createdAt": {
                  "type": "string",
                  "format": "date-time"
                }
              },
              "required": [
                "id",
                "kind",
                "attempts",
                "createdAt"
              ],
              "additionalProperties": false
            }
          }
        },
        "required": [
          "pending",
          "due",
          "dead",
          "deadMessages"
        ],
        "additionalProperties": false
      },
      "PipelineListing": {
        "type": "object",
        "properties": {
          "pipelines": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "name": {
                  "type": "string"
                },
                "file": {
                  "type": "string"
                },
                "steps": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "priority": {
                  "type": "integer"
                },
                "served": {
                  "type": "string",
                  "enum": [
                    "current",
                    "last_good"
                  ]
                }
              },
              "required": [
                "name",
                "file",
                "steps",
                "priority",
                "served"
              ],
              "additionalProperties": true
            }
          },
          "diagnostics": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "The last load's problems as `file:line:column: message`."
          }
        },
        "required": [
          "pipelines",
          "diagnostics"
        ],
        "additionalProperties": false
      },
      "Readiness": {
        "type": "object",
        "properties": {
          "status": {
            "type": "string",
            "enum": [
              "ready",
              "not_ready"
            ]
          },
          "reason": {
            "type": "string"
          }
        },
        "required": [
          "status"
        ],
        "additionalProperties": false
      },
      "Recorded": {
        "type": "object",
        "properties": {
          "recorded": {
            "type": "boolean"
          }
        },
        "required": [
          "recorded"
        ],
        "additionalProperties": false
      },
      "RegistrationTokenList": {
        "type": "object",
        "properties": {
          "tokens": {
            "type": "array",
            "items": {
              "type": "object",
              "additionalProperties": true,
              "description": "A registration token without its value."
            }
          }
        },
        "required": [
          "tokens"
        ],
        "additionalProperties": false
      },
      "Release": {
        "type": "object",
        "properties": {
          "id": {
            "type": "integer"
          },
          "trainID": {
            "type": "integer"
          },
          "train": {
            "type": "string"
          },
          "version": {
            "type": "string"
          },
          "kind": {
            "type": "string"
          },
          "baseVersion": {
            "type": "string"
          },
          "state": {
            "type": "string"
          },
          "haltedFrom": {
            "type": "string"
          },
          "reason": {
            "type": "string"
          },
          "branch": {
            "type": "string"
          },
          "rcBuildID": {
            "type": "integer"
          },
          "requiredGates": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "approvals": {
            "type": "array",
            "items": {
              "type": "object",
              "additionalProperties": true
            }
          },
          "missingGates": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "allowedActions": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "rolloutPercent": {
            "type": "number"
          },
          "rolloutStepIndex": {
            "type": "integer"
          },
          "rolloutEnteredAt": {
            "type": "string",
            "format": "date-time"
          },
          "store": {
            "$ref": "#/components/schemas/ReleaseStoreIDs"
          },
          "stores": {
            "type": "object",
            "additionalProperties": true
          },
          "rcBuild": {
            "type": "object",
            "properties": {
              "id": {
                "type": "integer"
              },
              "number": {
                "type": "integer"
              },
              "state": {
                "type": "string"
              },
              "commitSHA": {
                "type": "string"
              }
            },
            "additionalProperties": true
          },
          "problem": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "updatedAt": {
            "type": "string",
            "format": "date-time"
          },
          "events": {
            "type": "array",
            "items": {
              "type": "object",
              "additionalProperties": true
            },
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
          "createdAt",
          "updatedAt"
        ],
        "additionalProperties": true
      },
      "ReleaseActionBody": {
        "description": "`approve`: `{gate}`; `halt`, `cancel`: `{reason?}`; `health`: `{metric, value, sampleSize, platform}` or `{samples: [...]}`; `store`: ReleaseStoreIDs; others: no body.",
        "type": "object",
        "additionalProperties": true,
        "properties": {
          "gate": {
            "type": "string"
          },
          "reason": {
            "type": "string"
          },
          "samples": {
            "type": "array",
            "items": {
              "type": "object",
              "additionalProperties": true
            }
          },
          "metric": {
            "type": "string"
          },
          "value": {
            "type": "number"
          },
          "sampleSize": {
            "type": "integer"
          },
          "platform": {
            "type": "string"
          }
        }
      },
      "ReleaseList": {
        "type": "object",
        "properties": {
          "releases": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Release"
            }
          }
        },
        "required": [
          "releases"
        ],
        "additionalProperties": false
      },
      "ReleaseStoreIDs": {
        "type": "object",
        "properties": {
          "androidPackage": {
            "type": "string"
          },
          "androidVersionCodes": {
            "type": "array",
            "items": {
              "type": "integer"
            }
          },
          "iosAppID": {
            "type": "string"
          }
        },
        "additionalProperties": true
      },
      "Repository": {
        "type": "object",
        "properties": {
          "id": {
            "type": "integer"
          },
          "name": {
            "type": "string"
          },
          "provider": {
            "$ref": "#/components/schemas/GitProvider"
          },
          "cloneURL": {
            "type": "string"
          },
          "defaultBranch": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "id",
          "name",
          "provider",
          "cloneURL",
          "defaultBranch",
          "createdAt"
        ],
        "additionalProperties": false
      },
      "RepositoryDraft": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string"
          },
          "provider": {
            "$ref": "#/components/schemas/GitProvider"
          },
          "cloneURL": {
            "type": "string"
          },
          "defaultBranch": {
            "type": "string"
          },
          "webhookSecret": {
            "type": "string"
          }
        },
        "required": [
          "name",
          "provider",
          "cloneURL"
        ],
        "additionalProperties": false
      },
      "RepositoryList": {
        "type": "object",
        "properties": {
          "repositories": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Repository"
            }
          }
        },
        "required": [
          "repositories"
        ],
        "additionalProperties": false
      },
      "StartRelease": {
        "type": "object",
        "properties": {
          "train": {
            "type": "string",
            "description": "Train id or name."
          },
          "store": {
            "$ref": "#/components/schemas/ReleaseStoreIDs"
          },
          "version": {
            "type": "string"
          }
        },
        "required": [
          "train"
        ],
        "additionalProperties": false
      },
      "StoredBuildReport": {
        "type": "object",
        "additionalProperties": true,
        "description": "The stored report's id and whether it was new (201) or a repeat (200)."
      },
      "TokenList": {
        "type": "object",
        "properties": {
          "tokens": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/APIToken"
            }
          }
        },
        "required": [
          "tokens"
        ],
        "additionalProperties": false
      },
      "TokenScope": {
        "type": "string",
        "enum": [
          "read",
          "write",
          "admin"
        ]
      },
      "Train": {
        "type": "object",
        "properties": {
          "id": {
            "type": "integer"
          },
          "name": {
            "type": "string"
          },
          "source": {
            "type": "string",
            "description": "The definition as sent (YAML or JSON)."
          },
          "definition": {
            "type": "object",
            "additionalProperties": true,
            "description": "The parsed train definition; see docs/release-train.md."
          },
          "nextStart": {
            "type": "string",
            "format": "date-time"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "updatedAt": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "id",
          "name",
          "source",
          "definition",
          "createdAt",
          "updatedAt"
        ],
        "additionalProperties": false
      },
      "TrainList": {
        "type": "object",
        "properties": {
          "trains": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Train"
            }
          }
        },
        "required": [
          "trains"
        ],
        "additionalProperties": false
      },
      "TriggerRequest": {
        "type": "object",
        "properties": {
          "pipeline": {
            "type": "string"
          },
          "repository": {
            "type": "string",
            "description": "Id or full name."
          },
          "branch": {
            "type": "string"
          },
          "commit": {
            "type": "string"
          },
          "env": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          }
        },
        "required": [
          "pipeline"
        ],
        "additionalProperties": false
      }
    },
    "responses": {
      "BadRequest": {
        "description": "Malformed JSON, a missing field, a wrong type or a value out of range.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Unauthorized": {
        "description": "A missing, malformed, unknown or revoked token (`WWW-Authenticate: Bearer`).",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Forbidden": {
        "description": "A token without the needed scope.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "NotFound": {
        "description": "An unknown id.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Conflict": {
        "description": "A name taken, or a state that does not allow the action.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "PayloadTooLarge": {
        "description": "A body over the limit.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "InternalError": {
        "description": "The server failed; the message names the request id.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      }
    },
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "mo_<id>_<secret>",
        "description": "An API token with scopes read, write or admin; each operation's `x-mobile-ops-scope` names the least scope it needs."
      },
      "agentToken": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "moa_…",
        "description": "An agent's own token, from POST /api/v1/agents/register."
      },
      "registrationToken": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "mor_…",
        "description": "A registration token an admin created with POST /api/v1/agents/tokens."
      },
      "githubSignature": {
        "type": "apiKey",
        "in": "header",
        "name": "X-Hub-Signature-256",
        "description": "`sha256=<hex HMAC-SHA256 of the body>` with the repository's webhook secret."
      },
      "gitlabToken": {
        "type": "apiKey",
        "in": "header",
        "name": "X-Gitlab-Token",
        "description": "The repository's webhook secret in clear."
      },
      "bitbucketSignature": {
        "type": "apiKey",
        "in": "header",
        "name": "X-Hub-Signature",
        "description": "`sha256=<hex HMAC-SHA256 of the body>` with the repository's webhook secret."
      },
      "feedToken": {
        "type": "apiKey",
        "in": "query",
        "name": "token",
        "description": "A read token in the query, for /feed.json only."
      }
    }
  }
}
"""##
}
