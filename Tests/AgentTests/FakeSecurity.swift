import Core
import Foundation

/// The strict fake of macOS `security` (`SecurityFake/security`, written from Apple's manual and
/// sources), installed in a folder an agent gets first on its `PATH`, with a home folder of its
/// own (profiles go under it) and the fake's state: keychains, the user search list, every call.
struct FakeSecurity {
    /// Where the fake, its state and the home folder live.
    let root: URL

    /// Copies the fake into `folder/security-fake/bin` and makes the state and home folders.
    init(in folder: URL) throws {
        root = folder.appendingPathComponent("security-fake").resolvingSymlinksInPath()
        for sub in ["bin", "state", "home/Library/Keychains"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        guard let source = Bundle.module.url(forResource: "security", withExtension: nil, subdirectory: "SecurityFake") else {
            throw FakeSecurityError.missing
        }
        let target = root.appendingPathComponent("bin/security")
        try FileManager.default.copyItem(at: source, to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.path)
    }

    /// The home folder the agent (and its jobs) see.
    var home: String { root.appendingPathComponent("home").path }
    /// The user's login keychain, alone in the search list until a job adds its own.
    var loginKeychain: String { home + "/Library/Keychains/login.keychain-db" }
    /// Where Xcode finds provisioning profiles.
    var profiles: String { home + "/Library/MobileDevice/Provisioning Profiles" }

    /// The agent's environment: the fake first on `PATH`, `HOME`, the fake's state; plus `extra`.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = root.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = home
        environment["MOBILE_OPS_FAKE_SECURITY_STATE"] = root.appendingPathComponent("state").path
        return environment.merging(extra) { _, given in given }
    }

    // MARK: Reading the fake's state

    /// The state file's shape.
    struct State: Decodable {
        var keychains: [String: Keychain]
        var searchList: [String]
        struct Keychain: Decodable { var locked: Bool }
    }

    /// The keychains and search list now (the untouched default before the first call).
    func state() throws -> State {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent("state/state.json").path) else {
            return State(keychains: [:], searchList: [loginKeychain])
        }
        return try JSONDecoder().decode(State.self, from: data)
    }

    /// Every call, in order, passwords replaced by `<redacted>`.
    func calls() -> [String] {
        let text = (try? String(contentsOf: root.appendingPathComponent("state/calls.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Every call the fake refused (what the real tool does not document, or would prompt for).
    func refused() -> String {
        (try? String(contentsOf: root.appendingPathComponent("state/refused.log"), encoding: .utf8)) ?? ""
    }

    // MARK: Fixtures

    /// A fake `.p12`: its password and one identity.
    static func p12(password: String) -> Data {
        Data(#"{"fakeP12": {"password": "\#(password)", "identities": [{"sha1": "\#(identitySHA1)", "name": "\#(identityName)"}]}}"#.utf8)
    }
    static let identitySHA1 = "A06E7F3F8237330EE15CB91BE1A511C00B853358"
    static let identityName = "Apple Distribution: Acme Corp (TEAM123456)"

    /// A provisioning profile as `security cms -D` prints it (the fake prints the file).
    static func profile(uuid: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>AppIDName</key><string>Acme</string>
                <key>ExpirationDate</key><date>2031-01-01T00:00:00Z</date>
                <key>Name</key><string>Acme App Store</string>
                <key>Platform</key><array><string>iOS</string></array>
                <key>TeamIdentifier</key><array><string>TEAM123456</string></array>
                <key>UUID</key><string>\(uuid)</string>
                <key>Version</key><integer>1</integer>
            </dict>
            </plist>
            """.utf8)
    }
    static let profileUUID = "6A1B2C3D-4E5F-4071-8293-A4B5C6D7E8F9"

    /// The step's keychain and the answer the server gives it (certificate password `password`).
    static func signingSecrets(password: String = "p12-Passw0rd!", importPassword: String? = nil) -> (StepSecrets, JobSecrets) {
        let keychain = KeychainSetup(certificates: ["IOS_DIST_P12"], password: "IOS_P12_PASSWORD", profiles: ["IOS_PROFILE"])
        let answer = JobSecrets(given: [
            .init(name: "IOS_DIST_P12", kind: .file, value: p12(password: password)),
            .init(name: "IOS_P12_PASSWORD", kind: .env, value: Data((importPassword ?? password).utf8)),
            .init(name: "IOS_PROFILE", kind: .file, value: profile(uuid: profileUUID)),
        ], denied: [])
        return (StepSecrets(names: keychain.secretNames, keychain: keychain), answer)
    }
}

/// The fake is not among the test bundle's resources.
enum FakeSecurityError: Error {
    case missing
}
