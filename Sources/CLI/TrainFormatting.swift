import Foundation

// MARK: - Wire shapes

/// A train as `GET /api/v1/trains` lists it. Fields a server before them does not send are optional.
struct TrainSummary: Decodable {
    struct Definition: Decodable {
        struct Version: Decodable {
            var scheme: String
            var bump: String?
            var format: String?
        }

        struct Rollout: Decodable {
            struct Android: Decodable {
                var track: String
                var steps: [Double]
                /// Seconds.
                var soak: Double
            }

            struct IOS: Decodable {
                var phased: Bool
            }

            var android: Android
            var ios: IOS
        }

        struct HealthRule: Decodable {
            var metric: String
            var comparator: String
            var threshold: Double
            var min_sample: Int
        }

        var repository: String
        var platforms: [String]
        var cadence: String
        var version: Version?
        var release_branch: String
        var rc_pipeline: String
        var signoff: [String]
        var rollout: Rollout?
        var health: [HealthRule]?
        var health_halt: String?
    }

    var id: Int64
    var name: String
    var source: String
    var definition: Definition
    var nextStart: Date?
    var problems: [String]?
}

/// `GET /api/v1/trains` answer.
struct TrainList: Decodable {
    var trains: [TrainSummary]
}

// MARK: - TrainFormatting

/// How a train prints for people: `trains show`.
enum TrainFormatting {
    /// The `trains show` text: everything the train file says, and what the server lacks to run it.
    static func printDetail(_ train: TrainSummary) {
        let definition = train.definition
        print("Train \(train.id): \(train.name) (\(train.source))")
        print("Repository:   \(definition.repository)")
        print("Platforms:    \(definition.platforms.joined(separator: ", "))")
        print("Cadence:      \(definition.cadence)" + (train.nextStart.map { ", next \(Output.time($0))" } ?? ""))
        if let version = definition.version {
            print("Version:      " + (version.scheme == "calver" ? "calver \(version.format ?? "?")" : "semver, bump \(version.bump ?? "minor")"))
        }
        print("Branch:       \(definition.release_branch)")
        print("RC pipeline:  \(definition.rc_pipeline)")
        print("Sign-off:     \(definition.signoff.isEmpty ? "none" : definition.signoff.joined(separator: ", "))")
        if let rollout = definition.rollout {
            for line in rolloutLines(rollout, platforms: definition.platforms) { print(line) }
        }
        if let rules = definition.health {
            print("Health:       " + (rules.isEmpty ? "no rules" : "breach when " + rules.map(rule).joined(separator: "; ")))
            if !rules.isEmpty {
                print("              a breach halts " + (definition.health_halt == "breached_store" ? "the store that breached" : "every store"))
            }
        }
        for (index, problem) in (train.problems ?? []).enumerated() {
            print((index == 0 ? "Problems:     " : "              ") + problem)
        }
    }

    /// One line per store of the train.
    static func rolloutLines(_ rollout: TrainSummary.Definition.Rollout, platforms: [String]) -> [String] {
        var lines: [String] = []
        if platforms.contains("android") {
            let steps = rollout.android.steps.map(ReleaseFormatting.percent).joined(separator: ", ")
            lines.append("Google Play \(rollout.android.track): \(steps), each soaking \(duration(rollout.android.soak))")
        }
        if platforms.contains("ios") {
            lines.append("App Store: " + (rollout.ios.phased ? "phased release over 7 days" : "everyone at once"))
        }
        return lines.enumerated().map { ($0.offset == 0 ? "Rollout:      " : "              ") + $0.element }
    }

    /// `crash_free_users < 99.5 (min sample 1000)`.
    static func rule(_ rule: TrainSummary.Definition.HealthRule) -> String {
        let threshold = rule.threshold == rule.threshold.rounded() ? String(Int(rule.threshold)) : String(rule.threshold)
        return "\(rule.metric) \(rule.comparator) \(threshold)" + (rule.min_sample > 0 ? " (min sample \(rule.min_sample))" : "")
    }

    /// Seconds as the train file writes them: `24h`, `30m`, `1d12h`, `45s`.
    static func duration(_ seconds: Double) -> String {
        var rest = Int(seconds.rounded())
        guard rest > 0 else { return "0s" }
        var text = ""
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }
}
