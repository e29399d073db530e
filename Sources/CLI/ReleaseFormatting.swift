import Foundation

// MARK: - Wire shapes

/// A release as `GET /api/v1/releases/{id}` answers it (the fields the CLI prints).
struct ReleaseSummary: Decodable {
    struct Approval: Decodable {
        var gate: String
        var by: String
    }

    struct Event: Decodable {
        var action: String
        var from: String
        var to: String
        var actor: String
        var at: Date
        var detail: String
    }

    struct Store: Decodable {
        var state: String
        var percent: Double
        var storeState: String?
    }

    struct CandidateBuild: Decodable {
        var id: Int64
        var number: Int
        var state: String
        var commitSHA: String
    }

    var id: Int64
    var train: String
    var version: String
    var kind: String
    var state: String
    var haltedFrom: String?
    var reason: String?
    var branch: String
    var rcBuildID: Int64?
    var approvals: [Approval]
    var missingGates: [String]
    var allowedActions: [String]
    var rolloutPercent: Double
    var stores: [String: Store]?
    var rcBuild: CandidateBuild?
    var problem: String?
    var createdAt: Date
    var events: [Event]?
}

/// `GET /api/v1/releases` answer.
struct ReleaseList: Decodable {
    var releases: [ReleaseSummary]
}

// MARK: - ReleaseFormatting

/// How releases and trains print for people.
enum ReleaseFormatting {
    /// One `releases list` row.
    static func row(_ release: ReleaseSummary) -> [String] {
        [
            String(release.id), release.train, release.version, release.kind, release.state,
            percent(release.rolloutPercent), release.branch, Output.time(release.createdAt),
        ]
    }

    /// `5%` or `0.5%`.
    static func percent(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))%" : "\(value)%"
    }

    /// The `releases show` text.
    static func printDetail(_ release: ReleaseSummary) {
        print("Release \(release.id): \(release.train) \(release.version) (\(release.kind))")
        print("State:     \(release.state)" + (release.haltedFrom.map { " (from \($0))" } ?? "") + (release.reason.map { ": \($0)" } ?? ""))
        print("Branch:    \(release.branch)")
        if let build = release.rcBuild {
            print("RC build:  #\(build.number) (id \(build.id)) \(build.state) at \(build.commitSHA)")
        } else {
            print("RC build:  \(release.rcBuildID.map(String.init) ?? "none yet")")
        }
        let signed = release.approvals.map { "\($0.gate) by \($0.by)" }
        print("Sign-off:  " + (signed.isEmpty ? "none" : signed.joined(separator: ", ")) + (release.missingGates.isEmpty ? "" : "; missing \(release.missingGates.joined(separator: ", "))"))
        let byHand = (release.stores ?? [:]).values.contains { $0.state == "recorded_by_hand" }
        // After a manual advance to released, the shares are the last the train saw, not 100%.
        print("Rollout:   " + (byHand ? "released by hand; the stores as the train last saw them:" : "\(percent(release.rolloutPercent)) reached on every store"))
        for (platform, store) in (release.stores ?? [:]).sorted(by: { $0.key < $1.key }) {
            let name = platform == "ios" ? "App Store" : platform == "android" ? "Google Play" : platform
            print("  \(name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(store.state) at \(percent(store.percent))" + (store.storeState.map { " (\($0))" } ?? ""))
        }
        print("Next:      " + (release.allowedActions.isEmpty ? "nothing" : release.allowedActions.joined(separator: ", ")))
        if let problem = release.problem { print("Waiting:   \(problem)") }
        guard let events = release.events, !events.isEmpty else { return }
        print("")
        Output.table(["WHEN", "ACTION", "FROM", "TO", "BY", "DETAIL"], events.map { event in
            [Output.time(event.at), event.action, event.from, event.to, event.actor, event.detail]
        })
    }
}
