import Core
import Devices
import Logging

// MARK: - DeviceMonitor

/// The agent's devices, kept current: looked at once at start and again when a poll asks and
/// the last look is older than the refresh interval; every poll reports the latest look.
///
/// Several slots poll at once: one look runs at a time and the others wait for it. Changes
/// (a device new, gone, or in a new state) and problems are logged once each.
actor DeviceMonitor {
    private let discovery: DeviceDiscovery
    private let configured: [DeviceReport]
    private let refreshInterval: Duration
    private let logger: Logger
    /// Android's fixed properties by serial, read once while the device stays listed.
    private var fixedProperties: [String: AndroidProperties] = [:]
    private var latest: [DeviceReport] = []
    private var lastAndroid: [DeviceReport] = []
    private var lastSimulators: [DeviceReport] = []
    private var lookedAt: ContinuousClock.Instant?
    private var looking: Task<[DeviceReport], Never>?
    private var loggedProblems: Set<String> = []

    init(discovery: DeviceDiscovery, configured: [DeviceReport], refreshInterval: Duration, logger: Logger) {
        self.discovery = discovery
        self.configured = configured
        self.refreshInterval = refreshInterval
        self.logger = logger
    }

    /// Whether there is anything to look at: a tool installed or a device configured.
    nonisolated var hasSources: Bool {
        discovery.adb != nil || discovery.xcrun != nil || !configured.isEmpty
    }

    /// The devices as of a look no older than the refresh interval.
    func current() async -> [DeviceReport] {
        if let lookedAt, ContinuousClock.now - lookedAt < refreshInterval { return latest }
        if let looking { return await looking.value }
        let task = Task { await self.look() }
        looking = task
        let devices = await task.value
        looking = nil
        return devices
    }

    // MARK: Looking

    private func look() async -> [DeviceReport] {
        let (androidFacts, androidProblems) = await discovery.android(known: fixedProperties)
        let (simulators, simulatorProblems) = await discovery.simulators()
        var android: [DeviceReport]
        if let androidFacts {
            // Keep what was read of devices still listed; a device gone and back is read again.
            fixedProperties = Dictionary(
                androidFacts.filter(\.properties.hasFixedValues).map { ($0.line.serial, $0.properties) }, uniquingKeysWith: { first, _ in first })
            android = androidFacts.map(\.report)
        } else {
            // adb failed: its devices are not known to be gone, nor known to be fine.
            android = lastAndroid.map { Self.unknown($0, because: androidProblems.first ?? "adb failed") }
        }
        let simulatorReports = simulators ?? lastSimulators.map { Self.unknown($0, because: simulatorProblems.first ?? "simctl failed") }
        lastAndroid = androidFacts == nil ? lastAndroid : android
        lastSimulators = simulators ?? lastSimulators
        android.append(contentsOf: simulatorReports)
        let devices = ConfiguredDevice.merge(found: android, configured: configured)
        logChanges(from: latest, to: devices)
        // Each problem once while it lasts, again if it comes back after a clean look.
        let problems = androidProblems + simulatorProblems
        for problem in problems where !loggedProblems.contains(problem) {
            logger.warning("devices: \(problem)")
        }
        loggedProblems = Set(problems)
        latest = devices
        lookedAt = ContinuousClock.now
        return devices
    }

    /// `device` with its state unknown, because the tool that lists it failed.
    private static func unknown(_ device: DeviceReport, because reason: String) -> DeviceReport {
        var device = device
        device.state = .unknown
        device.detail = reason
        return device
    }

    private func logChanges(from old: [DeviceReport], to new: [DeviceReport]) {
        func key(_ device: DeviceReport) -> String { device.platform.rawValue + " " + device.identifier }
        let before = Dictionary(old.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let after = Set(new.map(key))
        for device in new where before[key(device)]?.state != device.state || before[key(device)]?.detail != device.detail {
            logger.info("device \(device.identifier): \(device.state.rawValue)", metadata: [
                "platform": "\(device.platform.rawValue)", "kind": "\(device.kind.rawValue)", "model": "\(device.model ?? "-")",
                "os": "\(device.osVersion ?? "-")", "detail": "\(device.detail ?? "-")",
            ])
        }
        for device in old where !after.contains(key(device)) {
            logger.info("device \(device.identifier): gone", metadata: ["platform": "\(device.platform.rawValue)"])
        }
    }
}
