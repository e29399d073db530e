import Foundation

/// Small file-system helpers for folder-loading tests, kept apart so the tests read as
/// statements about pipelines rather than about FileManager.
enum FileManagerPath {
    /// Writes UTF-8 text to `directory/name`, returning the path.
    @discardableResult
    static func write(_ text: String, to name: String, in directory: String) throws -> String {
        let path = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Deletes a file or directory tree; missing paths are fine.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The repository root, found from this source file: `Tests/PipelinesTests/<file>` is
    /// three levels below it. Used to read the shipped `pipelines/` examples.
    static func packageRoot(filePath: String = #filePath) -> String {
        var url = URL(fileURLWithPath: filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }

    /// The `*.yml` files in a directory, sorted.
    static func yamlFiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted().map { directory + "/" + $0 }
    }
}
