import Core
import Devices
import Foundation
import Testing

/// `xcrun simctl list devices --json` as real machines printed it (Fixtures/simctl, SOURCES.md).
struct SimctlDeviceListTests {
    @Test("Xcode 15's JSON (lastBootedAt, dataPathSize, escaped slashes, empty runtimes): one booted iPhone, ready")
    func xcode15() throws {
        let list = SimctlDeviceList.parse(try Fixture.data("simctl", "xcode15-booted-filter.json"))
        #expect(list.problems == [])
        #expect(list.devices == [DeviceReport(
            platform: .ios, kind: .simulator, identifier: "15D3857C-12C8-4FB8-9CB5-7D79E4CC0748", model: "iPhone 14", osVersion: "17.0",
            state: .ready)])
    }

    @Test("a runtime no longer installed: unavailable, with simctl's availabilityError; tvOS read as tvOS")
    func unavailable() throws {
        let list = SimctlDeviceList.parse(try Fixture.data("simctl", "runtime-profile-not-found.json"))
        #expect(list.problems == [])
        #expect(list.devices.count == 3)
        #expect(list.devices.allSatisfy { $0.state == .unavailable && $0.detail == "runtime profile not found" })
        // Ordered by runtime key: iOS-13-3 before tvOS-14-2.
        #expect(list.devices.map(\.platform) == [.ios, .tvos, .tvos])
        #expect(list.devices.map(\.osVersion) == ["13.3", "14.2", "14.2"])
        #expect(list.devices.first?.model == "iPhone 8")
    }

    @Test("states: Booting and Creating boot, Shutdown and Shutting Down are shut down, another word is unknown with the word")
    func states() throws {
        func state(_ word: String, available: Bool? = true) throws -> DeviceReport? {
            let availability = available.map { #", "isAvailable" : \#($0)"# } ?? ""
            let json = #"{"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-18-1": [{"udid": "U-1", "name": "iPhone 16", "state": "\#(word)"\#(availability)}]}}"#
            return SimctlDeviceList.parse(Data(json.utf8)).devices.first
        }
        #expect(try state("Booted")?.state == .ready)
        #expect(try state("Booting")?.state == .booting)
        #expect(try state("Creating")?.state == .booting)
        #expect(try state("Shutdown")?.state == .shutdown)
        #expect(try state("Shutting Down")?.state == .shutdown)
        #expect(try state("Shutting Down")?.detail == "Shutting Down")
        #expect(try state("Exploding")?.state == .unknown)
        #expect(try state("Exploding")?.detail == "Exploding")
        // A never-booted simulator may lack isAvailable: its state word decides.
        #expect(try state("Shutdown", available: nil)?.state == .shutdown)
        #expect(try state("Booted", available: false)?.state == .unavailable)
    }

    @Test("runtime keys: identifiers, older Xcode's names, and ones the agent cannot read")
    func runtimes() {
        #expect(SimulatorRuntime(key: "com.apple.CoreSimulator.SimRuntime.iOS-17-0") == SimulatorRuntime(platform: .ios, version: "17.0"))
        #expect(SimulatorRuntime(key: "com.apple.CoreSimulator.SimRuntime.watchOS-10-2") == SimulatorRuntime(platform: .watchos, version: "10.2"))
        #expect(SimulatorRuntime(key: "com.apple.CoreSimulator.SimRuntime.xrOS-1-0") == SimulatorRuntime(platform: .visionos, version: "1.0"))
        #expect(SimulatorRuntime(key: "iOS 12.1") == SimulatorRuntime(platform: .ios, version: "12.1"))
        #expect(SimulatorRuntime(key: "com.apple.CoreSimulator.SimRuntime.fooOS-1-0") == nil)
        #expect(SimulatorRuntime(key: "com.apple.CoreSimulator.SimRuntime.iOS-beta") == nil)
        #expect(SimulatorRuntime(key: "nonsense") == nil)
    }

    @Test("what cannot be read is said, never guessed: not JSON, no devices object, an unknown runtime, an entry without a udid")
    func problems() {
        #expect(SimctlDeviceList.parse(Data("xcrun: error: unable to find utility \"simctl\"".utf8)).problems.count == 1)
        #expect(SimctlDeviceList.parse(Data("{}".utf8)).problems == [#"simctl's JSON has no "devices" object"#])
        let json = #"""
            {"devices": {"com.apple.CoreSimulator.SimRuntime.fooOS-1-0": [{"udid": "A", "name": "Foo", "state": "Booted"}],
                         "com.apple.CoreSimulator.SimRuntime.iOS-17-0": [{"name": "No UDID", "state": "Booted"}, {"udid": "B", "name": "Ok", "state": "Booted"}]}}
            """#
        let list = SimctlDeviceList.parse(Data(json.utf8))
        #expect(list.devices.map(\.identifier) == ["B"])
        #expect(list.problems.count == 2, "\(list.problems)")
    }
}
