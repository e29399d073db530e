extension OpenAPIDocument {
    /// The `components.schemas` members for the build cache's series and per-build counts, and
    /// the access a job is handed with its assignment; readable JSON, one member per line.
    ///
    /// Each follows the Swift type the server encodes (named in its description): absent
    /// optionals are omitted, never null.
    static let buildCacheSchemas = ##"""
"BuildCacheDaily": {
  "type": "object",
  "description": "GET /api/v1/cache/stats/daily: the build cache's counts per UTC day, protocol and namespace, oldest first.",
  "properties": {
    "days": {"type": "array", "items": {"$ref": "#/components/schemas/BuildCacheDay"}}
  },
  "required": ["days"],
  "additionalProperties": false
},
"BuildCacheDay": {
  "type": "object",
  "description": "Store.CacheDailyStatistics; hitRate is absent on a day without reads.",
  "properties": {
    "day": {"type": "string", "format": "date-time", "description": "Midnight UTC of the day."},
    "protocol": {"type": "string", "enum": ["bazel", "ccache", "gradle", "xcode"]},
    "namespace": {"type": "string"},
    "hits": {"type": "integer"},
    "misses": {"type": "integer"},
    "uploads": {"type": "integer"},
    "bytesServed": {"type": "integer"},
    "bytesStored": {"type": "integer"},
    "hitRate": {"type": "number"}
  },
  "required": ["day", "protocol", "namespace", "hits", "misses", "uploads", "bytesServed", "bytesStored"],
  "additionalProperties": false
},
"BuildCacheUsage": {
  "type": "object",
  "description": "Store.CacheBuildStatistics: what a build's jobs read and stored with their MOBILE_OPS_CACHE_URL; hitRate is absent before the first read.",
  "properties": {
    "buildID": {"type": "integer"},
    "hits": {"type": "integer"},
    "misses": {"type": "integer"},
    "uploads": {"type": "integer"},
    "bytesServed": {"type": "integer"},
    "bytesStored": {"type": "integer"},
    "hitRate": {"type": "number"}
  },
  "required": ["buildID", "hits", "misses", "uploads", "bytesServed", "bytesStored"],
  "additionalProperties": false
},
"JobCacheAccess": {
  "type": "object",
  "description": "Core.JobCacheAccess: the build cache a job may use while it runs; the agent exports MOBILE_OPS_CACHE_URL (the server's URL + /cache, user and credential as its user info) and MOBILE_OPS_CACHE_NAMESPACE.",
  "properties": {
    "namespace": {"type": "string", "description": "The build's repository's namespace, the only one the credential reads and writes."},
    "user": {"type": "string"},
    "credential": {"type": "string", "description": "moj_<job id>_<signature>: the Basic password, good while the job is assigned or running."}
  },
  "required": ["namespace", "user", "credential"],
  "additionalProperties": false
}
"""##
}
