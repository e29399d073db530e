import Core
import Foundation
import Impact

/// A path a request names inside a repository (`project`, a `graph` file), checked twice:
/// by its spelling when the request is decoded, and after checkout by where it really leads.
///
/// Joining a caller's path to a checkout unchecked lets `../..` or a committed symlink point
/// the server's readers and git at any folder on the machine. Errors name the path as the
/// caller wrote it, never the server folder it was resolved in.
public enum RepositoryPath {
    /// `path` in normal form (`./a//b/` → `a/b`, the root → `.`), or a 400 when it is not a
    /// plain relative path: absolute, a `..` component, a NUL byte or a backslash.
    public static func validate(_ path: String, field: String) throws(ServiceError) -> String {
        let refusal = "'\(field)' must be a path inside the repository, relative to its root, without '..'"
        guard !path.hasPrefix("/"), !path.contains("\0"), !path.contains("\\") else {
            throw .badRequest(refusal, code: "invalid_\(field)")
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !parts.contains("..") else {
            throw .badRequest(refusal, code: "invalid_\(field)")
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// What a path must name.
    enum Kind {
        case folder
        case file
    }

    /// The absolute, symlink-free path of `path` (already validated) inside `checkout`. A 400
    /// when it does not exist at that revision, is not a `kind`, or leads outside the checkout
    /// through a symlink: decided by ``ProjectFiles`` like every file a reader opens, so the
    /// answer never depends on what exists outside the checkout.
    static func resolve(_ path: String, in checkout: String, field: String, kind: Kind) throws(ServiceError) -> String {
        let what = kind == .folder ? "folder" : "file"
        let missing = ServiceError.badRequest("'\(field)' names '\(path)', which is not a \(what) in the repository at that revision", code: "invalid_\(field)")
        guard let files = try? ProjectFiles(project: checkout) else { throw missing }
        switch (files.entry(path), kind) {
        case (.outside, _):
            throw .badRequest("'\(field)' names '\(path)', which leads outside the repository", code: "invalid_\(field)")
        case (.folder, .folder), (.file, .file):
            guard let resolved = files.location(path) else { throw missing }
            return resolved
        default:
            throw missing
        }
    }
}
