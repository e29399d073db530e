#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The one way a project reader opens, lists or probes a file: only inside the boundary (the
/// repository's checkout on the server), never through a symlink that leads out of it.
///
/// Build files name other files (`include:`, `projectDir = file(…)`, `includeBuild(…)`, local
/// package paths), and a branch anyone can push decides what they say: an absolute path, a
/// climb with `..`, or a committed symlink would point the server's readers at any file on
/// the machine. Every path is therefore walked component by component from the boundary,
/// each symlink resolved by hand, and refused the moment it leaves; whether a path outside
/// exists is never looked at, so the answer cannot tell it either.
///
/// Paths are written as build files write them: relative to the project folder, with `..`,
/// or absolute. Messages show them relative to the boundary when they stay inside, as written
/// when they do not, and never show file content.
public struct ProjectFiles: Sendable {
    /// What a path names.
    public enum Entry: Sendable, Equatable {
        /// A regular file inside the boundary.
        case file
        /// A folder inside the boundary.
        case folder
        /// Something else inside the boundary (a FIFO, a device): never read.
        case other
        /// Nothing at that path inside the boundary.
        case missing
        /// A path (or a symlink on the way) that leads outside the boundary.
        case outside
    }

    /// The project folder, as the caller named it.
    public let project: String
    /// The boundary without symlinks.
    let boundary: String
    /// The boundary as the caller spelled it (absolute paths in build files may use either).
    private let boundarySpelling: String
    /// The project folder's components below the boundary.
    private let offset: [String]
    /// Set when the analysis reading these files was stopped (deadline, shutdown): reads and
    /// listings then stop at once, so a project that names thousands of files cannot keep
    /// the analysis's thread (and its slot) after its caller got its answer.
    private let cancellation: Cancellation?

    /// The largest file a reader opens: far above any real build file, far below what would
    /// strain the server.
    public static let fileLimit = 8 << 20
    /// The most entries one walk visits (``walk(_:skipping:)``).
    static let walkLimit = 200_000

    /// Files of the project in `project`, which must lie inside `boundary` (the project folder
    /// itself when nil); `cancellation` stops every read and listing once it is set.
    public init(project: String, boundary: String? = nil, cancellation: Cancellation? = nil) throws(ImpactError) {
        guard let realProject = Self.realPath(project) else {
            throw .unreadableFile(path: project, reason: "no such folder")
        }
        var realBoundary = realProject
        if let boundary {
            guard let resolved = Self.realPath(boundary) else { throw .unreadableFile(path: boundary, reason: "no such folder") }
            realBoundary = resolved
        }
        guard let below = Self.components(of: realProject, below: realBoundary) else {
            throw .outsideRepository(path: project, namedIn: nil)
        }
        self.project = project
        self.boundary = realBoundary
        self.boundarySpelling = boundary.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? realBoundary
        self.offset = below
        self.cancellation = cancellation
    }

    // MARK: Probing

