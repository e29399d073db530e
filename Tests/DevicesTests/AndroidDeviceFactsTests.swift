import Core
import Devices
import Testing

/// adb's line and getprop's answers turned into the report an agent sends.
struct AndroidDeviceFactsTests {
    /// The emulator of `Fixtures/adb/emulator-x86.txt`.
    static func emulatorLine() throws -> AdbDeviceLine {
        try #require(AdbDeviceList.parse(try Fixture.text("adb", "emulator-x86.txt")).devices.first)
    }

    @Test("getprop's value: the line without its end (LF, CRLF, or the old devices' CR CR LF); an empty line is unset")
    func getpropValues() {
        #expect(AndroidProperties.value(fromGetprop: "1\n") == "1")
        #expect(AndroidProperties.value(fromGetprop: "1\r\n") == "1")
        #expect(AndroidProperties.value(fromGetprop: "23\r\r\n") == "23")
        #expect(AndroidProperties.value(fromGetprop: "Pixel 7\n") == "Pixel 7")
        #expect(AndroidProperties.value(fromGetprop: "\n") == nil)
        #expect(AndroidProperties.value(fromGetprop: "") == nil)
    }

    @Test("ready only once sys.boot_completed is 1; before that (an empty line) booting")
    func readiness() throws {
        let line = try Self.emulatorLine()
        let booting = AndroidDeviceFacts(line: line, properties: AndroidProperties([:])).report
        #expect(booting.state == .booting)
        #expect(booting.kind == .emulator, "the emulator-NNNN serial says so while no property can be read")
        #expect(booting.model == "Android_SDK_built_for_x86", "adb's sanitised model until getprop's is read")

        let properties = AndroidProperties([
            AndroidProperties.bootCompleted: "1", AndroidProperties.apiLevel: "34", AndroidProperties.model: "Android SDK built for x86",
            AndroidProperties.kernelQEMU: "1",
        ])
        let ready = AndroidDeviceFacts(line: line, properties: properties).report
        #expect(ready == DeviceReport(
            platform: .android, kind: .emulator, identifier: "emulator-5554", model: "Android SDK built for x86", osVersion: "34", state: .ready))
    }

    @Test("emulator or phone: either QEMU property decides; a phone has neither, whatever its serial")
    func kinds() throws {
        let phone = try #require(AdbDeviceList.parse(try Fixture.text("adb", "usb-phone.txt")).devices.first)
        let booted = [AndroidProperties.bootCompleted: "1", AndroidProperties.apiLevel: "28", AndroidProperties.model: "LG-US996"]
        #expect(AndroidDeviceFacts(line: phone, properties: AndroidProperties(booted)).report.kind == .physical)
        // Newer emulators set ro.boot.qemu and leave ro.kernel.qemu unset.
        var newer = booted
        newer[AndroidProperties.bootQEMU] = "1"
        #expect(AndroidDeviceFacts(line: phone, properties: AndroidProperties(newer)).report.kind == .emulator)
        // An emulator-NNNN serial whose properties say it is no emulator: the properties win.
        let emulator = try Self.emulatorLine()
        #expect(AndroidDeviceFacts(line: emulator, properties: AndroidProperties(booted)).report.kind == .physical)
    }

    @Test("a device adb listed but then refused a command: the state its error names, with the words")
    func commandErrors() throws {
        let line = try Self.emulatorLine()
        let offline = AndroidDeviceFacts(line: line, commandError: "adb: device offline").report
        #expect(offline.state == .offline)
        #expect(offline.detail == "adb: device offline")
        let unauthorized = "adb: error: failed to get feature set: device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set"
        #expect(AndroidDeviceFacts(line: line, commandError: unauthorized).report.state == .unauthorized)
        #expect(AndroidDeviceFacts(line: line, commandError: "error: device offline").report.state == .offline)
        #expect(AndroidDeviceFacts(line: line, commandError: "something else").report.state == .unknown)
        #expect(AdbErrorText.isGone("adb: device 'emulator-5554' not found"))
        #expect(AdbErrorText.isGone("error: device 'localhost:7965' not found"))
        #expect(!AdbErrorText.isGone("adb: device offline"))
    }

    @Test("states adb's word gives without getprop: offline, unauthorized, no permissions (with adb's text), unknown (with the word)")
    func statesWithoutCommands() throws {
        let offline = try #require(AdbDeviceList.parse(try Fixture.text("adb", "offline-emulator.txt")).devices.first)
        #expect(AndroidDeviceFacts(line: offline).report.state == .offline)
        #expect(AndroidDeviceFacts(line: offline).report.kind == .emulator)
        let unauthorized = try #require(AdbDeviceList.parse(try Fixture.text("adb", "unauthorized-short-form.txt")).devices.first)
        #expect(AndroidDeviceFacts(line: unauthorized).report == DeviceReport(
            platform: .android, kind: .physical, identifier: "4df798d76f98cf6d", state: .unauthorized))
        let noPermissions = try #require(AdbDeviceList.parse(try Fixture.text("adb", "no-permissions-old.txt")).devices.first)
        #expect(AndroidDeviceFacts(line: noPermissions).report.detail?.hasPrefix("no permissions") == true)
        let odd = try #require(AdbDeviceList.parse("R58M123ABC             sleeping transport_id:2\n").devices.first)
        #expect(AndroidDeviceFacts(line: odd).report.state == .unknown)
        #expect(AndroidDeviceFacts(line: odd).report.detail == "sleeping")
    }
}
