import Foundation
import HTTPClient
import Synchronization

/// Concurrent senders posting numbered requests at a server as fast as it answers, until a
/// SIGKILL ends it; then the same senders replaying numbered requests at its successor.
///
/// Item `i` is always the same request (same delivery id, same report id), so what was
/// answered before the kill can be compared with what a replay after the restart answers.
struct CrashFlood: Sendable {
    /// Builds item `index`'s request against the server at `base` (`http://127.0.0.1:port`).
    typealias RequestMaker = @Sendable (_ base: String, _ index: Int) -> HTTPRequest

    /// What one flood got before and around the kill.
    struct Outcome: Sendable {
        /// Answers received, by item; an answer is only counted once its whole body arrived.
        var answers: [Int: HTTPResponse] = [:]
        /// Items sent whose request failed (connection refused or reset by the kill).
        var unanswered: Set<Int> = []
        /// Seconds from the first request to the SIGKILL.
        var seconds = 0.0

        /// Every item that was sent, answered or not.
        var attempted: [Int] { (Array(answers.keys) + unanswered).sorted() }

        /// Items answered with `status`.
        func answered(_ status: Int) -> [Int] { answers.filter { $0.value.status == status }.keys.sorted() }
    }

    /// Set once the kill was sent: a sender that fails after it stops, one that fails
    /// before it (a transient error) goes on.
    private final class KillSwitch: Sendable {
        let killed = Atomic<Bool>(false)
    }

    let client: HTTPClient
    let senders: Int

    /// Floods the server at `base` from `senders` concurrent senders (sender `s` sends items
    /// `first + s`, `first + s + senders`, …) and SIGKILLs process `pid` after `killAfter`.
    /// Returns once every sender has seen the server gone.
    func floodAndKill(base: String, pid: Int32, first: Int, killAfter: Duration, request: @escaping RequestMaker) async -> Outcome {
        let killSwitch = KillSwitch()
        let start = ContinuousClock.now
        let parts = await withTaskGroup(of: Outcome.self) { group in
            group.addTask {
                try? await Task.sleep(for: killAfter)
                // Flag first: a request failing from here on is the kill's doing.
                killSwitch.killed.store(true, ordering: .sequentiallyConsistent)
                kill(pid, SIGKILL)
                var outcome = Outcome()
                outcome.seconds = Self.seconds(ContinuousClock.now - start)
                return outcome
            }
            for sender in 0..<senders {
                group.addTask {
                    var outcome = Outcome()
                    var index = first + sender
                    while true {
                        let killedBefore = killSwitch.killed.load(ordering: .sequentiallyConsistent)
                        do {
                            outcome.answers[index] = try await client.execute(request(base, index))
                        } catch {
                            outcome.unanswered.insert(index)
                            if killedBefore || killSwitch.killed.load(ordering: .sequentiallyConsistent) { break }
                        }
                        index += senders
                    }
                    return outcome
                }
            }
            return await group.reduce(into: [Outcome]()) { $0.append($1) }
        }
        return parts.reduce(into: Outcome()) { total, part in
            total.answers.merge(part.answers) { first, _ in first }
            total.unanswered.formUnion(part.unanswered)
            total.seconds = max(total.seconds, part.seconds)
        }
    }

    /// Sends the given items from `senders` concurrent senders and returns each item's
    /// answer or failure (a replay after the restart, or reads of what it stored).
    func send(_ items: [Int], base: String, request: @escaping RequestMaker) async -> [Int: Result<HTTPResponse, HTTPClientError>] {
        await withTaskGroup(of: [Int: Result<HTTPResponse, HTTPClientError>].self) { group in
            for sender in 0..<senders {
                let share = stride(from: sender, to: items.count, by: senders).map { items[$0] }
                group.addTask {
                    var results: [Int: Result<HTTPResponse, HTTPClientError>] = [:]
                    for index in share {
                        do throws(HTTPClientError) {
                            results[index] = .success(try await client.execute(request(base, index)))
                        } catch {
                            results[index] = .failure(error)
                        }
                    }
                    return results
                }
            }
            return await group.reduce(into: [:]) { $0.merge($1) { first, _ in first } }
        }
    }

    /// A duration in seconds, as a `Double`.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
