import BuildMetrics
import Foundation
import Synchronization

/// Feeds a job's output, as it streams, to the Gradle and xcodebuild parsers, so the agent can
/// report tasks, targets and test counts without keeping the log.
///
/// Memory stays bounded: the parsers keep only their per-line state and what they found
/// (one record per task), and after ``maxBytes`` of output the rest is not parsed (the job
/// itself is unaffected). Parsers never throw: garbled output yields what could be read.
public final class BuildOutputTap: Sendable {
    /// Output parsed at most; later output is only streamed to the server.
    public let maxBytes: Int

    private struct State {
        var gradle = GradleLogParser()
        var xcode = XcodebuildLogParser()
        var fed = 0
    }

    private let state = Mutex(State())

    /// Creates a tap parsing at most `maxBytes` (256 MiB by default).
    public init(maxBytes: Int = 256 * 1024 * 1024) {
        self.maxBytes = maxBytes
    }

    /// Parses one chunk of output (any split: the parsers carry partial lines over).
    public func feed(_ bytes: [UInt8]) {
        state.withLock { state in
            guard state.fed < maxBytes, !bytes.isEmpty else { return }
            state.fed += bytes.count
            bytes.withUnsafeBytes { raw in
                state.gradle.feed(raw)
                state.xcode.feed(raw)
            }
        }
    }

    /// What both parsers read; call once, after the last chunk.
    public func finish() -> [ParseResult] {
        state.withLock { state in [state.gradle.finish(), state.xcode.finish()] }
    }
}
