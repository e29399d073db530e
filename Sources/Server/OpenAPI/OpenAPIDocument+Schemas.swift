extension OpenAPIDocument {
    /// The `components.schemas` members, group by group, in the document's order: each group is
    /// a JSON file in `Sources/Server/OpenAPI/Schemas/` (an object of schemas, one member per
    /// line) that SwiftPM embeds in the binary (`.embedInCode` in Package.swift), so the
    /// installed server carries the document with no resource bundle beside it.
    ///
    /// The schemas of what the server answers follow the Swift type it encodes (named in each
    /// description): absent optionals are omitted, never null, unless the schema says `null`;
    /// types the server fixes are closed with `additionalProperties: false`.
    ///
    /// The schemas of request bodies (`build-report`, `requests`, `release-requests`) say what
    /// the server's decoder accepts, not what a client usually sends: decoders that ignore
    /// unknown keys are `additionalProperties: true` with their known members listed, an
    /// optional member the decoder reads with `decodeIfPresent` (or as `NSNull`) may be `null`,
    /// and a bound the server checks is a `minimum`, `maximum`, `maxItems` or `pattern`. Text
    /// limits the server counts in UTF-8 bytes are given as `maxLength`, which counts
    /// characters: the same for ASCII. Rules across members are said in the description.
    static let schemaGroups: [String] = [
        // Tokens, agents, registration tokens, repositories and the audit log.
        PackageResources.access_json,
        // The agent protocol's messages: assignments, directives, checkout reports, outcomes,
        // `ui_tests:` selections and reports.
        PackageResources.agent_protocol_json,
        // Builds, their jobs and artifacts, a manual trigger and the loaded pipelines.
        PackageResources.builds_json,
        // The build report a CI or an agent sends (`POST /api/v1/metrics/builds` and an
        // agent's `/metrics`): a request body.
        PackageResources.build_report_json,
        // Automated checks (dependency rules on a module graph).
        PackageResources.checks_json,
        // Devices: what an agent reports with its poll (`AgentPoll`, `DeviceReport`) and what
        // `GET /api/v1/devices` lists (`DeviceList`, `Device`, `DeviceFailure`).
        PackageResources.devices_json,
        // `devices:` steps: a step's settings (`DeviceStep`), the batch messages between agent
        // and server, a build's runs (`DeviceRunList`) and a device's health.
        PackageResources.device_runs_json,
        // Analysers' findings: reports in, comparisons and trends out.
        PackageResources.findings_json,
        // What the server reports about its work rather than what it runs: agents and the
        // queue, recent builds, the dashboard document, the JSON Feed, impact analysis, the
        // service graph, release notes and webhook answers.
        PackageResources.insights_json,
        // The build metrics' parts: windows and their changes, percentiles, cache rates and
        // trends, waiting costs and stored regressions.
        PackageResources.metrics_insights_json,
        // The build cache's series and per-build counts, and the access a job is handed with
        // its assignment.
        PackageResources.build_cache_json,
        // Releases: their state, events, approvals, health and store status.
        PackageResources.releases_json,
        // The release train's request bodies: the actions on a release (`POST
        // /api/v1/releases/{id}/{action}`) and a train definition sent as JSON (`POST
        // /api/v1/trains`).
        PackageResources.release_requests_json,
        // The other request bodies the server decodes: a job's outcome, the agent's
        // `ui_tests:` report and the impact-analysis request.
        PackageResources.requests_json,
        // Repository secrets and a job's secrets: the admin API's request and listings (never
        // a value) and the agent's `JobSecrets`. No example there holds a value.
        PackageResources.secrets_json,
        // The shapes every answer shares (`Error`, `Health`, `Readiness`), `Document` (an open
        // request body), a stored build report, the metrics summary and the outbox.
        PackageResources.server_json,
        // Test results and test health: per build and job, flaky, slowest and regressed tests.
        PackageResources.test_insights_json,
        // Release trains and their definitions.
        PackageResources.trains_json,
    ].map(objectMembers)

    /// The members of a JSON object's text, without its braces, to be listed in another
    /// object. The files are the repository's own, checked by `OpenAPITests` (the document
    /// parses, every `$ref` resolves), so a file that is not an object gives no members rather
    /// than stopping the server.
    static func objectMembers(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let open = text.firstIndex(of: "{"), let close = text.lastIndex(of: "}"), open < close else { return "" }
        return String(text[text.index(after: open)..<close])
    }
}
