import Foundation

/// The changed files of a change, project-relative, normalized, unique and sorted.
///
/// A rename counts as both its old and its new path (the old module lost a file, the new one
/// gained it); a deletion as the old path.
public struct ChangeSet: Sendable, Hashable, Codable {
    /// The changed paths.
    public private(set) var paths: [String]

    /// A change from paths as given (normalized and deduplicated here; empty entries dropped).
    public init(paths: some Sequence<String>) {
        self.paths = Set(paths.map(ProjectPath.normalize).filter { !$0.isEmpty }).sorted()
    }

    /// The same change with absolute paths inside `projectDirectory` made relative to it;
    /// absolute paths outside it are dropped (they cannot belong to the project).
    public func relative(to projectDirectory: String) -> ChangeSet {
        ChangeSet(paths: paths.compactMap { path in
            guard path.hasPrefix("/") else { return path }
            return ProjectPath.relative(path, to: projectDirectory)
        })
    }

    // MARK: Parsing

    /// Reads a `--changed-files` list: one path per line (spaces are part of the path). Lines
    /// of `git diff --name-status` (`M\tpath`, `R100\told\tnew`) are accepted too, so its
    /// output can be piped in unchanged.
    public static func parse(list text: String) -> ChangeSet {
        var paths: [String] = []
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = String(rawLine)
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count >= 2, isStatus(fields[0]) {
                paths += fields.dropFirst().filter { !$0.isEmpty }
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                paths.append(line)
            }
        }
        return ChangeSet(paths: paths)
    }

    /// Reads `git diff --name-status -z` output: a status field, then one path (two for a
    /// rename or copy), every field ended by NUL. Paths are taken byte for byte, so spaces,
    /// tabs and newlines in names survive.
    public static func parse(nameStatusZ data: Data) throws(ImpactError) -> ChangeSet {
        var fields = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        // Every field ends with NUL, so the split leaves one empty field after the last.
        if fields.last?.isEmpty == true { fields.removeLast() }
        var paths: [String] = []
        var index = 0
        while index < fields.count {
            let status = fields[index]
            if status.isEmpty { index += 1; continue }
            guard isStatus(status) else {
                throw .commandFailed(command: "git diff --name-status -z", status: 0, stderr: "unexpected status field '\(status)'")
            }
            let letter = status.first ?? "M"
            let count = (letter == "R" || letter == "C") ? 2 : 1
            guard index + count < fields.count else {
                throw .commandFailed(command: "git diff --name-status -z", status: 0, stderr: "output ends inside the entry for status '\(status)'")
            }
            let entryPaths = Array(fields[(index + 1)...(index + count)])
            // A copy leaves its source untouched: only the new path changed.
            paths += letter == "C" ? [entryPaths[1]] : entryPaths
            index += count + 1
        }
        return ChangeSet(paths: paths)
    }

    /// `M`, `A`, `D`, `T`, `U`, `X`, or `R`/`C` with an optional similarity score.
    private static func isStatus(_ field: String) -> Bool {
        guard let first = field.first, "MADTUXRC".contains(first) else { return false }
        return field.dropFirst().allSatisfy(\.isNumber) && field.count <= 4
    }
}
