import Agent
import ArgumentParser
import Foundation

/// `mobile-ops-agent`: registers with a MobileOps server and runs the jobs it assigns.
/// Thin: flags and environment become an `AgentConfiguration`; `AgentMain` does the rest.
@main
struct AgentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mobile-ops-agent",
        abstract: "Runs MobileOps build jobs on this machine.",
        discussion: """
            Every option can also come from the environment: MOBILE_OPS_SERVER (comma-separated \
            for several), \
            MOBILE_OPS_REGISTRATION_TOKEN, MOBILE_OPS_AGENT_NAME, MOBILE_OPS_AGENT_TAGS \
            (comma-separated key=value), MOBILE_OPS_AGENT_DEVICES (comma-separated), \
            MOBILE_OPS_AGENT_SLOTS, MOBILE_OPS_AGENT_WORKDIR, MOBILE_OPS_AGENT_KEYCHAINS, \
            MOBILE_OPS_LOG_LEVEL. SIGTERM or SIGINT stops polling, kills running jobs and exits. \
            Devices: Android ones through adb and simulators through xcrun simctl when they are \
            on PATH, each reported with every poll; --device adds a physical device no tool lists.
            """
    )

    @Option(name: .customLong("server"), help: ArgumentHelp(
        "Server base URL, e.g. http://127.0.0.1:8080; repeat for replicas to fail over between.",
        valueName: "url"))
    var servers: [String] = []

    @Option(name: .customLong("registration-token"), help: "Token that lets this agent register.")
    var registrationToken: String?

    @Option(help: "Agent name (default: the host name).")
    var name: String?

    @Option(name: .customLong("tag"), help: "Capability as key=value; repeat for more.")
    var tags: [String] = []

    @Option(name: .customLong("device"), help: ArgumentHelp(
        "A physical device no tool lists, as platform:identifier[=model], e.g. ios:00008110-000A1C2E3E80801E=iPhone 15; repeat for more.",
        valueName: "device"))
    var devices: [String] = []

    @Option(help: "Jobs to run at once (default 1).")
    var slots: Int?

    @Option(help: "Folder for job workspaces and repository mirrors (default .mobile-ops-agent).")
    var workdir: String?

    @Option(help: ArgumentHelp(
        "on or off: whether steps with keychain: run here, through macOS security (default: on for macOS, off elsewhere; on elsewhere only for tests against a fake security first on PATH).",
        valueName: "on|off"))
    var keychains: String?

    @Option(name: .customLong("poll-wait"), help: "Seconds each long poll may wait.")
    var pollWait: Int = 25

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String?

    /// The servers from `--server`, or else from `MOBILE_OPS_SERVER` (comma-separated).
    func serverURLs(environment: [String: String]) -> [String] {
        self.servers.isEmpty ? AgentConfiguration.parseServerList(environment["MOBILE_OPS_SERVER"] ?? "") : self.servers
    }

    func validate() throws {
        do { try AgentConfiguration.validateServerURLs(self.serverURLs(environment: ProcessInfo.processInfo.environment)) } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        do {
            try AgentMain.bootstrapLogging(level: self.logLevel ?? environment["MOBILE_OPS_LOG_LEVEL"])
            let tagArguments = self.tags.isEmpty
                ? (environment["MOBILE_OPS_AGENT_TAGS"] ?? "").split(separator: ",").map(String.init)
                : self.tags
            let deviceArguments = self.devices.isEmpty
                ? (environment["MOBILE_OPS_AGENT_DEVICES"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                : self.devices
            let slotCount = self.slots ?? environment["MOBILE_OPS_AGENT_SLOTS"].flatMap { Int($0) } ?? 1
            let keychains: Bool
            switch self.keychains ?? environment["MOBILE_OPS_AGENT_KEYCHAINS"] {
            case nil: keychains = AgentConfiguration.runsOnMacOS
            case "on"?: keychains = true
            case "off"?: keychains = false
            case let other?: throw AgentConfigurationError.invalid("keychains must be on or off, got \(other.debugDescription)")
            }
            let configuration = AgentConfiguration(
                serverURLs: self.serverURLs(environment: environment),
                registrationToken: self.registrationToken ?? environment["MOBILE_OPS_REGISTRATION_TOKEN"] ?? "",
                name: self.name ?? environment["MOBILE_OPS_AGENT_NAME"] ?? ProcessInfo.processInfo.hostName,
                tags: try AgentConfiguration.parseTags(tagArguments),
                slots: slotCount,
                workDirectory: self.workdir ?? environment["MOBILE_OPS_AGENT_WORKDIR"] ?? ".mobile-ops-agent",
                pollWaitSeconds: self.pollWait,
                hostname: ProcessInfo.processInfo.hostName,
                devices: try AgentConfiguration.parseDevices(deviceArguments),
                keychains: keychains
            )
            try configuration.validate()
            try await AgentMain.run(configuration: configuration)
        } catch let error as AgentConfigurationError {
            throw ValidationError(error.description)
        } catch let error as AgentRunError {
            FileHandle.standardError.write(Data("mobile-ops-agent: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
