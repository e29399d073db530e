import Core
import Devices
import Foundation
import MemberwiseInit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - AgentConfiguration

/// Everything an agent needs to know before it starts: where the server is, who it is,
/// how many jobs it runs at once, where it works, and how patiently it retries.
///
/// A plain value so the executable can build it from flags and tests can build it with
/// short timings (a one-second poll, millisecond backoff) to stay fast and bounded.
@MemberwiseInit(.public)
public struct AgentConfiguration: Sendable, Equatable {
    /// The servers' base URLs without `/api/v1`, e.g. `http://ci.example.com:8080`: one, or
    /// several replicas of one server that the agent fails over between, first one first.
    public var serverURLs: [String]
    /// The shared secret that lets a new agent register.
    public var registrationToken: String
    /// The agent's name as people see it, e.g. `mac-mini-07`.
    public var name: String
    /// Capabilities the scheduler matches against, e.g. `platform=ios`.
    public var tags: [String: String] = [:]
    /// How many jobs run at once (one poll/run loop each); at least 1.
    public var slots: Int = 1
    /// The folder that holds `jobs/<jobID>` workspaces and `mirrors/<name>.git` caches.
    public var workDirectory: String
    /// The `wait` the agent asks of each long poll, in seconds (the server answers 204 after it).
    public var pollWaitSeconds: Int = 25
    /// The first delay after a failed call; it doubles on each further failure.
    public var backoffInitial: Duration = .milliseconds(500)
    /// The longest delay between retries, however many calls failed.
    public var backoffMaximum: Duration = .seconds(30)
    /// How long a process group has between SIGTERM and SIGKILL.
    public var killGracePeriod: Duration = .seconds(5)
    /// How often buffered output is sent when less than ``logChunkBytes`` is waiting.
    public var logFlushInterval: Duration = .milliseconds(500)
    /// The most bytes one log request carries.
    public var logChunkBytes: Int = 64 * 1024
    /// Machine host name sent at registration, for people.
    public var hostname: String?
    /// Agent version sent at registration.
    public var version: String = AgentConfiguration.agentVersion
    /// Physical devices no tool lists (iOS phones), from `--device`; reported as configured.
    public var devices: [DeviceReport] = []
    /// How old the last look at the devices may be when a poll reports them.
    public var deviceRefreshInterval: Duration = .seconds(5)
    /// How long one `adb` or `simctl` command may take before it is killed.
    public var deviceCommandTimeout: Duration = .seconds(20)
    /// Whether steps with `keychain:` run here: a temporary keychain through `security` (on by
    /// default on macOS, ``runsOnMacOS``; on elsewhere only to test against a fake `security`).
    public var keychains: Bool = AgentConfiguration.runsOnMacOS

    /// The version this build of the agent reports.
    public static let agentVersion = "0.1.0"

    /// Whether the machine runs macOS (`uname` says `Darwin`), where `security` and Xcode are.
    public static var runsOnMacOS: Bool {
        var name = utsname()
        guard uname(&name) == 0 else { return false }
        let system = withUnsafeBytes(of: &name.sysname) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        return system == "Darwin"
    }

    // MARK: Validation

    /// Checks the values input can get wrong, with a message that says what to fix.
    public func validate() throws(AgentConfigurationError) {
        try Self.validateServerURLs(self.serverURLs)
        guard !self.registrationToken.isEmpty else { throw .invalid("registration token is empty") }
        guard !self.name.isEmpty else { throw .invalid("agent name is empty") }
        guard (1...64).contains(self.slots) else { throw .invalid("slots must be between 1 and 64, got \(self.slots)") }
        guard !self.workDirectory.isEmpty else { throw .invalid("work directory is empty") }
        guard (1...600).contains(self.pollWaitSeconds) else {
            throw .invalid("poll wait must be between 1 and 600 seconds, got \(self.pollWaitSeconds)")
        }
        guard self.backoffInitial > .zero, self.backoffMaximum >= self.backoffInitial else {
            throw .invalid("backoff bounds must be positive with maximum ≥ initial")
        }
        guard self.logChunkBytes >= 1024 else { throw .invalid("log chunk size must be at least 1024 bytes") }
    }

    /// Checks the server list: at least one, each an `http://` or `https://` base URL with a
    /// host and nothing after the path, none given twice.
    public static func validateServerURLs(_ urls: [String]) throws(AgentConfigurationError) {
        guard !urls.isEmpty else { throw .invalid("no server URL given (--server or MOBILE_OPS_SERVER)") }
        var seen: Set<String> = []
        for url in urls {
            let components = URLComponents(string: url)
            let scheme = components?.scheme?.lowercased()
            guard let components, scheme == "http" || scheme == "https", !(components.host ?? "").isEmpty else {
                throw .invalid("server URL \(url.debugDescription) must be an http:// or https:// URL, e.g. http://ci.example.com:8080")
            }
            guard components.query == nil, components.fragment == nil else {
                throw .invalid("server URL \(url.debugDescription) must be a base URL without ?query or #fragment")
            }
            guard seen.insert(ServerFailover.trimmed(url)).inserted else {
                throw .invalid("server URL \(url.debugDescription) is given twice")
            }
        }
    }

    /// Splits a comma-separated list of server URLs (the `MOBILE_OPS_SERVER` form), dropping
    /// blanks and spaces around the commas.
    public static func parseServerList(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Parses `--device` arguments, `PLATFORM:IDENTIFIER` or `PLATFORM:IDENTIFIER=MODEL`
    /// (e.g. `ios:00008110-000A1C2E3E80801E=iPhone 15`); an identifier may appear once.
    public static func parseDevices(_ arguments: [String]) throws(AgentConfigurationError) -> [DeviceReport] {
        var devices: [DeviceReport] = []
        for argument in arguments {
            let device: DeviceReport
            do { device = try ConfiguredDevice.parse(argument) } catch { throw .invalid(error.description) }
            guard !devices.contains(where: { $0.platform == device.platform && $0.identifier == device.identifier }) else {
                throw .invalid("device \(device.platform.rawValue):\(device.identifier) is given twice")
            }
            devices.append(device)
        }
        return devices
    }

    /// Parses `key=value` tag arguments; a key may not be empty and may appear once.
    public static func parseTags(_ arguments: [String]) throws(AgentConfigurationError) -> [String: String] {
        var tags: [String: String] = [:]
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw .invalid("tag \(argument.debugDescription) must look like key=value")
            }
            let key = String(argument[..<equals])
            guard tags[key] == nil else { throw .invalid("tag \(key.debugDescription) is given twice") }
            tags[key] = String(argument[argument.index(after: equals)...])
        }
        return tags
    }
}

// MARK: - AgentConfigurationError

/// A configuration value that cannot work, with what to fix.
public enum AgentConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message names the bad value.
    case invalid(String)

    /// The message for people.
    public var description: String {
        switch self {
        case .invalid(let message): message
        }
    }
}