    /// What `path` names; a path leading outside is `.outside` whether or not it exists there.
    public func entry(_ path: String) -> Entry {
        guard case let .inside(components, exists) = place(of: path) else { return .outside }
        guard exists else { return .missing }
        var info = stat()
        guard lstat(absolute(components), &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// The absolute, symlink-free path `path` leads to, when it exists inside the boundary.
    public func location(_ path: String) -> String? {
        guard case let .inside(components, true) = place(of: path) else { return nil }
        return absolute(components)
    }

    /// Whether `path` is a regular file inside the boundary.
    public func isFile(_ path: String) -> Bool { entry(path) == .file }

    /// Whether `path` is a folder inside the boundary.
    public func isFolder(_ path: String) -> Bool { entry(path) == .folder }

    /// `path` as messages show it: relative to the boundary when it stays inside by its
    /// spelling, as written otherwise (the build file's own text, never a server folder).
    public func shown(_ path: String) -> String {
        if path.hasPrefix("/") {
            return Self.components(of: path, below: boundary).map(Self.joined)
                ?? Self.components(of: path, below: boundarySpelling).map(Self.joined) ?? path
        }
        let joined = ProjectPath.join(offset.joined(separator: "/"), path)
        return joined.hasPrefix("..") || joined.hasPrefix("/") ? path : (joined.isEmpty ? "." : joined)
    }

    // MARK: Reading

    /// The UTF-8 text of the file at `path`; `namedIn` is the file that named it, for the
    /// refusal's message. - Throws: ``ImpactError/outsideRepository(path:namedIn:)`` for a
    /// path leading outside, ``ImpactError/unreadableFile(path:reason:)`` otherwise.
    public func read(_ path: String, namedIn: String? = nil) throws(ImpactError) -> String {
        guard cancellation?.isCancelled != true else { throw .unreadableFile(path: shown(path), reason: "the analysis was stopped") }
        guard case let .inside(components, exists) = place(of: path) else {
            throw .outsideRepository(path: shown(path), namedIn: namedIn)
        }
        let file = absolute(components)
        var info = stat()
        guard exists, lstat(file, &info) == 0 else { throw .unreadableFile(path: shown(path), reason: "it does not exist") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .unreadableFile(path: shown(path), reason: "it is not a regular file") }
        guard Int(info.st_size) <= Self.fileLimit else {
            throw .unreadableFile(path: shown(path), reason: "it is larger than \(Self.fileLimit >> 20) MiB")
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .unreadableFile(path: shown(path), reason: "it cannot be opened")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadableFile(path: shown(path), reason: "it is not UTF-8 text")
        }
        return text
    }

    /// The text at `path`, or nil when nothing is there; a file that is there but refused or
    /// unreadable adds a warning (readers widen on it rather than drop it silently).
    func readIfPresent(_ path: String, warnings: inout [String]) -> String? {
        guard entry(path) != .missing else { return nil }
        do {
            return try read(path)
        } catch {
            warnings.append(error.description)
            return nil
        }
    }

    // MARK: Listing

    /// The names in the folder at `path`, sorted; none when it is not a folder inside.
    public func list(_ path: String) -> [String] {
        guard cancellation?.isCancelled != true, case let .inside(components, true) = place(of: path), entry(path) == .folder else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: absolute(components))) ?? []).sorted()
    }

    // MARK: Resolution

    /// Where a path leads: components below the boundary (and whether every one of them
    /// exists), or outside.
    enum Place {
        case inside([String], exists: Bool)
        case outside
    }

    /// Walks `path` from the boundary, one component at a time, resolving each symlink by
    /// hand. Once a component is missing the rest is followed by spelling only, so the answer
    /// depends on what the checkout holds, never on what exists outside it.
    func place(of path: String) -> Place {
        var pending: [Substring]
        if path.hasPrefix("/") {
            guard let below = Self.components(of: path, below: boundary) ?? Self.components(of: path, below: boundarySpelling) else {
                return .outside
            }
            pending = below.map { Substring($0) }
        } else {
            pending = offset.map { Substring($0) } + path.split(separator: "/", omittingEmptySubsequences: true)
        }
        pending.reverse()
        var resolved: [String] = []
        var exists = true
        var links = 0
        while let part = pending.popLast() {
            if part.isEmpty || part == "." { continue }
            if part == ".." {
                guard !resolved.isEmpty else { return .outside }
                resolved.removeLast()
                continue
            }
            resolved.append(String(part))
            guard exists else { continue }
            let candidate = absolute(resolved)
            var info = stat()
            guard lstat(candidate, &info) == 0 else {
                exists = false
                continue
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { continue }
            links += 1
            // A loop (or a chain longer than the kernel's own limit) names nothing.
            guard links <= 40, let target = Self.linkTarget(candidate) else {
                exists = false
                continue
            }
            resolved.removeLast()
            if target.hasPrefix("/") {
                guard let below = Self.components(of: target, below: boundary) ?? Self.components(of: target, below: boundarySpelling) else {
                    return .outside
                }
                resolved = []
                pending += below.reversed().map { Substring($0) }
            } else {
                pending += target.split(separator: "/", omittingEmptySubsequences: true).reversed()
            }
        }
        return .inside(resolved, exists: exists)
    }

    /// The absolute path of components below the boundary.
    func absolute(_ components: [String]) -> String {
        guard !components.isEmpty else { return boundary }
        return (boundary == "/" ? "" : boundary) + "/" + components.joined(separator: "/")
    }

    /// The components of absolute `path` below `root` (spelling only, `..` kept for the walk
    /// to judge), or nil when it does not start there.
    private static func components(of path: String, below root: String) -> [String]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.map(String.init)
        let rootParts = root.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.count >= rootParts.count, Array(parts.prefix(rootParts.count)) == rootParts else { return nil }
        let below = Array(parts.dropFirst(rootParts.count))
        // `root/../x` starts with root's spelling but leaves it.
        var depth = 0
        for part in below {
            depth += part == ".." ? -1 : 1
            if depth < 0 { return nil }
        }
        return below
    }

    private static func joined(_ components: [String]) -> String {
        components.isEmpty ? "." : components.joined(separator: "/")
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `realpath(3)`: every symlink and `..` resolved; nil when the path does not exist.
    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
