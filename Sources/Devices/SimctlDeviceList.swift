import Core
import Foundation
import MemberwiseInit

/// What `xcrun simctl list devices --json` printed, read into device reports: one per
/// simulator, and a sentence for everything that could not be read.
///
/// The shape is `{"devices": {RUNTIME: [{udid, name, state, isAvailable?, availabilityError?, …}]}}`.
/// Only `udid`, `name` and `state` are always there: Xcode has added fields over the years
/// (`lastBootedAt`, `dataPathSize`) and a never-booted simulator may lack `isAvailable`.
@MemberwiseInit(.public)
public struct SimctlDeviceList: Sendable, Equatable {
    /// The simulators, ordered by runtime key, then as simctl listed them.
    public var devices: [DeviceReport]
    /// What could not be read, one sentence each.
    public var problems: [String]

    /// The JSON as decoded: every field optional so that one odd simulator is a problem, not a failed list.
    struct Listing: Decodable {
        var devices: [String: [Entry]]?
    }

    struct Entry: Decodable {
        var udid: String?
        var name: String?
        var state: String?
        var isAvailable: Bool?
        var availabilityError: String?
    }

    /// Reads simctl's JSON.
    public static func parse(_ data: Data) -> SimctlDeviceList {
        let listing: Listing
        do { listing = try JSONDecoder().decode(Listing.self, from: data) } catch {
            return SimctlDeviceList(devices: [], problems: ["simctl's output is not the JSON of `simctl list devices --json`: \(error)"])
        }
        guard let runtimes = listing.devices else {
            return SimctlDeviceList(devices: [], problems: ["simctl's JSON has no \"devices\" object"])
        }
        var devices: [DeviceReport] = []
        var problems: [String] = []
        for key in runtimes.keys.sorted() {
            let entries = runtimes[key] ?? []
            guard !entries.isEmpty else { continue }
            guard let runtime = SimulatorRuntime(key: key) else {
                problems.append("simctl runtime \(key.debugDescription) is not one the agent can read; its \(entries.count) simulator(s) are left out")
                continue
            }
            for (index, entry) in entries.enumerated() {
                guard let udid = entry.udid, !udid.isEmpty, let name = entry.name, let stateText = entry.state else {
                    problems.append("simulator \(index) of \(key) lacks a udid, name or state; left out")
                    continue
                }
                let (state, detail) = Self.state(stateText, isAvailable: entry.isAvailable, availabilityError: entry.availabilityError)
                devices.append(DeviceReport(
                    platform: runtime.platform, kind: .simulator, identifier: udid, model: name, osVersion: runtime.version,
                    state: state, detail: detail))
            }
        }
        return SimctlDeviceList(devices: devices, problems: problems)
    }

    /// simctl's state word (`Booted`, `Shutdown`, `Booting`, `Creating`, `Shutting Down`) with
    /// its availability; a word not among those is `unknown`, with the word as the detail.
    static func state(_ text: String, isAvailable: Bool?, availabilityError: String?) -> (DeviceState, String?) {
        if isAvailable == false {
            return (.unavailable, availabilityError ?? "simctl marks it unavailable (state \(text))")
        }
        switch text {
        case "Booted": return (.ready, nil)
        case "Booting", "Creating": return (.booting, text)
        case "Shutdown": return (.shutdown, nil)
        case "Shutting Down": return (.shutdown, text)
        default: return (.unknown, text)
        }
    }
}
