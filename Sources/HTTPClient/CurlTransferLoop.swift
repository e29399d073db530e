import CCurlRuntime
import Foundation
import MemberwiseInit
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

// MARK: - CurlTransferLoop

/// The dedicated thread that drives curl's multi interface, and the inbox other threads use
/// to talk to it.
///
/// Callers never touch curl handles: they append a command under a lock and poke the thread
/// with `curl_multi_wakeup` (curl's one thread-safe multi call), then suspend. The thread
/// sleeps in `curl_multi_poll`, so waiting on the network costs no cooperative-pool thread.
///
/// The thread, and with it libcurl, starts with the first request: a client that is created
/// but never used (the server's, while no git host or store is configured) costs nothing.
@MemberwiseInit
final class CurlTransferLoop: Sendable {
    /// A request from another thread to the transfer thread.
    enum Command: Sendable {
        /// Start this request and answer through the completion; with a sink, the body
        /// streams into it and the completion gets the head alone.
        case add(HTTPRequest, TransferCompletion, ResponseBodyChannel?)
        /// The request with this id was cancelled; drop its transfer.
        case cancel(ObjectIdentifier)
        /// The reader of this request's streamed body caught up; resume the paused transfer.
        case resume(ObjectIdentifier)
    }

    /// The thread's lifecycle.
    private enum Phase {
        /// No request yet, so no thread.
        case idle
        case running
        case stopping
        case stopped
    }

    /// State shared with the transfer thread, only touched under `shared`'s lock.
    private struct Shared {
        /// The multi handle's address, published by the thread once created and withdrawn
        /// before it is freed, so a wakeup under the lock can never hit a dead handle.
        ///
        /// Kept as an address because the handle itself belongs to the thread's non-`Sendable`
        /// driver; other threads only pass it to `curl_multi_wakeup`, which curl documents as
        /// safe to call from any thread.
        var multiAddress: UInt?
        /// Commands not yet picked up by the thread.
        var inbox: [Command] = []
        var phase: Phase = .idle
        /// Why requests fail once stopped (`shutDown`, or a curl start-up failure).
        var stopReason: HTTPClientError = .shutDown
        /// Callers of `shutdown()` waiting for the thread to finish.
        var stopWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let shared = Mutex(Shared())
    private let configuration: HTTPClient.Configuration

    /// The longest the thread sleeps without news; curl's own timers wake it sooner, so this
    /// only bounds the damage of a lost wakeup.
    private static let idlePollMilliseconds: Int32 = 1000

    // MARK: Talking to the thread

    /// Queues `request`, starting the thread if it is the first; answers the completion at
    /// once if the loop is stopped.
    func submit(_ request: HTTPRequest, completion: TransferCompletion, sink: ResponseBodyChannel? = nil) {
        let (rejection, startThread): (HTTPClientError?, Bool) = self.shared.withLock { shared in
            let first = shared.phase == .idle
            if first { shared.phase = .running }
            guard shared.phase == .running else { return (shared.stopReason, false) }
            shared.inbox.append(.add(request, completion, sink))
            Self.wake(shared)
            return (nil, first)
        }
        if startThread {
            // The thread keeps the loop alive until it has stopped and answered everyone.
            let thread = Thread { [self] in self.run() }
            thread.name = "mobile-ops.http-client"
            thread.start()
        }
        if let rejection {
            completion.finish(.failure(rejection))
            sink?.finish(.failure(rejection))
        }
    }

    /// Asks the thread to drop the transfer for a cancelled request.
    func cancel(_ id: ObjectIdentifier) {
        self.send(.cancel(id))
    }

    /// Asks the thread to resume a transfer it paused because its body's reader was behind.
    func resume(_ id: ObjectIdentifier) {
        self.send(.resume(id))
    }

    /// Queues `command` for a running thread (a stopped one has no transfers left to touch).
    private func send(_ command: Command) {
        self.shared.withLock { shared in
            guard shared.phase == .running else { return }
            shared.inbox.append(command)
            Self.wake(shared)
        }
    }

    /// Asks the thread to stop without waiting for it.
    func requestShutdown() {
        self.shared.withLock { shared in
            if shared.phase == .idle { shared.phase = .stopped }
            guard shared.phase == .running else { return }
            shared.phase = .stopping
            Self.wake(shared)
        }
    }

    /// Asks the thread to stop and waits until it has answered every request and exited.
    func shutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyStopped = self.shared.withLock { shared in
                if shared.phase == .idle { shared.phase = .stopped }
                if shared.phase == .stopped { return true }
                if shared.phase == .running {
                    shared.phase = .stopping
                    Self.wake(shared)
                }
                shared.stopWaiters.append(continuation)
                return false
            }
            if alreadyStopped {
                continuation.resume()
            }
        }
    }

    /// Interrupts `curl_multi_poll`; must be called with the lock held (see `Shared.multiAddress`).
    private static func wake(_ shared: borrowing Shared) {
        if let address = shared.multiAddress, let multi = UnsafeMutableRawPointer(bitPattern: address) {
            _ = mo_curl_multi_wakeup(multi)
        }
    }

    // MARK: The thread

    /// The transfer thread's body: drain the inbox, let curl work, sleep; until stopped.
    private func run() {
        Self.ignoreSIGPIPE()
        guard let driver = CurlDriver(configuration: self.configuration) else {
            let reason = HTTPClientError.transferFailed(
                code: Int(CURLE_FAILED_INIT.rawValue),
                message: Curl.ensureInitialized() ?? "curl_multi_init failed"
            )
            self.finish(reason: reason, leftover: nil)
            return
        }
        let address = UInt(bitPattern: driver.multi)
        self.shared.withLock { $0.multiAddress = address }

        while true {
            let (commands, running) = self.shared.withLock { shared in
                defer { shared.inbox.removeAll(keepingCapacity: true) }
                return (shared.inbox, shared.phase == .running)
            }
            guard running else {
                // Requests queued alongside the stop are answered by `finish`.
                self.fail(commands, with: .shutDown)
                break
            }
            for command in commands {
                switch command {
                case .add(let request, let completion, let sink): driver.add(request, completion, sink: sink)
                case .cancel(let id): driver.cancel(id)
                case .resume(let id): driver.resume(id)
                }
            }
            driver.step(maxWait: Self.idlePollMilliseconds)
        }
        self.finish(reason: .shutDown, leftover: driver)
    }

    /// Marks the loop stopped, fails everything still pending and wakes `shutdown()` callers.
    private func finish(reason: HTTPClientError, leftover driver: CurlDriver?) {
        let (commands, waiters) = self.shared.withLock { shared in
            // Withdraw the handle first so no other thread can wake a handle about to be freed.
            shared.multiAddress = nil
            shared.phase = .stopped
            shared.stopReason = reason
            defer {
                shared.inbox.removeAll()
                shared.stopWaiters.removeAll()
            }
            return (shared.inbox, shared.stopWaiters)
        }
        self.fail(commands, with: reason)
        driver?.failAll(reason)
        for waiter in waiters {
            waiter.resume()
        }
    }

    /// Answers every `add` in `commands` with `error`.
    private func fail(_ commands: [Command], with error: HTTPClientError) {
        for case .add(_, let completion, let sink) in commands {
            completion.finish(.failure(error))
            sink?.finish(.failure(error))
        }
    }

    /// Keeps a write to a closed socket from killing the process with SIGPIPE; curl avoids it
    /// on Linux sockets already, this also covers any path that does not.
    private static func ignoreSIGPIPE() {
        #if canImport(Glibc)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        #endif
    }
}
