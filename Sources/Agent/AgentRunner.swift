import Core
import Foundation
import HTTPClient
import Logging

// MARK: - AgentRunner

/// The agent: registers, then runs ``AgentConfiguration/slots`` loops that each long-poll
/// for a job and run it, until the calling task is cancelled (SIGTERM in the executable).
///
/// Failures never end it: an unreachable server or a bad answer is logged and retried with
/// capped, jittered exponential backoff. Only a refused registration ends ``run()`` early.
public final class AgentRunner: Sendable {
    /// The settings, with the work directory made absolute.
    public let configuration: AgentConfiguration
    /// Where the agent's messages go.
    public let logger: Logger
    private let api: AgentAPI
    private let session: AgentSession
    private let executor: JobExecutor
    private let devices: DeviceMonitor

    /// Creates an agent talking to the server through `client`.
    public init(
        configuration: AgentConfiguration, client: any HTTPExecuting,
        logger: Logger = Logger(label: "mobile-ops-agent"),
        baseEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        var configuration = configuration
        if !configuration.workDirectory.hasPrefix("/") {
            configuration.workDirectory = FileManager.default.currentDirectoryPath + "/" + configuration.workDirectory
        }
        self.configuration = configuration
        self.logger = logger
        self.api = AgentAPI(client: client, servers: ServerFailover(urls: configuration.serverURLs, logger: logger))
        self.session = AgentSession(api: self.api, configuration: configuration, logger: logger)
        let git = GitWorkspace(mirrorsDirectory: configuration.workDirectory + "/mirrors")
        let tools = DeviceToolRunner(environment: baseEnvironment, timeout: configuration.deviceCommandTimeout)
        let monitor = DeviceMonitor(
            discovery: DeviceDiscovery(runner: tools), configured: configuration.devices,
            refreshInterval: configuration.deviceRefreshInterval, logger: logger)
        self.devices = monitor
        var source: (@Sendable () async -> [DeviceReport])?
        if monitor.hasSources { source = { await monitor.current() } }
        self.executor = JobExecutor(
            api: self.api, configuration: configuration, git: git, logger: logger, baseEnvironment: baseEnvironment, devices: source
        )
    }

    // MARK: Running

    /// Runs until cancelled; running jobs' processes are killed on the way out.
    /// Throws ``AgentRunError`` if the server refuses to register the agent.
    public func run() async throws {
        try self.configuration.validate()
        do {
            try FileManager.default.createDirectory(atPath: self.configuration.workDirectory + "/jobs", withIntermediateDirectories: true)
        } catch {
            throw AgentConfigurationError.invalid("cannot create work directory \(self.configuration.workDirectory): \(error.localizedDescription)")
        }
        self.logger.info("agent starting", metadata: [
            "servers": "\(self.configuration.serverURLs.joined(separator: ","))", "slots": "\(self.configuration.slots)",
            "workdir": "\(self.configuration.workDirectory)",
        ])
        // Before any job runs: what a killed agent left must not outlive it.
        await self.executor.removeLeftoverSecrets()
        do {
            _ = try await self.session.credentials()
            // The devices are looked at once now, so the first poll reports them at once.
            if self.devices.hasSources { _ = await self.devices.current() }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for slot in 0..<self.configuration.slots {
                    group.addTask { try await self.slotLoop(slot) }
                }
                try await group.waitForAll()
            }
        } catch is CancellationError {
            // Shutting down.
        }
        await self.signOff()
        self.logger.info("agent stopped")
    }

    /// Tells the server this agent stopped, once its slots have ended (running jobs reported
    /// `lost`): it is offline at once, and a job handed to a poll that was just closed goes
    /// back to the queue instead of waiting a lease. A server that cannot be told finds out
    /// when the lease runs out.
    private func signOff() async {
        guard let registration = await self.session.current else { return }
        let api = self.api, logger = self.logger
        // A new task, because this one is cancelled and its requests would fail at once.
        await Task {
            do {
                let stopped = try await api.stop(token: registration.token)
                logger.info("server told", metadata: ["released": "\(stopped.releasedJobs)", "lost": "\(stopped.lostJobs)"])
            } catch {
                logger.warning("could not tell the server this agent stopped (\(error)); it counts as offline once the lease runs out")
            }
        }.value
    }

    /// Polls for a job and runs it, over and over, until cancelled.
    private func slotLoop(_ slot: Int) async throws {
        var logger = self.logger
        logger[metadataKey: "slot"] = "\(slot)"
        var backoff = Backoff(initial: self.configuration.backoffInitial, maximum: self.configuration.backoffMaximum)
        while !Task.isCancelled {
            let token = try await self.session.credentials().token
            // A machine with no device tool and no configured device reports nothing, as an
            // agent older than device reports does: its polls cost the server no device read.
            let devices = self.devices.hasSources ? await self.devices.current() : nil
            let assignment: JobAssignment?
            do {
                assignment = try await self.api.nextJob(token: token, waitSeconds: self.configuration.pollWaitSeconds, devices: devices)
                backoff.reset()
            } catch {
                if Task.isCancelled { break }
                if case .unauthorized = error { await self.session.invalidate(token: token) }
                logger.warning("polling for jobs failed: \(error)")
                await backoff.wait()
                continue
            }
            guard let assignment else { continue }
            _ = await self.executor.run(assignment, token: token)
        }
    }
}
