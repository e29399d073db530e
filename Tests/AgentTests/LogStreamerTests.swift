import Agent
import Core
import HTTPClient
import Secrets
import Synchronization
import Testing

/// The log streamer alone, with a scripted sender: retries keep order and sequence numbers.
@Suite(.timeLimit(.minutes(1)))
struct LogStreamerTests {
    /// Records every send; fails the calls whose (1-based) numbers are in `failing`.
    final class Recorder: Sendable {
        let failing: Set<Int>
        let calls = Mutex<[(sequence: Int, bytes: [UInt8])]>([])
        init(failing: Set<Int>) { self.failing = failing }

        func send(_ sequence: Int, _ bytes: [UInt8]) throws(AgentAPIError) -> AgentDirective {
            let number = self.calls.withLock { calls in
                calls.append((sequence, bytes))
                return calls.count
            }
            if self.failing.contains(number) { throw .transport(.connectionFailed("scripted failure")) }
            return AgentDirective(cancel: false)
        }
    }

    @Test func failedChunksAreRetriedWithTheirSequenceNumbers() async {
        let recorder = Recorder(failing: [1, 3])
        let streamer = LogStreamer(
            chunkBytes: 1024, flushInterval: .milliseconds(50),
            retryBackoff: Backoff(initial: .milliseconds(5), maximum: .milliseconds(20)),
            send: { sequence, bytes throws(AgentAPIError) in try recorder.send(sequence, bytes) },
            onStop: { _ in }
        )
        let text = (1...500).map { "line \($0)\n" }.joined()
        streamer.append(Array(text.utf8))
        #expect(await streamer.close(attempts: 10))

        let calls = recorder.calls.withLock { $0 }
        let acknowledged = calls.enumerated().filter { !recorder.failing.contains($0.offset + 1) }.map(\.element)
        #expect(acknowledged.map(\.sequence) == Array(0..<acknowledged.count))
        #expect(String(decoding: acknowledged.flatMap(\.bytes), as: UTF8.self) == text)
        #expect(calls.allSatisfy { $0.bytes.count <= 1024 })
        // The failed calls were resent with the same numbers.
        #expect(calls[0].sequence == calls[1].sequence)
        #expect(calls[2].sequence == calls[3].sequence)
    }

    @Test func cancelDirectiveAndNotHeldReachTheJob() async {
        let reasons = Mutex<[JobStopReason]>([])
        let streamer = LogStreamer(
            send: { sequence, _ throws(AgentAPIError) in
                if sequence == 0 { return AgentDirective(cancel: true) }
                throw .jobNotHeld
            },
            onStop: { reason in reasons.withLock { $0.append(reason) } }
        )
        streamer.append(line: "one")
        #expect(await streamer.close(attempts: 1))
        streamer.append(line: "two")
        #expect(await !streamer.close(attempts: 1))
        #expect(reasons.withLock { $0 } == [.canceled, .notHeld])
    }

    @Test func aMaskedValueSplitBetweenAppendsNeverLeavesAndTheHeldTailGoesAtClose() async throws {
        let recorder = Recorder(failing: [])
        let streamer = LogStreamer(
            chunkBytes: 1024, flushInterval: .milliseconds(20),
            send: { sequence, bytes throws(AgentAPIError) in try recorder.send(sequence, bytes) },
            onStop: { _ in }
        )
        streamer.mask(with: SecretMasker(values: [Array("hunter2-is-secret".utf8)]))
        let sending = Task { await streamer.run() }
        streamer.append(Array("before hunter2-".utf8))
        // Flushes run meanwhile: what could start the value is held, the rest goes.
        try await waitUntil("the part that cannot start the value to go") {
            recorder.calls.withLock { $0.flatMap(\.bytes) } == Array("before ".utf8)
        }
        streamer.append(Array("is-secret after\nend hunt".utf8))
        try await waitUntil("the rest but a possible start to go") {
            String(decoding: recorder.calls.withLock { $0.flatMap(\.bytes) }, as: UTF8.self).hasSuffix("after\nend ")
        }
        sending.cancel()
        await sending.value
        #expect(await streamer.close(attempts: 1))
        let sent = String(decoding: recorder.calls.withLock { $0.flatMap(\.bytes) }, as: UTF8.self)
        #expect(sent == "before *** after\nend hunt", "the held start of a value goes out at close when it was not one")
        #expect(streamer.masker != nil)
    }
}
