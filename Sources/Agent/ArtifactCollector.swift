#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Core
import Foundation

// MARK: - ArtifactCollector

/// Finds the files a job's `artifacts` globs match in its workspace.
///
/// Patterns are relative to the workspace and matched with `fnmatch` against each file's
/// relative path, where `*` also crosses `/` (so `build/**/*.ipa` works as expected).
/// Absolute patterns and patterns with `..` are ignored: artifacts come from the workspace.
/// The agent uploads each match (see `JobExecutor.uploadArtifacts`).
public enum ArtifactCollector {
    /// The most files looked at, so a huge workspace cannot stall the end of a job.
    public static let scanLimit = 200_000

    /// Relative paths of regular files under `workspace` matching any of `patterns`, sorted.
    public static func matches(_ patterns: [String], in workspace: String) -> [String] {
        Set(matches(eachOf: patterns, in: workspace).joined()).sorted()
    }

    /// For each of `patterns`, in order, the relative paths of the regular files it matches,
    /// sorted: one walk of the workspace, so a step can tell which pattern matched nothing.
    /// An absolute pattern or one with `..` matches nothing.
    public static func matches(eachOf patterns: [String], in workspace: String) -> [[String]] {
        let usable = patterns.map(CheckoutPath.staysInside)
        var found = patterns.map { _ in [String]() }
        guard usable.contains(true), let enumerator = FileManager.default.enumerator(atPath: workspace) else { return found }
        var scanned = 0
        while let relative = enumerator.nextObject() as? String, scanned < Self.scanLimit {
            scanned += 1
            if relative == ".git" || relative.hasPrefix(".git/") {
                enumerator.skipDescendants()
                continue
            }
            let matching = patterns.indices.filter { usable[$0] && fnmatch(patterns[$0], relative, 0) == 0 }
            guard !matching.isEmpty else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: workspace + "/" + relative, isDirectory: &isDirectory),
               !isDirectory.boolValue {
                for index in matching { found[index].append(relative) }
            }
        }
        return found.map { $0.sorted() }
    }
}
