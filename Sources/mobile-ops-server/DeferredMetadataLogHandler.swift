import Logging

/// The server's log handler: swift-log's `StreamLogHandler` on standard error, the same lines,
/// except that the logger's metadata is formatted when a line is written, not when it is set.
///
/// Hummingbird gives every request's logger its request id, and `StreamLogHandler` formats its
/// whole metadata again on each change: every request paid for a text that a successful
/// request (logged at debug, below the default level) never prints.
struct DeferredMetadataLogHandler: LogHandler {
    /// Writes the lines; holds no metadata of its own, so setting ours costs it nothing.
    private var stream: StreamLogHandler
    /// The logger's metadata, as set; merged into each line's own when one is written.
    var metadata: Logger.Metadata = [:]

    /// A handler for `label` writing lines at `level` and above to standard error.
    init(label: String, level: Logger.Level) {
        stream = StreamLogHandler.standardError(label: label)
        stream.logLevel = level
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        // A line's own metadata wins over the logger's, as in `StreamLogHandler`.
        if !metadata.isEmpty {
            event.metadata = metadata.merging(event.metadata ?? [:]) { _, own in own }
        }
        stream.log(event: event)
    }
}
