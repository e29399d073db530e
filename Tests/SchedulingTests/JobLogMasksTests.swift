import Foundation
@testable import Scheduling
import Secrets
import Testing

/// The server's masking streams of running jobs' logs: a fetch of the secrets again mid-log
/// keeps what the stream held back, a refused chunk changes nothing, and streams of jobs no
/// chunk comes for go.
struct JobLogMasksTests {
    static let value = "store-password-Q7v9Zr2m"
    static let masker = SecretMasker(values: [Array(value.utf8)])
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Masks and stores `text` as chunk `sequence` of job 1, as the log route does.
    static func store(_ masks: JobLogMasks, _ sequence: Int, _ text: String, at now: Date = start) -> String {
        guard let chunk = masks.prepare(jobID: 1, sequence: sequence, content: Array(text.utf8), now: now) else { return "<no stream>" }
        masks.stored(jobID: 1, chunk)
        return String(decoding: chunk.content, as: UTF8.self)
    }

    @Test("secrets fetched again between the two halves of a value: the held start is kept, the value is masked whole")
    func installKeepsHeldBytes() {
        let masks = JobLogMasks()
        masks.install(jobID: 1, masker: Self.masker, now: Self.start)
        var stored = Self.store(masks, 0, "split store-pass")
        // The agent fetches again (a retried request): the same values, a new masker.
        masks.install(jobID: 1, masker: Self.masker, now: Self.start)
        stored += Self.store(masks, 1, "word-Q7v9Zr2m end\n")
        stored += masks.finish(jobID: 1).map { String(decoding: $0.content, as: UTF8.self) } ?? ""
        #expect(stored == "split *** end\n")
    }

    @Test("a chunk masked but never stored leaves the stream as it was")
    func refusedChunkChangesNothing() {
        let masks = JobLogMasks()
        masks.install(jobID: 1, masker: Self.masker, now: Self.start)
        var stored = Self.store(masks, 0, "split store-pass")
        // Another agent's chunk: masked on a copy, then refused by the store.
        _ = masks.prepare(jobID: 1, sequence: 1, content: Array("intruder\n".utf8), now: Self.start)
        stored += Self.store(masks, 1, "word-Q7v9Zr2m end\n")
        #expect(stored == "split *** end\n")
    }

    @Test("lost jobs' streams go: forgotten at once, or after an hour without a chunk")
    func streamsGo() {
        let masks = JobLogMasks()
        for jobID: Int64 in 1...3 { masks.install(jobID: jobID, masker: Self.masker, now: Self.start) }
        masks.forget(jobIDs: [2])
        #expect(masks.jobIDs == [1, 3])
        // Job 1 keeps logging; job 3's agent is gone and no server told this one.
        let later = Self.start.addingTimeInterval(JobLogMasks.idleLimit / 2)
        _ = Self.store(masks, 0, "still running\n", at: later)
        _ = Self.store(masks, 1, "still running\n", at: Self.start.addingTimeInterval(JobLogMasks.idleLimit + 120))
        #expect(masks.jobIDs == [1])
    }
}
