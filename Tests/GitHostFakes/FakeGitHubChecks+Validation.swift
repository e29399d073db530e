import Foundation
import TestSupport

// MARK: - What GitHub validates

extension FakeGitHubChecks {
    /// A refused request: status and GitHub's error message.
    struct Refusal: Error {
        var status: Int
        var message: String

        init(_ status: Int, _ message: String) {
            self.status = status
            self.message = message
        }

        /// GitHub's answer to a token that is not a GitHub App's.
        static let appOnly = Refusal(403, "You must authenticate via a GitHub App.")

        /// GitHub's 422 for a body that breaks the schema.
        static func invalid(_ detail: String) -> Refusal { Refusal(422, "Validation Failed: \(detail)") }

        var response: FakeResponse {
            var object: [String: Any] = ["message": message, "documentation_url": "https://docs.github.com/rest/checks/runs"]
            if status == 422 { object = ["message": "Validation Failed", "errors": [message], "documentation_url": "https://docs.github.com/rest/checks/runs"] }
            return .json(status, object)
        }
    }

    static let statuses: Set<String> = ["queued", "in_progress", "completed"]
    /// `stale` is GitHub's own; integrators may not set it.
    static let conclusions: Set<String> = ["action_required", "cancelled", "failure", "neutral", "success", "skipped", "timed_out"]
    static let levels: Set<String> = ["notice", "warning", "failure"]
    static let textLimit = 65_535, annotationsPerRequest = 50

    /// The first problem with a create or update body, or nil.
    static func check(_ body: [String: Any], allowed: Set<String>, isCreate: Bool) -> Refusal? {
        if let unknown = Set(body.keys).subtracting(allowed).first { return .invalid("unknown field \(unknown)") }
        if let status = body["status"] {
            guard let status = status as? String, statuses.contains(status) else { return .invalid("status is not included in the list") }
        }
        if let conclusion = body["conclusion"] {
            guard let conclusion = conclusion as? String, conclusions.contains(conclusion) else { return .invalid("conclusion is not included in the list") }
        }
        if isCreate, body["status"] as? String == "completed" || body["completed_at"] != nil, body["conclusion"] == nil {
            return .invalid("conclusion is required when status is completed")
        }
        for key in ["external_id", "details_url", "name"] where body[key] != nil && !(body[key] is String) {
            return .invalid("\(key) must be a string")
        }
        if let url = body["details_url"] as? String, !JSONCheck.isURL(url) { return .invalid("details_url must be a URL") }
        if let actions = body["actions"] { guard let actions = actions as? [Any], actions.count <= 3 else { return .invalid("at most 3 actions") } }
        guard let output = body["output"] else { return nil }
        guard let object = output as? [String: Any] else { return .invalid("output must be an object") }
        return check(output: object)
    }

    /// The first problem with an `output` object, or nil.
    static func check(output: [String: Any]) -> Refusal? {
        if let unknown = Set(output.keys).subtracting(["title", "summary", "text", "annotations", "images"]).first {
            return .invalid("unknown output field \(unknown)")
        }
        guard output["title"] is String else { return .invalid("output.title is required") }
        guard let summary = output["summary"] as? String else { return .invalid("output.summary is required") }
        guard summary.count <= textLimit else { return .invalid("output.summary is longer than \(textLimit) characters") }
        if let text = output["text"], ((text as? String)?.count ?? Int.max) > textLimit { return .invalid("output.text is too long") }
        guard let annotations = output["annotations"] else { return nil }
        guard let list = annotations as? [Any] else { return .invalid("output.annotations must be an array") }
        guard list.count <= annotationsPerRequest else {
            return .invalid("output.annotations has \(list.count) items; the Checks API takes at most \(annotationsPerRequest) per request")
        }
        for item in list {
            guard let annotation = item as? [String: Any] else { return .invalid("an annotation must be an object") }
            if let refusal = check(annotation: annotation) { return refusal }
        }
        return nil
    }

    /// The first problem with one annotation, or nil.
    static func check(annotation: [String: Any]) -> Refusal? {
        let allowed: Set<String> = ["path", "start_line", "end_line", "start_column", "end_column", "annotation_level", "message", "title", "raw_details"]
        if let unknown = Set(annotation.keys).subtracting(allowed).first { return .invalid("unknown annotation field \(unknown)") }
        guard let path = annotation["path"] as? String, !path.isEmpty else { return .invalid("annotation path is required") }
        guard let start = JSONCheck.int(annotation["start_line"]), start >= 1 else { return .invalid("annotation start_line must be a line number") }
        guard let end = JSONCheck.int(annotation["end_line"]), end >= start else { return .invalid("annotation end_line must be at or after start_line") }
        if annotation["start_column"] != nil || annotation["end_column"] != nil, start != end {
            return .invalid("start_column and end_column need start_line and end_line to be the same")
        }
        guard let level = annotation["annotation_level"] as? String, levels.contains(level) else {
            return .invalid("annotation_level must be notice, warning or failure")
        }
        guard let message = annotation["message"] as? String, !message.isEmpty, message.utf8.count <= 64 * 1_024 else {
            return .invalid("annotation message is required and at most 64 KB")
        }
        if let title = annotation["title"], ((title as? String)?.count ?? Int.max) > 255 { return .invalid("annotation title is at most 255 characters") }
        if let details = annotation["raw_details"], ((details as? String)?.utf8.count ?? Int.max) > 64 * 1_024 { return .invalid("raw_details is at most 64 KB") }
        return nil
    }

    /// The annotations of a validated `output`.
    static func annotations(_ output: [String: Any]?) -> [Annotation] {
        ((output?["annotations"] as? [[String: Any]]) ?? []).map { item in
            Annotation(
                path: item["path"] as? String ?? "", startLine: JSONCheck.int(item["start_line"]) ?? 0, endLine: JSONCheck.int(item["end_line"]) ?? 0,
                level: item["annotation_level"] as? String ?? "", message: item["message"] as? String ?? "", title: item["title"] as? String)
        }
    }

    /// A check run as GitHub answers it (the fields MobileOps reads, and a few more).
    static func json(_ run: CheckRun) -> [String: Any] {
        [
            "id": run.id, "name": run.name, "head_sha": run.headSHA, "external_id": run.externalID ?? NSNull(),
            "details_url": run.detailsURL ?? NSNull(), "status": run.status, "conclusion": run.conclusion ?? NSNull(),
            "output": [
                "title": run.title ?? NSNull(), "summary": run.summary ?? NSNull(), "text": NSNull(), "annotations_count": run.annotations.count,
                "annotations_url": "https://api.github.com/repos/check-runs/\(run.id)/annotations",
            ] as [String: Any],
        ]
    }
}
