import Core
import Devices
import Testing

/// Physical devices named in the agent's configuration (`--device`).
struct ConfiguredDeviceTests {
    @Test("platform:identifier and platform:identifier=model; the tools' own report wins for the same device")
    func parses() throws {
        #expect(try ConfiguredDevice.parse("ios:00008110-000A1C2E3E80801E=iPhone 15") == DeviceReport(
            platform: .ios, kind: .physical, identifier: "00008110-000A1C2E3E80801E", model: "iPhone 15", state: .configured))
        #expect(try ConfiguredDevice.parse("android:R58M123ABC").model == nil)
        let adb = DeviceReport(platform: .android, kind: .physical, identifier: "R58M123ABC", state: .ready)
        let configured = [try ConfiguredDevice.parse("android:R58M123ABC"), try ConfiguredDevice.parse("ios:00008110")]
        #expect(ConfiguredDevice.merge(found: [adb], configured: configured).map(\.state) == [.ready, .configured])
    }

    @Test("refuses what it cannot read, saying what to fix")
    func refuses() {
        for bad in ["00008110", "nokia:123", "ios:", "ios:has space", "ios:a,b"] {
            #expect(throws: ConfiguredDeviceError.self, "\(bad)") { try ConfiguredDevice.parse(bad) }
        }
    }
}
