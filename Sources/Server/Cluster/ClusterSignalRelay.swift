import Access
import Logging
import Scheduling
import ServiceLifecycle
import Store

/// Keeps this server's coordination with the others sharing its database running, and acts
/// on their signals: parked long polls look again, log followers read again, cached tokens
/// and repositories are re-read.
///
/// Signals can be lost (a dropped listening connection), so on PostgreSQL a slow poll backs
/// them up: parked polls look again every `pollInterval`, caches are dropped every
/// `cacheInterval`. On one server alone there are no signals and no slow poll.
struct ClusterSignalRelay: Service {
    let coordination: ClusterCoordination
    let dispatcher: JobDispatcher
    let followers: LogFollowers
    let tokens: TokenService
    let repositories: RepositoryService
    let logger: Logger
    /// How often parked polls look again unsignalled (`MOBILE_OPS_CLUSTER_POLL_SECONDS`).
    var pollInterval: Duration
    /// How often cached tokens and repositories are dropped unsignalled: at least every 30 s.
    var cacheInterval: Duration { max(pollInterval, .seconds(30)) }

    /// Runs the channel, the lease and the relay until graceful shutdown.
    func run() async throws {
        let clustered = !(coordination.signals is SingleServerSignals)
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await coordination.signals.run() }
                group.addTask { await coordination.leadership.run() }
                group.addTask {
                    for await signal in coordination.signals.signals() { act(on: signal) }
                }
                if clustered {
                    group.addTask { await slowPoll() }
                }
                await group.waitForAll()
            }
        }
    }

    /// What this server does on another server's signal.
    func act(on signal: ClusterSignal) {
        switch signal {
        case .jobsChanged:
            dispatcher.wakeHere()
        case .tokensChanged:
            tokens.forgetVerified()
        case .repositoriesChanged:
            repositories.forgetCached()
        case .logsChanged:
            followers.wakeHere()
        case .missedSome:
            logger.notice("the signal channel was away; re-reading what it may have missed")
            dispatcher.wakeHere()
            followers.wakeHere()
            tokens.forgetVerified()
            repositories.forgetCached()
        }
    }

    /// The backstop for lost signals.
    private func slowPoll() async {
        var sinceCaches = Duration.zero
        while !Task.isCancelled {
            try? await Task.sleep(for: pollInterval)
            dispatcher.wakeHere()
            sinceCaches += pollInterval
            if sinceCaches >= cacheInterval {
                sinceCaches = .zero
                tokens.forgetVerified()
                repositories.forgetCached()
            }
        }
    }
}
