#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension ProjectFiles {
    /// Every file below the folder at `path`, as paths like `path` (`path/a/b.kt`), sorted.
    /// Folders `skipping` accepts (given relative to `path`) are not entered, symlinked
    /// folders are never entered, and a symlinked file counts only when it stays inside;
    /// those that lead out are listed in `refused`. `complete` is false when the walk stopped
    /// at ``walkLimit`` entries.
    func walk(_ path: String, skipping: (String) -> Bool = { _ in false }) -> (files: [String], refused: [String], complete: Bool) {
        var files: [String] = []
        var refused: [String] = []
        var folders = [""]
        var visited = 0
        while let folder = folders.popLast() {
            let here = folder.isEmpty ? path : path + "/" + folder
            guard case let .inside(components, true) = place(of: here) else { continue }
            for name in list(here) {
                visited += 1
                guard visited <= Self.walkLimit else { return (files.sorted(), refused.sorted(), false) }
                let relative = folder.isEmpty ? name : folder + "/" + name
                let child = here + "/" + name
                var info = stat()
                guard lstat(absolute(components + [name]), &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if !skipping(relative) { folders.append(relative) }
                case S_IFREG:
                    files.append(child)
                case S_IFLNK:
                    // Followed only to a file: a symlinked folder could loop or lead far.
                    switch entry(child) {
                    case .file: files.append(child)
                    case .outside: refused.append(child)
                    default: break
                    }
                default:
                    break
                }
            }
        }
        return (files.sorted(), refused.sorted(), true)
    }
}
