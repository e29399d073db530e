extension OpenAPIDocument {
    /// The `components.schemas` members for the build metrics' parts: windows and their changes,
    /// percentiles, cache rates and trends, waiting costs and stored regressions; readable JSON, one
    /// member per line.
    ///
    /// Each follows the Swift type the server encodes (named in its description): absent
    /// optionals are omitted, never null, unless the schema says `null`; types the server
    /// fixes are closed with `additionalProperties: false`.
    static let metricsInsightSchemas = ##"""
"BuildCacheStatistics": {
  "type": "object",
  "description": "GET /api/v1/cache/stats: the build cache's totals per protocol and namespace.",
  "properties": {
    "namespaces": {"type": "array", "items": {"$ref": "#/components/schemas/BuildCacheNamespace"}}
  },
  "required": ["namespaces"],
  "additionalProperties": false
},
"BuildCacheNamespace": {
  "type": "object",
  "description": "Store.CacheNamespaceStatistics; hitRate is absent before the first read.",
  "properties": {
    "protocol": {"type": "string", "enum": ["bazel", "ccache", "gradle", "xcode"]},
    "namespace": {"type": "string"},
    "hits": {"type": "integer"},
    "misses": {"type": "integer"},
    "uploads": {"type": "integer"},
    "bytesServed": {"type": "integer"},
    "bytesStored": {"type": "integer"},
    "evictions": {"type": "integer"},
    "entries": {"type": "integer"},
    "entryBytes": {"type": "integer"},
    "hitRate": {"type": "number"}
  },
  "required": ["protocol", "namespace", "hits", "misses", "uploads", "bytesServed", "bytesStored", "evictions", "entries", "entryBytes"],
  "additionalProperties": false
},
"CacheCounts": {
  "type": "object",
  "description": "BuildMetrics.CacheStatistics: task counts by outcome.",
  "properties": {
    "executed": {"type": "integer"},
    "failed": {"type": "integer"},
    "fromCache": {"type": "integer"},
    "localHits": {"type": "integer"},
    "remoteHits": {"type": "integer"},
    "upToDate": {"type": "integer"},
    "noSource": {"type": "integer"},
    "skipped": {"type": "integer"}
  },
  "required": ["executed", "failed", "fromCache", "localHits", "remoteHits", "upToDate", "noSource", "skipped"],
  "additionalProperties": false
},
"CacheRates": {
  "type": "object",
  "description": "Store.CacheRates; a rate is absent when nothing needed outputs.",
  "properties": {
    "counts": {"$ref": "#/components/schemas/CacheCounts"},
    "hitRate": {"type": "number"},
    "localHitRate": {"type": "number"},
    "remoteHitRate": {"type": "number"},
    "avoidanceRate": {"type": "number"},
    "misses": {"type": "integer"}
  },
  "required": ["counts", "misses"],
  "additionalProperties": false
},
"CacheReport": {
  "type": "object",
  "description": "Store.CacheReport (GET /api/v1/metrics/cache).",
  "properties": {
    "window": {"$ref": "#/components/schemas/MetricsWindow"},
    "overall": {"$ref": "#/components/schemas/CacheRates"},
    "byBuildSystem": {"type": "array", "items": {"$ref": "#/components/schemas/NamedCacheRates"}},
    "trend": {"type": "array", "items": {"$ref": "#/components/schemas/DailyCacheRate"}},
    "byTask": {"type": "array", "items": {"$ref": "#/components/schemas/NamedCacheRates"}},
    "byTarget": {"type": "array", "items": {"$ref": "#/components/schemas/NamedCacheRates"}}
  },
  "required": ["window", "overall", "byBuildSystem", "trend", "byTask", "byTarget"],
  "additionalProperties": false
},
"DailyBuildTrend": {
  "type": "object",
  "description": "Store.DailyBuildTrend; the percentiles and rate are absent on a day without builds.",
  "properties": {
    "day": {"type": "string", "format": "date-time"},
    "count": {"type": "integer"},
    "queueP50Seconds": {"type": "number"},
    "runP50Seconds": {"type": "number"},
    "totalP50Seconds": {"type": "number"},
    "successRate": {"type": "number"}
  },
  "required": ["day", "count"],
  "additionalProperties": false
},
"DailyCacheRate": {
  "type": "object",
  "description": "Store.DailyCacheRate; `hitRate` is absent when nothing needed outputs that day.",
  "properties": {
    "day": {"type": "string", "format": "date-time"},
    "hitRate": {"type": "number"},
    "fromCache": {"type": "integer"},
    "executed": {"type": "integer"}
  },
  "required": ["day", "fromCache", "executed"],
  "additionalProperties": false
},
"MetricsWindowStatistics": {
  "type": "object",
  "description": "Store.WindowStatistics; the rate and percentiles are absent without builds.",
  "properties": {
    "count": {"type": "integer"},
    "succeeded": {"type": "integer"},
    "failed": {"type": "integer"},
    "canceled": {"type": "integer"},
    "successRate": {"type": "number"},
    "queue": {"$ref": "#/components/schemas/PercentileSet"},
    "run": {"$ref": "#/components/schemas/PercentileSet"},
    "total": {"$ref": "#/components/schemas/PercentileSet"}
  },
  "required": ["count", "succeeded", "failed", "canceled"],
  "additionalProperties": false
},
"MetricsWindowChange": {
  "type": "object",
  "description": "Store.WindowChange: each member is absent where either window lacks it.",
  "properties": {
    "countPercent": {"type": "number"},
    "successRatePoints": {"type": "number"},
    "queueP50Percent": {"type": "number"},
    "runP50Percent": {"type": "number"},
    "runP90Percent": {"type": "number"},
    "runP95Percent": {"type": "number"},
    "totalP50Percent": {"type": "number"}
  },
  "additionalProperties": false
},
"NamedCacheRates": {
  "type": "object",
  "description": "Store.NamedCacheRates.",
  "properties": {"name": {"type": "string"}, "rates": {"$ref": "#/components/schemas/CacheRates"}},
  "required": ["name", "rates"],
  "additionalProperties": false
},
"PercentileSet": {
  "type": "object",
  "description": "Store.PercentileSet, in seconds.",
  "properties": {
    "p50": {"type": "number"},
    "p90": {"type": "number"},
    "p95": {"type": "number"},
    "mean": {"type": "number"}
  },
  "required": ["p50", "p90", "p95", "mean"],
  "additionalProperties": false
},
"PeriodHours": {
  "type": "object",
  "description": "Store.PeriodHours.",
  "properties": {
    "start": {"type": "string", "format": "date-time"},
    "hours": {"type": "number"},
    "builds": {"type": "integer"}
  },
  "required": ["start", "hours", "builds"],
  "additionalProperties": false
},
"StoredRegression": {
  "type": "object",
  "description": "Store.StoredRegression; `resolvedAt` is absent while it is open.",
  "properties": {
    "id": {"type": "integer"},
    "seriesKey": {"type": "string"},
    "repository": {"type": "string"},
    "pipeline": {"type": "string"},
    "platform": {"type": "string"},
    "metric": {"type": "string"},
    "detectedAt": {"type": "string", "format": "date-time"},
    "baselineMedian": {"type": "number"},
    "recentMedian": {"type": "number"},
    "changePercent": {"type": "number"},
    "baselineSamples": {"type": "integer"},
    "recentSamples": {"type": "integer"},
    "resolvedAt": {"type": "string", "format": "date-time"}
  },
  "required": [
    "id",
    "seriesKey",
    "repository",
    "pipeline",
    "platform",
    "metric",
    "detectedAt",
    "baselineMedian",
    "recentMedian",
    "changePercent",
    "baselineSamples",
    "recentSamples"
  ],
  "additionalProperties": false
},
"WaitingCostSummary": {
  "type": "object",
  "description": "Store.WaitingCostSummary; `speedupPercent` and `hoursSavedPerMonth` only when asked for with `speedup`.",
  "properties": {
    "totalHours": {"type": "number"},
    "waitedBuilds": {"type": "integer"},
    "perDay": {"type": "array", "items": {"$ref": "#/components/schemas/PeriodHours"}},
    "perWeek": {"type": "array", "items": {"$ref": "#/components/schemas/PeriodHours"}},
    "speedupPercent": {"type": "number"},
    "hoursSavedPerMonth": {"type": "number"}
  },
  "required": ["totalHours", "waitedBuilds", "perDay", "perWeek"],
  "additionalProperties": false
}
"""##
}
