import Foundation

/// The strict fakes of `adb`, `xcrun` (simctl, xcresulttool) and `xcodebuild` (`DeviceFakes/`), installed in a folder an
/// agent gets first on its `PATH`, with the devices they answer about: one folder per Android
/// serial, and simctl's JSON. A test changes a device by editing its files.
struct FakeDeviceTools {
    /// Where the fakes and their state live.
    let root: URL

    /// Copies the fakes into `root/bin` and makes the state folders.
    init(in folder: URL) throws {
        root = folder.appendingPathComponent("device-tools")
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("adb-devices"), withIntermediateDirectories: true)
        for tool in ["adb", "xcrun", "xcodebuild"] {
            guard let source = Bundle.module.url(forResource: tool, withExtension: nil, subdirectory: "DeviceFakes") else {
                throw FakeToolError.missing(tool)
            }
            let target = bin.appendingPathComponent(tool)
            try FileManager.default.copyItem(at: source, to: target)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.path)
        }
        try simulatorsJSON("{\"devices\" : {}}")
    }

    /// The agent's environment: the fakes first on `PATH`, and where their state is.
    var environment: [String: String] {
        [
            "PATH": root.appendingPathComponent("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "MOBILE_OPS_FAKE_ADB_DEVICES": root.appendingPathComponent("adb-devices").path,
            "MOBILE_OPS_FAKE_ADB_LOG": root.appendingPathComponent("adb.log").path,
            "MOBILE_OPS_FAKE_SIMCTL_JSON": root.appendingPathComponent("simctl.json").path,
            "MOBILE_OPS_FAKE_SIMCTL_LOG": root.appendingPathComponent("simctl.log").path,
            "MOBILE_OPS_FAKE_SIMCTL_FAIL": root.appendingPathComponent("simctl-fails").path,
        ]
    }

    /// Writes `value` as one file of an Android device (`state`, `props/sys.boot_completed`, …).
    func android(_ serial: String, _ file: String, _ value: String) throws {
        let url = root.appendingPathComponent("adb-devices/\(serial)/\(file)")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (value + "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// Unplugs an Android device: adb no longer lists it.
    func unplug(_ serial: String) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent("adb-devices/\(serial)"))
    }

    /// What `simctl list devices --json` prints.
    func simulatorsJSON(_ json: String) throws {
        try json.write(to: root.appendingPathComponent("simctl.json"), atomically: true, encoding: .utf8)
    }

    /// Makes simctl fail (as a broken CoreSimulator service does) or work again.
    func simctlFails(_ fails: Bool) throws {
        let flag = root.appendingPathComponent("simctl-fails")
        if fails {
            try Data().write(to: flag)
        } else {
            try? FileManager.default.removeItem(at: flag)
        }
    }

    /// Every call a fake got, one per line, with `REFUSED` lines for calls it does not allow.
    func calls() -> String {
        ["adb.log", "simctl.log"].map { (try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) ?? "" }.joined()
    }

    enum FakeToolError: Error { case missing(String) }
}
