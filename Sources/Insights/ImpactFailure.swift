import Core
import Foundation
import Impact

/// Turns an ``ImpactError`` met while reading a checkout into the API's 400, in the caller's
/// terms.
///
/// The readers in `Impact` name absolute paths and advise CLI flags, which suits a developer
/// at a terminal. An API caller knows only the repository: paths are shown relative to the
/// checkout's root, the server's own folders (data folder, mirrors, checkouts) never appear,
/// and the advice names the request's fields.
struct ImpactFailure: Sendable {
    /// The throwaway checkout the request reads (repository-relative paths start here).
    let checkout: String
    /// Server folders to hide wherever they still appear (tool output, command lines).
    let hidden: [String]

    /// What the caller can do when the project cannot be read without a graph.
    static let graphAdvice = "give 'graph': a module graph object, or the repository path of a module graph file read at 'head' "
        + "(see docs/impact-graph-format.md)"

    /// The 400 for `error`.
    func apiError(_ error: ImpactError) -> ServiceError {
        switch error {
        case let .graphRequired(directory, _):
            return .badRequest(
                "'\(repositoryPath(directory))' is a Swift package, and the server never runs a Package.swift to read it; \(Self.graphAdvice)",
                code: "graph_required"
            )
        case let .unknownProjectKind(directory):
            return .badRequest(
                "'\(repositoryPath(directory))' has no Package.swift, settings.gradle(.kts) or project.yml; \(Self.graphAdvice)",
                code: "graph_required"
            )
        default:
            return .badRequest(scrub(error.description), code: "impact_failed")
        }
    }

    /// The 400 for `error` met while reading a project for dependency checks, which read the
    /// project's own build files only (there is no graph to give instead).
    func checksError(_ error: ImpactError) -> ServiceError {
        switch error {
        case let .graphRequired(directory, _):
            return .badRequest(
                "'\(repositoryPath(directory))' is a Swift package, and the server never runs a Package.swift to read it; "
                    + "run `mobile-ops checks deps` in a pipeline step (`checks: deps`) instead",
                code: "unreadable_project"
            )
        case let .unknownProjectKind(directory):
            return .badRequest(
                "'\(repositoryPath(directory))' has no settings.gradle(.kts), project.yml or Package.swift to read modules from",
                code: "unreadable_project"
            )
        default:
            return .badRequest(scrub(error.description), code: "unreadable_project")
        }
    }

    /// `path` relative to the checkout's root (`.` for the root itself); a path outside it is
    /// not shown at all.
    func repositoryPath(_ path: String) -> String {
        for root in roots {
            if path == root { return "." }
            if path.hasPrefix(root + "/") { return String(path.dropFirst(root.count + 1)) }
        }
        return "(a path outside the repository)"
    }

    /// `text` with every checkout path made repository-relative and every other server folder
    /// replaced by a neutral word.
    func scrub(_ text: String) -> String {
        var text = text
        for root in roots {
            text = text.replacingOccurrences(of: root + "/", with: "")
            text = text.replacingOccurrences(of: root, with: ".")
        }
        // Longest first, so a folder inside another is not left half replaced.
        for folder in hidden.sorted(by: { $0.count > $1.count }) where !folder.isEmpty {
            text = text.replacingOccurrences(of: folder, with: "<server>")
        }
        return text
    }

    /// The checkout as spelled here and with symlinks resolved (git prints the resolved one).
    private var roots: [String] {
        let resolved = URL(fileURLWithPath: checkout).resolvingSymlinksInPath().path
        return resolved == checkout ? [checkout] : [checkout, resolved]
    }
}
