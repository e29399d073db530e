import Core
import Devices
import Testing

/// `adb devices -l` and `adb devices` as real machines printed them (Fixtures/adb, SOURCES.md).
struct AdbDeviceListTests {
    @Test("an emulator, a USB phone and a TCP phone in the long form, each field in its place")
    func longForm() throws {
        let emulator = AdbDeviceList.parse(try Fixture.text("adb", "emulator-x86.txt"))
        #expect(emulator.unreadable == [])
        #expect(emulator.devices == [AdbDeviceLine(
            serial: "emulator-5554", stateText: "device", product: "sdk_gphone_x86", model: "Android_SDK_built_for_x86",
            device: "generic_x86", transportID: "88")])
        #expect(emulator.devices.first?.hasEmulatorSerial == true)

        let phone = AdbDeviceList.parse(try Fixture.text("adb", "usb-phone.txt"))
        #expect(phone.devices == [AdbDeviceLine(
            serial: "LGUS996e5ef677", stateText: "device", devicePath: "usb:341835776X", product: "elsa_nao_us", model: "LG_US996",
            device: "elsa", transportID: "85")])
        #expect(phone.devices.first?.hasEmulatorSerial == false)

        let tcp = AdbDeviceList.parse(try Fixture.text("adb", "tcp-phone.txt"))
        #expect(tcp.devices.map(\.serial) == ["192.168.0.3:5555"])
        #expect(tcp.devices.first?.model == "Redmi_Note_4")
        #expect(tcp.devices.first?.transportID == "1")

        let arm = AdbDeviceList.parse(try Fixture.text("adb", "emulator-arm64.txt"))
        #expect(arm.devices.first?.device == "emu64a")
    }

    @Test("an older adb: no transport_id, other padding, a header with a trailing space")
    func olderAdb() throws {
        let usb = AdbDeviceList.parse(try Fixture.text("adb", "old-adb-usb.txt"))
        #expect(usb.unreadable == [])
        #expect(usb.devices == [AdbDeviceLine(serial: "0a388e93", stateText: "device", devicePath: "usb:1-1", product: "razor", model: "Nexus_7", device: "flo")])

        let offline = AdbDeviceList.parse(try Fixture.text("adb", "offline-old-adb.txt"))
        #expect(offline.unreadable == [])
        #expect(offline.devices.map(\.serial) == ["emulator-5607"])
        #expect(offline.devices.first?.state == .offline)
    }

    @Test("offline in the long form, the short form and with Windows CRLF line ends")
    func offline() throws {
        for name in ["offline-emulator.txt", "offline-short-form.txt", "offline-windows-crlf.txt"] {
            let list = AdbDeviceList.parse(try Fixture.text("adb", name))
            #expect(list.unreadable == [], "\(name)")
            #expect(list.devices.count == 1, "\(name)")
            #expect(list.devices.first?.state == .offline, "\(name)")
            #expect(list.devices.first?.acceptsCommands == false, "\(name)")
        }
        #expect(AdbDeviceList.parse(try Fixture.text("adb", "offline-windows-crlf.txt")).devices.first?.serial == "MWS0216B24001482")
        #expect(AdbDeviceList.parse(try Fixture.text("adb", "offline-windows-crlf.txt")).devices.first?.transportID == "3")
    }

    @Test("unauthorized, and no permissions whose state text has spaces")
    func refusals() throws {
        let unauthorized = AdbDeviceList.parse(try Fixture.text("adb", "unauthorized-short-form.txt"))
        #expect(unauthorized.devices == [AdbDeviceLine(serial: "4df798d76f98cf6d", stateText: "unauthorized")])
        #expect(unauthorized.devices.first?.state == .unauthorized)

        let noPermissions = AdbDeviceList.parse(try Fixture.text("adb", "no-permissions-old.txt"))
        #expect(noPermissions.unreadable == [])
        let device = try #require(noPermissions.devices.first)
        #expect(device.serial == "009d1cd696d5194a")
        #expect(device.stateText.hasPrefix("no permissions (user in plugdev group; are your udev rules wrong?)"))
        #expect(device.state == .noPermissions)
    }

    @Test("the source's other forms: a no-permissions state closed by its bracket before the fields, maintenance modes, a state adb never had")
    func sourceForms() {
        // `append_transport()`: the state, then the device path and `transport_id:` last.
        let line = "863276c1               no permissions (missing udev rules? user is in the plugdev group); see [http://developer.android.com/tools/device.html] usb:1-1 transport_id:4"
        let list = AdbDeviceList.parse("List of devices attached\n\(line)\n\n")
        #expect(list.devices.first?.stateText == "no permissions (missing udev rules? user is in the plugdev group); see [http://developer.android.com/tools/device.html]")
        #expect(list.devices.first?.devicePath == "usb:1-1")
        #expect(list.devices.first?.transportID == "4")
        for state in ["bootloader", "recovery", "rescue", "sideload"] {
            #expect(AdbDeviceList.parse("R58M123ABC             \(state) transport_id:2\n").devices.first?.state == .maintenance)
        }
        #expect(AdbDeviceList.parse("R58M123ABC\tconnecting\n").devices.first?.state == .connecting)
        // A word adb's source does not have: read, and said to be unknown rather than guessed.
        let odd = AdbDeviceList.parse("R58M123ABC             sleeping transport_id:2\n")
        #expect(odd.devices.first?.state == .unknown)
        #expect(odd.devices.first?.stateText == "sleeping")
    }

    @Test("lines that are no device are kept as unreadable; adb's daemon start-up lines are skipped")
    func unreadable() {
        let text = "* daemon not running; starting now at tcp:5037\n* daemon started successfully\nList of devices attached\nwhat is this\nemulator-5554          device transport_id:1 extra:field\n\n"
        let list = AdbDeviceList.parse(text)
        #expect(list.devices == [])
        #expect(list.unreadable == ["what is this", "emulator-5554          device transport_id:1 extra:field"])
        #expect(AdbDeviceList.parse("List of devices attached\n\n") == AdbDeviceList(devices: [], unreadable: []))
    }
}
