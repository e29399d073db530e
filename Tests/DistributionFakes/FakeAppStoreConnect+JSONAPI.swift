import Foundation
import TestSupport

// MARK: - JSON:API shapes

extension FakeAppStoreConnect {
    /// Apple's error document; `associated` is one of `meta.associatedErrors` as `(path, code, detail)`.
    public static func error(_ status: Int, _ code: String, _ detail: String, associated: (String, String, String)? = nil) -> (Int, String) {
        var entry: [String: Any] = ["status": String(status), "code": code, "title": code, "detail": detail]
        if let (path, code, detail) = associated {
            entry["meta"] = ["associatedErrors": [path: [["code": code, "detail": detail]]]]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["errors": [entry]])) ?? Data()
        return (status, String(decoding: data, as: UTF8.self))
    }

    /// The query's parameters, percent-decoded; nil when one is not in `known` or is malformed.
    static func query(_ query: String, known: Set<String>) -> [String: String]? {
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding }
            guard parts.count == 2, let name = parts[0], let value = parts[1], known.contains(name), parameters[name] == nil else { return nil }
            parameters[name] = value
        }
        return parameters
    }

    /// The answer to a body that is not the documented request shape.
    static var malformed: (Int, String) {
        error(422, "ENTITY_UNPROCESSABLE", "The request entity is not the documented shape")
    }

    /// `data` of a request body, when it is an object of `type` (with `id`, when given) and
    /// carries only the documented members.
    static func data(_ request: LoopbackRequest, type: String, id: String?) -> [String: Any]? {
        guard let json = request.json, Set(json.keys) == ["data"], let data = json["data"] as? [String: Any],
              data["type"] as? String == type, Set(data.keys).isSubset(of: ["type", "id", "attributes", "relationships"]) else { return nil }
        if let id {
            guard data["id"] as? String == id else { return nil }
        } else if data["id"] != nil {
            return nil
        }
        return data
    }

    /// The id `data.relationships.<name>` points at, when it is of `type`.
    static func relationship(_ data: [String: Any], _ name: String, type: String) -> String? {
        let relationships = data["relationships"] as? [String: Any]
        let target = (relationships?[name] as? [String: Any])?["data"] as? [String: Any]
        guard target?["type"] as? String == type else { return nil }
        return target?["id"] as? String
    }

    func version() -> String {
        #"{"type": "appStoreVersions", "id": "\#(Self.versionID)", "attributes": {"platform": "IOS", "versionString": "\#(versionString ?? "1.0.0")", "appStoreState": "\#(versionState)", "releaseType": "\#(releaseType)"}}"#
    }

    /// A review submission resource (not wrapped in `data`).
    func submission(_ submission: Submission) -> String {
        let submitted = submission.state == "READY_FOR_REVIEW" ? "null" : #""2026-11-23T12:00:00.000+0000""#
        let attributes = #"{"platform": "\#(submission.platform)", "state": "\#(submission.state)", "submittedDate": \#(submitted)}"#
        return #"{"type": "reviewSubmissions", "id": "\#(submission.id)", "attributes": \#(attributes)}"#
    }

    func phased() -> String {
        let day = phasedDay.map(String.init) ?? "null"
        return #"{"data": {"type": "appStoreVersionPhasedReleases", "id": "\#(Self.phasedID)", "attributes": {"phasedReleaseState": "\#(phasedState ?? "INACTIVE")", "currentDayNumber": \#(day)}}}"#
    }
}
