import Foundation
import MemberwiseInit

/// What to start: an executable with arguments, environment and working directory.
@MemberwiseInit(.public)
public struct ProcessLaunch: Sendable, Equatable {
    /// Absolute path of the executable, e.g. `/bin/sh`.
    public var executable: String
    /// Arguments after the program name.
    public var arguments: [String]
    /// The complete environment of the child.
    public var environment: [String: String]
    /// The child's working directory; it must exist.
    public var workingDirectory: String

    /// `executable arguments…` in `directory` (this process's own when nil), with this
    /// process's environment plus `environment`; `executable` may be a name found on PATH.
    public static func command(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]
    ) -> ProcessLaunch {
        ProcessLaunch(
            executable: executable, arguments: arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, given in given },
            workingDirectory: directory ?? FileManager.default.currentDirectoryPath
        )
    }

    /// `/bin/sh -c command`.
    public static func shell(_ command: String, environment: [String: String], workingDirectory: String) -> ProcessLaunch {
        ProcessLaunch(executable: "/bin/sh", arguments: ["-c", command], environment: environment, workingDirectory: workingDirectory)
    }

    /// Rejects what C strings cannot carry (NUL bytes) and environment names with `=`.
    func validate() throws(ProcessGroupError) {
        let strings = [self.executable, self.workingDirectory] + self.arguments
            + self.environment.keys + self.environment.values
        if strings.contains(where: { $0.utf8.contains(0) }) {
            throw .invalidLaunch("a NUL byte in the command, its arguments or its environment")
        }
        if let bad = self.environment.keys.first(where: { $0.isEmpty || $0.contains("=") }) {
            throw .invalidLaunch("environment variable name \(bad.debugDescription) is not valid")
        }
    }
}

// MARK: - Finding executables

extension ProcessLaunch {
    /// The full path of `tool` in the folders of `searchPath` (a `PATH` value), or nil; a
    /// `tool` with a slash is checked as given.
    public static func locate(_ tool: String, searchPath: String) -> String? {
        if tool.contains("/") { return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil }
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
