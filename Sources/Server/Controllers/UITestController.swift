import Access
import Core
import Foundation
import Hummingbird
import Store

/// `ui_tests:` selections: agents report them, people read them with the build.
///
/// - `POST /api/v1/agent/jobs/{id}/impact` (agent token): the job's `UITestReport`.
/// - `GET /api/v1/builds/{id}/impact` (read): every report of the build's jobs — which UI
///   suites each shard ran and which were skipped, each with its reason.
struct UITestController: APIController {
    let auth: AgentAuthService
    let store: any UITestStore
    let bodyLimit: Int
    /// The clock every time-based decision reads.
    let clock: any TimeSource

    var routes: [Route] {
        [
            Route.agent(.post, "/api/v1/agent/jobs/:id/impact", auth: auth, openAPI: OpenAPIOperation(
                "Report what a ui_tests job ran and skipped", tag: "agent-protocol", caller: .agent,
                parameters: [.path("id")],
                body: .json(.ref("UITestReportBody")),
                answers: [.json(201, "Recorded.", .ref("Recorded"))],
                errors: [.badRequest, .notFound, .conflict, .databaseUnavailable]
            )) { request, context, agent in
                let report = try await request.decodeJSON(UITestReport.self, limit: bodyLimit)
                try await store.recordUITestReport(jobID: try context.numericID(of: "job"), agentID: agent.id, report: report, now: clock.now)
                return try .json(["recorded": true], status: .created)
            },
            Route(.get, "/api/v1/builds/:id/impact", scope: .read, openAPI: OpenAPIOperation(
                "What each ui_tests job ran and skipped", tag: "builds",
                parameters: [.path("id")],
                answers: [
                    .json(200, "OK", .json(##"""
                        {
                          "type": "object",
                          "description": "The build's `ui_tests:` reports, one per job that sent one.",
                          "properties": {
                            "jobs": {
                              "type": "array",
                              "items": {
                                "type": "object",
                                "description": "Store.JobUITestReport.",
                                "properties": {
                                  "jobID": {"type": "integer"},
                                  "stepKey": {"type": "string"},
                                  "report": {"$ref": "#/components/schemas/UITestReport"}
                                },
                                "required": ["jobID", "stepKey", "report"],
                                "additionalProperties": false
                              }
                            }
                          },
                          "required": ["jobs"],
                          "additionalProperties": false
                        }
                        """##)),
                ],
                errors: [.notFound, .databaseUnavailable]
            )) { _, context in
                try await .json(["jobs": store.uiTestReports(buildID: try context.numericID(of: "build"))])
            },
        ]
    }
}
