import Foundation

/// Runs a tool found on PATH (`git`, `swift`) and returns its standard output.
///
/// Standard error goes to a temporary file rather than a second pipe: reading two pipes from
/// one thread can deadlock when the tool fills the one not being read.
struct CommandRunner: Sendable {
    /// The PATH to search; the process environment's by default.
    let searchPath: String

    /// A runner searching the given PATH (the process's own when nil).
    init(searchPath: String? = nil) {
        self.searchPath = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    }

    /// The full path of `tool` on PATH, or nil.
    func locate(_ tool: String) -> String? {
        if tool.contains("/") { return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil }
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `tool arguments…` in `directory` and returns stdout; a non-zero exit is an error
    /// carrying the tool's stderr.
    func run(_ tool: String, _ arguments: [String], in directory: String? = nil) throws(ImpactError) -> Data {
        guard let executable = locate(tool) else { throw .toolNotFound(tool) }
        let commandLine = ([tool] + arguments).joined(separator: " ")
        let errorFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("mobile-ops-impact-\(UUID().uuidString).stderr")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil),
              let errorHandle = try? FileHandle(forWritingTo: errorFile) else {
            throw .commandFailed(command: commandLine, status: -1, stderr: "cannot create a temporary file")
        }
        defer {
            try? errorHandle.close()
            try? FileManager.default.removeItem(at: errorFile)
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .commandFailed(command: commandLine, status: -1, stderr: "\(error)")
        }
        // Drain stdout before waiting, so a large output cannot block the tool on a full pipe.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw .commandFailed(
                command: commandLine, status: process.terminationStatus,
                stderr: stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            )
        }
        return data
    }
}
