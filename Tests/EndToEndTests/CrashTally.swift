import Foundation
import HTTPClient
import Testing

/// The figures of one crash-consistency test: how fast the server answered while being
/// killed, and how many answered items did not survive (must be 0).
struct CrashTally {
    /// What was sent: "deliveries", "reports".
    let kind: String
    /// The seed the kill moments came from.
    let seed: UInt64
    /// Rounds of flood, kill and restart.
    private(set) var rounds = 0
    /// Items answered as stored before a kill, over all rounds.
    private(set) var answered = 0
    /// Items sent but unanswered (the kill cut them off), over all rounds.
    private(set) var unanswered = 0
    /// Seconds spent flooding, first request to kill, over all rounds.
    private(set) var seconds = 0.0
    /// Items answered as stored but missing or different after the restart.
    private(set) var lost = 0
    /// Unanswered items the restarted server already had: committed, the answer cut off.
    var storedUnanswered = 0
    /// Answers other than `success` before the kill (a refusal or an error under load).
    private(set) var otherAnswers = 0

    /// Answered items per second of flooding.
    var perSecond: Double { seconds > 0 ? Double(answered) / seconds : 0 }

    /// Counts `index` as lost and records why.
    mutating func lose(_ index: Int, _ why: String) {
        lost += 1
        Issue.record("\(kind) item \(index) was answered as stored but lost in the crash: \(why)")
    }

    /// Adds one round's outcome, where `success` is the status that means "stored", and prints it.
    mutating func add(round: Int, _ outcome: CrashFlood.Outcome, success: Int) {
        rounds += 1
        let stored = outcome.answered(success).count
        let others = outcome.answers.count - stored
        answered += stored
        unanswered += outcome.unanswered.count
        otherAnswers += others
        seconds += outcome.seconds
        let rate = outcome.seconds > 0 ? Double(stored) / outcome.seconds : 0
        print("crash consistency (\(kind)) round \(round): killed after \(Self.fixed(outcome.seconds, 2)) s, \(stored) answered \(success) "
            + "(\(Self.fixed(rate, 0))/s), \(others) other answers, \(outcome.unanswered.count) cut off")
        // Every item of a round is new, so any other answer is a refusal that should not be.
        #expect(others == 0, "round \(round): answers other than \(success): \(outcome.answers.values.filter { $0.status != success }.prefix(3).map { "\($0.status) \($0.bodyText)" })")
    }

    /// Prints the totals: the figures docs/performance.md quotes.
    func report() {
        print("crash consistency (\(kind)): seed \(seed), \(rounds) rounds, \(answered) answered in \(Self.fixed(seconds, 1)) s of flooding "
            + "= \(Self.fixed(perSecond, 0))/s while killing; \(unanswered) cut off (\(storedUnanswered) of them stored before the kill); lost \(lost)")
    }

    /// `value` with `digits` decimals.
    private static func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
}
