import Foundation
import TestSupport

// MARK: - Review submissions

/// Review submissions as Apple's API reference describes them (Review submissions, Review
/// submission items, `GET /v1/apps/{id}/reviewSubmissions`), with the rules App Store Connect
/// enforces that the release train must live with:
/// - one open (not `COMPLETE`) submission per app and platform: a second create is 409;
/// - a version sits in one open submission: adding it again, here or to another one, is 409
///   `ENTITY_ERROR` naming the submission that holds it;
/// - items are added only before submitting; only a submission with items is submitted;
/// - the items name their version only when asked with `include=appStoreVersion`.
extension FakeAppStoreConnect {
    /// `ReviewSubmissionState`.
    static let submissionStates: Set<String> = ["READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "IN_REVIEW", "UNRESOLVED_ISSUES", "CANCELING", "COMPLETING", "COMPLETE"]
    /// `Platform`.
    static let platforms: Set<String> = ["IOS", "MAC_OS", "TV_OS", "VISION_OS"]
    /// Submission states that may still be canceled.
    static let cancelableStates: Set<String> = ["READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "IN_REVIEW", "UNRESOLVED_ISSUES"]

    /// `GET /v1/apps/{id}/reviewSubmissions`: `filter[platform]` and `filter[state]` take
    /// comma-separated values.
    func listSubmissions(_ query: String) -> (Int, String) {
        guard let parameters = Self.query(query, known: ["filter[platform]", "filter[state]", "limit", "fields[reviewSubmissions]"]) else {
            return Self.error(400, "PARAMETER_ERROR.INVALID", "unknown query parameter in '\(query)'")
        }
        let platforms = parameters["filter[platform]"].map { Set($0.split(separator: ",").map(String.init)) }
        let states = parameters["filter[state]"].map { Set($0.split(separator: ",").map(String.init)) }
        guard platforms?.isSubset(of: Self.platforms) ?? true, states?.isSubset(of: Self.submissionStates) ?? true else {
            return Self.error(400, "PARAMETER_ERROR.INVALID", "filter values are not of the documented enumerations in '\(query)'")
        }
        let limit = parameters["limit"].map { Int($0) ?? 0 } ?? 20
        guard (1...200).contains(limit) else { return Self.error(400, "PARAMETER_ERROR.INVALID", "limit must be 1 to 200") }
        let matching = submissions.filter { (platforms?.contains($0.platform) ?? true) && (states?.contains($0.state) ?? true) }
        guard matching.count <= limit else { return Self.error(400, "PARAMETER_ERROR.INVALID", "the fake does not page; ask for more than \(matching.count)") }
        return (200, #"{"data": [\#(matching.map(submission).joined(separator: ", "))], "links": {"self": "/v1/apps/app/reviewSubmissions"}}"#)
    }

    /// `GET /v1/reviewSubmissions/{id}/items`.
    func listItems(submissionID: String, query: String) -> (Int, String) {
        let includable: Set<String> = ["appStoreVersion", "appCustomProductPageVersion", "appStoreVersionExperiment", "appStoreVersionExperimentV2", "appEvent"]
        guard let parameters = Self.query(query, known: ["include", "limit", "fields[reviewSubmissionItems]", "fields[appStoreVersions]"]) else {
            return Self.error(400, "PARAMETER_ERROR.INVALID", "unknown query parameter in '\(query)'")
        }
        let include = Set((parameters["include"] ?? "").split(separator: ",").map(String.init))
        guard include.isSubset(of: includable) else { return Self.error(400, "PARAMETER_ERROR.INVALID", "cannot include \(include.sorted())") }
        guard let found = submissions.first(where: { $0.id == submissionID }) else {
            return Self.error(404, "NOT_FOUND", "There is no resource of type 'reviewSubmissions' with id '\(submissionID)'")
        }
        let linkage = include.contains("appStoreVersion")
        let items = found.items.map { item in
            let version = item.versionID.map { #"{"type": "appStoreVersions", "id": "\#($0)"}"# } ?? "null"
            let relationships = linkage ? #", "relationships": {"appStoreVersion": {"data": \#(version)}}"# : ""
            return #"{"type": "reviewSubmissionItems", "id": "\#(item.id)", "attributes": {"state": "READY_FOR_REVIEW"}\#(relationships)}"#
        }
        let included = linkage && found.holds(Self.versionID) ? #", "included": [\#(version())]"# : ""
        return (200, #"{"data": [\#(items.joined(separator: ", "))]\#(included)}"#)
    }

    /// `POST /v1/reviewSubmissions`.
    mutating func createSubmission(_ request: LoopbackRequest) -> (Int, String) {
        guard let data = Self.data(request, type: "reviewSubmissions", id: nil),
              let platform = (data["attributes"] as? [String: Any])?["platform"] as? String, Self.platforms.contains(platform),
              Self.relationship(data, "app", type: "apps") != nil else { return Self.malformed }
        if let open = submissions.first(where: { $0.isOpen && $0.platform == platform }) {
            return Self.error(409, "ENTITY_ERROR", "the app already has an open review submission for \(platform): reviewSubmissions with id \(open.id) is \(open.state)")
        }
        let created = Submission(id: "sub-\(submissions.count + 1)", platform: platform)
        submissions.append(created)
        return (201, #"{"data": \#(submission(created))}"#)
    }

    /// `POST /v1/reviewSubmissionItems`.
    mutating func addSubmissionItem(_ request: LoopbackRequest) -> (Int, String) {
        guard let data = Self.data(request, type: "reviewSubmissionItems", id: nil), data["attributes"] == nil,
              let submissionID = Self.relationship(data, "reviewSubmission", type: "reviewSubmissions"),
              let versionID = Self.relationship(data, "appStoreVersion", type: "appStoreVersions") else { return Self.malformed }
        guard let index = submissions.firstIndex(where: { $0.id == submissionID }) else {
            return Self.error(409, "ENTITY_ERROR.RELATIONSHIP.INVALID", "reviewSubmissions with id \(submissionID) cannot be found")
        }
        guard versionID == Self.versionID else { return Self.error(409, "ENTITY_ERROR.RELATIONSHIP.INVALID", "appStoreVersions with id \(versionID) cannot be found") }
        if let holder = submissions.first(where: { $0.isOpen && $0.holds(versionID) }) {
            return Self.error(
                409, "ENTITY_ERROR", "An attribute value is not valid.",
                associated: ("/v1/reviewSubmissionItems", "ENTITY_ERROR.RELATIONSHIP.INVALID", "appStoreVersions with id \(versionID) was already added to another reviewSubmission with id \(holder.id)")
            )
        }
        guard submissions[index].state == "READY_FOR_REVIEW" else {
            return Self.error(409, "STATE_ERROR", "items can only be added to a submission that is not submitted yet, not one in \(submissions[index].state)")
        }
        itemCount += 1
        submissions[index].items.append(.init(id: "item-\(itemCount)", versionID: versionID))
        return (201, #"{"data": {"type": "reviewSubmissionItems", "id": "item-\#(itemCount)", "attributes": {"state": "READY_FOR_REVIEW"}}}"#)
    }

    /// `PATCH /v1/reviewSubmissions/{id}`: `submitted: true` or `canceled: true`.
    mutating func updateSubmission(id: String, _ request: LoopbackRequest) -> (Int, String) {
        guard let data = Self.data(request, type: "reviewSubmissions", id: id) else { return Self.malformed }
        guard let index = submissions.firstIndex(where: { $0.id == id }) else {
            return Self.error(404, "NOT_FOUND", "There is no resource of type 'reviewSubmissions' with id '\(id)'")
        }
        let attributes = data["attributes"] as? [String: Any] ?? [:]
        let current = submissions[index]
        switch (attributes["submitted"] as? Bool, attributes["canceled"] as? Bool, attributes.count) {
        case (true, nil, 1):
            guard current.state == "READY_FOR_REVIEW", !current.items.isEmpty else {
                return Self.error(409, "STATE_ERROR", "only a submission with items that is ready for review can be submitted, not \(id) in \(current.state) with \(current.items.count) items")
            }
            submissions[index].state = "WAITING_FOR_REVIEW"
            if current.holds(Self.versionID) { versionState = "WAITING_FOR_REVIEW" }
        case (nil, true, 1):
            guard Self.cancelableStates.contains(current.state) else {
                return Self.error(409, "STATE_ERROR", "a submission in \(current.state) cannot be canceled")
            }
            submissions[index].state = "CANCELING"
            if current.holds(Self.versionID), !isLive, versionState != "PENDING_DEVELOPER_RELEASE" { versionState = "DEVELOPER_REJECTED" }
        default:
            return Self.error(409, "ENTITY_ERROR.ATTRIBUTE.INVALID", "set exactly one of submitted: true or canceled: true")
        }
        return (200, #"{"data": \#(submission(submissions[index]))}"#)
    }
}
