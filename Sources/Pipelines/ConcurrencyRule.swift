import MemberwiseInit

/// Limits how many builds of a kind run at once: builds whose rendered `group` is equal share
/// one slot. Written under `concurrency:` in a pipeline file.
///
/// The group is a template; `{repository}`, `{branch}`, `{pr}` and `{pipeline}` are replaced
/// per build. Groups are global to the server, so include `{repository}` unless builds of
/// several repositories should share one.
@MemberwiseInit(.public)
public struct ConcurrencyRule: Sendable, Equatable, Codable {
    /// The template, e.g. `{repository}/pr-{pr}`.
    public var group: String
    /// `true`: a new build cancels the group's running and pending builds. `false`: it waits
    /// until they finish.
    public var cancelInProgress: Bool = false

    /// The placeholders a group template may use.
    public static let placeholders = ["repository", "branch", "pr", "pipeline"]

    // MARK: Rendering

    /// The group for one build. `{pr}` falls back to the branch for builds that do not come
    /// from a pull request, so manual and push builds do not all share one group; `{branch}`
    /// is empty when the build has no branch (tag builds).
    public func groupName(repository: String, branch: String?, pr: Int?, pipeline: String) -> String {
        let values = [
            "repository": repository,
            "branch": branch ?? "",
            "pr": pr.map(String.init) ?? branch ?? "",
            "pipeline": pipeline,
        ]
        var result = ""
        for part in ConcurrencyRule.parts(of: group) {
            switch part {
            case .text(let text): result += text
            case .placeholder(let name): result += values[name] ?? "{\(name)}"
            case .unclosed(let text): result += text
            }
        }
        return result
    }

    // MARK: Template parsing

    /// A piece of a group template.
    enum Part: Equatable {
        case text(String)
        case placeholder(String)
        case unclosed(String)
    }

    /// Splits a template into text and `{name}` placeholders; a `{` without `}` is `unclosed`.
    static func parts(of template: String) -> [Part] {
        var parts: [Part] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else {
                parts.append(.unclosed(String(rest[open...])))
                return parts
            }
            parts.append(.placeholder(String(rest[afterOpen..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        return parts
    }
}
