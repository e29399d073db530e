import Foundation
import YAMLReading
import Yams

// MARK: - Top level

extension YAMLNodeReader {
    /// The keys allowed at the top of a train definition.
    static let trainKeys = TrainDefinition.CodingKeys.allCases.map(\.rawValue)

    /// A whole train, or `nil` when the definition is so wrong nothing could be read.
    mutating func train(from root: Node) -> TrainDefinition? {
        let what = "a train definition"
        guard let fields = entries(of: root, what, allowed: Self.trainKeys) else { return nil }
        let name = required(fields, "name", in: what).flatMap { slug($0, "name") } ?? ""
        let repository = required(fields, "repository", in: what).flatMap { word($0, "repository") } ?? ""
        let platforms = required(fields, "platforms", in: what).map { self.platforms($0) } ?? []
        let cadence = fields["cadence"].flatMap { self.cadence($0) } ?? .manual
        let scheme = fields["version"].flatMap { versionScheme($0) } ?? .semver(bump: .minor)
        let branch = fields["release_branch"].flatMap { releaseBranch($0) } ?? "release/{version}"
        let pipeline = required(fields, "rc_pipeline", in: what).flatMap { slug($0, "rc_pipeline") } ?? ""
        let gates = fields["signoff"].map { Self.isNull($0) ? [] : slugList($0, "signoff") } ?? []
        let rollout = fields["rollout"].map { self.rollout($0, platforms: platforms) } ?? RolloutPlan()
        var health = fields["health"].map { self.health($0) } ?? ([], .all)
        // The JSON form of a definition (what the API answers) keeps the scope at the top.
        if let scope = fields["health_halt"].flatMap({ self.haltScope($0) }) { health.halt = scope }
        return TrainDefinition(
            name: name, repository: repository, platforms: platforms, cadence: cadence, versionScheme: scheme,
            releaseBranchPattern: branch, rcPipeline: pipeline, signoffGates: gates, rollout: rollout,
            healthRules: health.rules, healthHalt: health.halt
        )
    }

    // MARK: Fields

    /// `[ios, android]` (or one of them): known platforms, each once, at least one.
    private mutating func platforms(_ node: Node) -> [ReleasePlatform] {
        guard let items = items(node, "platforms") else { return [] }
        var result: [ReleasePlatform] = []
        let known = ReleasePlatform.allCases.map(\.rawValue)
        for item in items {
            guard let name = text(item, "each item of platforms") else { continue }
            guard let platform = ReleasePlatform(rawValue: name) else {
                report("unknown platform '\(name)'\(KeySuggestion.hint(for: name, in: known)); platforms are \(known.joined(separator: ", "))", at: item)
                continue
            }
            if result.contains(platform) {
                report("platform '\(name)' appears twice in platforms", at: item)
            } else {
                result.append(platform)
            }
        }
        if items.isEmpty { report("platforms must name at least one of ios, android", at: node) }
        return result
    }

    /// The one-line cadence, reported at its value.
    private mutating func cadence(_ node: Node) -> Cadence? {
        guard let line = text(node, "cadence") else { return nil }
        do {
            return try Cadence(parsing: line)
        } catch {
            report("cadence: \(error.description)", at: node)
            return nil
        }
    }

    /// `{scheme: semver, bump: minor}` or `{scheme: calver, format: YYYY.0W.N}`.
    private mutating func versionScheme(_ node: Node) -> VersionScheme? {
        guard let fields = entries(of: node, "version", allowed: ["scheme", "bump", "format"]),
            let schemeNode = required(fields, "scheme", in: "version"),
            let scheme = text(schemeNode, "version.scheme")
        else { return nil }
        switch scheme {
        case "semver":
            if let format = fields.keys["format"] { report("format is for calver; semver takes 'bump'", at: format) }
            guard let bumpNode = fields["bump"] else { return .semver(bump: .minor) }
            guard let bumpText = text(bumpNode, "version.bump") else { return nil }
            guard let bump = SemverPart(rawValue: bumpText) else {
                report("version.bump must be major, minor or patch, found \"\(bumpText)\"", at: bumpNode)
                return nil
            }
            return .semver(bump: bump)
        case "calver":
            if let bump = fields.keys["bump"] { report("bump is for semver; calver takes 'format'", at: bump) }
            guard let formatNode = required(fields, "format", in: "version (calver)"), let text = text(formatNode, "version.format") else {
                return nil
            }
            do {
                return .calver(try CalendarVersionFormat(parsing: text))
            } catch {
                report(error.description, at: formatNode)
                return nil
            }
        default:
            report("version.scheme must be semver or calver, found \"\(scheme)\"\(KeySuggestion.hint(for: scheme, in: ["semver", "calver"]))", at: schemeNode)
            return nil
        }
    }

    /// A branch pattern with `{version}` that is a valid git branch name once filled in.
    private mutating func releaseBranch(_ node: Node) -> String? {
        guard let pattern = word(node, "release_branch") else { return nil }
        guard pattern.contains(TrainDefinition.versionPlaceholder) else {
            report("release_branch must contain {version}, e.g. release/{version}", at: node)
            return nil
        }
        let sample = pattern.replacingOccurrences(of: TrainDefinition.versionPlaceholder, with: "1.0.0")
        let forbidden = ["..", "~", "^", ":", "?", "*", "[", "\\", "@{", "//", "{", "}"]
        if let bad = forbidden.first(where: sample.contains) ?? (sample.hasPrefix("/") || sample.hasSuffix("/") || sample.hasPrefix("-") || sample.hasSuffix(".lock") ? "position" : nil) {
            let detail = bad == "position" ? "must not start with '/' or '-' or end with '/' or '.lock'" : "must not contain '\(bad)'"
            report("release_branch is not a valid git branch name: it \(detail)", at: node)
            return nil
        }
        return pattern
    }
}
