import Foundation

// MARK: - FakeGooglePlay

/// The Android Publisher API's edits as far as the release train uses them, written from
/// Google's reference and strict: a track is changed only inside an open edit and only takes
/// effect when the edit is committed; a release's `status` is one of the documented four;
/// `userFraction` is given for `inProgress` and `halted` releases only, strictly between 0
/// and 1; a release can be halted only once it is rolling out. Anything else is 400 and
/// changes nothing.
///
/// Shared by the in-process server tests and the end-to-end tests, which run it inside their
/// own loopback servers.
public struct FakeGooglePlay {
    /// One request to the Android Publisher API, as the hosting fake server received it.
    public struct Request {
        /// `GET`, `POST`, `PUT` or `DELETE`.
        public var method: String
        /// The path, from `/androidpublisher/v3/…`.
        public var path: String
        /// Header fields with lower-case names.
        public var headers: [String: String]
        /// The body's bytes.
        public var body: [UInt8]

        /// Wraps a received request.
        public init(method: String, path: String, headers: [String: String], body: [UInt8]) {
            self.method = method
            self.path = path
            self.headers = headers
            self.body = body
        }

        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// One track as a commit left it: what users get from then on.
    public struct CommittedTrack {
        /// The track's name, such as `production`.
        public var track: String
        /// Its first release's status.
        public var status: String
        /// Its first release's `userFraction`, for `inProgress` and `halted` releases.
        public var userFraction: Double?
    }

    /// The OAuth access token a request must carry.
    let accessToken: String
    /// Open edits: id → the tracks changed in it.
    private var edits: [String: [String: [String: Any]]] = [:]
    private var nextEdit = 0
    /// Committed tracks: name → the track resource.
    public private(set) var tracks: [String: [String: Any]] = [:]
    /// Every track change that took effect, in commit order.
    public private(set) var history: [CommittedTrack] = []

    static let statuses: Set<String> = ["draft", "inProgress", "halted", "completed"]

    /// A Play with no edits and empty tracks that accepts `accessToken`.
    public init(accessToken: String) {
        self.accessToken = accessToken
    }

    /// The committed status of `track`'s first release.
    public func status(of track: String) -> String? {
        ((tracks[track]?["releases"] as? [[String: Any]])?.first)?["status"] as? String
    }

    /// Answers one `/androidpublisher/v3/applications/{package}/edits…` request.
    public mutating func handle(_ request: Request) -> (Int, String) {
        guard request.headers["authorization"] == "Bearer \(accessToken)" else {
            return Self.error(401, "Request is missing required authentication credential")
        }
        let parts = request.path.split(separator: "/").map(String.init)
        // androidpublisher v3 applications {package} edits [{edit}[:commit] [tracks {track}]]
        guard parts.count >= 5, parts[0] == "androidpublisher", parts[1] == "v3", parts[2] == "applications", parts[4] == "edits" else {
            return Self.error(404, "no such Android Publisher route")
        }
        switch (request.method, parts.count) {
        case ("POST", 5):
            nextEdit += 1
            let id = "edit-\(nextEdit)"
            edits[id] = [:]
            return (200, #"{"id": "\#(id)", "expiryTimeSeconds": "1999999999"}"#)
        case ("POST", 6) where parts[5].hasSuffix(":commit"):
            let id = String(parts[5].dropLast(":commit".count))
            guard let changed = edits.removeValue(forKey: id) else { return Self.error(404, "edit \(id) is not open") }
            tracks.merge(changed) { _, new in new }
            for (name, track) in changed.sorted(by: { $0.key < $1.key }) {
                let release = (track["releases"] as? [[String: Any]])?.first
                history.append(CommittedTrack(track: name, status: release?["status"] as? String ?? "", userFraction: release?["userFraction"] as? Double))
            }
            return (200, #"{"id": "\#(id)"}"#)
        case ("DELETE", 6):
            guard edits.removeValue(forKey: parts[5]) != nil else { return Self.error(404, "edit \(parts[5]) is not open") }
            return (204, "")
        case ("GET", 8) where parts[6] == "tracks":
            guard let edit = edits[parts[5]] else { return Self.error(404, "edit \(parts[5]) is not open") }
            let track = edit[parts[7]] ?? tracks[parts[7]] ?? ["track": parts[7], "releases": []]
            return (200, Self.json(track))
        case ("PUT", 8) where parts[6] == "tracks":
            return updateTrack(edit: parts[5], name: parts[7], request)
        default:
            return Self.error(404, "no such Android Publisher route: \(request.method) \(request.path)")
        }
    }

    private mutating func updateTrack(edit: String, name: String, _ request: Request) -> (Int, String) {
        guard edits[edit] != nil else { return Self.error(404, "edit \(edit) is not open") }
        guard request.headers["content-type"]?.hasPrefix("application/json") == true, let track = request.json,
              track["track"] as? String == name, let releases = track["releases"] as? [[String: Any]] else {
            return Self.error(400, "the body must be a Track with the path's track name and releases")
        }
        for release in releases {
            guard let status = release["status"] as? String, Self.statuses.contains(status) else {
                return Self.error(400, "release status must be draft, inProgress, halted or completed")
            }
            guard let codes = release["versionCodes"] as? [String], !codes.isEmpty, codes.allSatisfy({ Int64($0) != nil }) else {
                return Self.error(400, "versionCodes must be a non-empty list of int64 strings")
            }
            let fraction = release["userFraction"] as? Double
            if status == "inProgress" || status == "halted" {
                guard let fraction, fraction > 0, fraction < 1 else { return Self.error(400, "\(status) releases need a userFraction in (0, 1)") }
            } else if release["userFraction"] != nil {
                return Self.error(400, "userFraction is only allowed for inProgress and halted releases")
            }
            if status == "halted", !["inProgress", "halted"].contains(self.status(of: name) ?? "") {
                return Self.error(400, "only a release that is rolling out can be halted")
            }
        }
        edits[edit]?[name] = track
        return (200, request.text)
    }

    /// Google's error shape with `status` and `message`.
    static func error(_ status: Int, _ message: String) -> (Int, String) {
        (status, json(["error": ["code": status, "message": message, "status": status == 401 ? "UNAUTHENTICATED" : status == 404 ? "NOT_FOUND" : "INVALID_ARGUMENT"]]))
    }

    private static func json(_ object: [String: Any]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: object)) ?? Data(), as: UTF8.self)
    }
}
