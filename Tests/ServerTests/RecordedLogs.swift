import Logging
import Synchronization

/// Keeps every log line (message and metadata) so a test can look for secrets in them.
final class RecordedLogs: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    /// A logger at trace level writing here.
    func logger() -> Logger {
        var logger = Logger(label: "test") { _ in RecordingHandler(logs: self) }
        logger.logLevel = .trace
        return logger
    }

    private struct RecordingHandler: LogHandler {
        let logs: RecordedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            logs.append("\(event.level) \(event.message) \(merged)")
        }
    }
}
