import ChildProcesses
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SigningKeychain

/// A job's own keychain on a macOS agent (a step's `keychain:`), set up as GitHub's runner
/// documentation, fastlane and Codemagic do it and removed when the job ends.
///
/// Set-up: `create-keychain -p` at `<secrets folder>/signing.keychain-db` (resolved, because
/// securityd keeps the resolved path) with a random password of the job's (masked like a
/// secret) → `set-keychain-settings -lut 21600` → `unlock-keychain -p` → per certificate
/// `import FILE -k KC -P PASSWORD -T /usr/bin/codesign -T /usr/bin/security -f pkcs12` →
/// `set-key-partition-list -S apple-tool:,apple:,codesign: -s -k KC-PASSWORD KC` (output
/// dropped: it dumps every key's attributes) → the user search list read and set with the
/// keychain first (one job of the agent at a time) → profiles installed as `<UUID>.mobileprovision`
/// → `find-identity -v -p codesigning KC`, which must find an identity. The default keychain
/// is never changed: it is the user's, shared by every slot.
///
/// Each change is recorded in ``KeychainState`` before it is made; ``cleanUp(_:security:coordinator:home:)``
/// undoes what the record says, at the job's end or when a killed agent starts again.
struct SigningKeychain: Sendable {
    /// The job's secrets folder, where the keychain and its state live.
    let folder: SecretsFolder
    /// `security`, with the job's masker.
    let security: SecurityTool
    /// The agent's lock on the search list and its record of installed profiles.
    let coordinator: SigningCoordinator
    /// The user's home folder (profiles go under its `Library`).
    let home: String

    /// What went wrong, for the job's log.
    typealias Failure = SecurityTool.Failure

    /// One secret file the keychain uses.
    struct File: Sendable, Equatable {
        /// The secret's name.
        var name: String
        /// Its path in the secrets folder.
        var path: String
    }

    /// What set-up needs.
    struct Inputs: Sendable {
        /// The `.p12` files to import.
        var certificates: [File]
        /// Their import password.
        var certificatePassword: String
        /// The `.mobileprovision` files to install.
        var profiles: [File]
        /// The keychain's own password (``SigningKeychain/newPassword()``).
        var keychainPassword: String
    }

    /// A new keychain password: 32 random bytes in base64.
    static func newPassword() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64EncodedString()
    }

    // MARK: Setting up

    /// Sets the keychain up; `log` hears what is done. Answers the variables for the job's
    /// commands (`MOBILE_OPS_KEYCHAIN`, the keychain's path).
    func setUp(_ inputs: Inputs, log: @Sendable (String) -> Void) async throws(Failure) -> [String: String] {
        let folder = self.folder
        let keychain = try await Self.onDisk { () throws(SecretsFolder.Failure) -> String in
            guard let resolved = realpath(folder.path, nil) else {
                throw SecretsFolder.Failure("could not resolve \(folder.path): \(String(cString: strerror(errno)))")
            }
            defer { free(resolved) }
            return String(cString: resolved) + "/signing.keychain-db"
        }
        var state = KeychainState(keychain: keychain)
        try await self.save(state)
        let password = inputs.keychainPassword
        log("creating the keychain \(keychain)")
        try await self.security.run(["create-keychain", "-p", password, keychain], for: "create the job's keychain")
        try await self.security.run(["set-keychain-settings", "-lut", "21600", keychain], for: "set the keychain to lock after 6 hours")
        try await self.security.run(["unlock-keychain", "-p", password, keychain], for: "unlock the keychain")
        for certificate in inputs.certificates {
            try await self.security.run(
                ["import", certificate.path, "-k", keychain, "-P", inputs.certificatePassword, "-T", "/usr/bin/codesign", "-T", "/usr/bin/security", "-f", "pkcs12"],
                for: "import the certificate \(certificate.name)")
            log("imported the certificate \(certificate.name)")
        }
        try await self.security.run(
            ["set-key-partition-list", "-S", "apple-tool:,apple:,codesign:", "-s", "-k", password, keychain],
            for: "let codesign use the imported keys without asking")
        await self.coordinator.lockSearchList()
        do throws(Failure) {
            let current = try await self.security.searchList()
            state.inSearchList = true
            try await self.save(state)
            try await self.security.run(
                ["list-keychains", "-d", "user", "-s", keychain] + current.filter { $0 != keychain }, for: "put the keychain first in the search list")
        } catch {
            await self.coordinator.unlockSearchList()
            throw error
        }
        await self.coordinator.unlockSearchList()
        for profile in inputs.profiles { try await self.install(profile, state: &state, log: log) }
        let identities = try await self.security.codeSigningIdentities(in: keychain)
        guard !identities.isEmpty else {
            throw Failure(description: "the keychain holds no valid code-signing identity: the certificate may have expired, "
                + "or the .p12 lacks its chain (export it with Apple's intermediate certificate)")
        }
        log("\(identities.count) valid signing \(identities.count == 1 ? "identity" : "identities"): \(identities.joined(separator: ", "))")
        return ["MOBILE_OPS_KEYCHAIN": keychain]
    }

    /// Installs one profile where Xcode finds it, unless a file of its UUID is already there.
    private func install(_ file: File, state: inout KeychainState, log: @Sendable (String) -> Void) async throws(Failure) {
        let decoded = try await self.security.run(["cms", "-D", "-i", file.path], for: "read the provisioning profile \(file.name)")
        guard let profile = ProvisioningProfile(decodedPropertyList: decoded.standardOutput) else {
            throw Failure(description: "\(file.name) is not a provisioning profile: `security cms -D` printed no property list with a UUID")
        }
        let folders = ProvisioningProfile.folders(home: self.home)
        let xcode16 = await JobExecutor.offThePool { FileManager.default.fileExists(atPath: folders.ifPresent) }
        for destination in [folders.always] + (xcode16 ? [folders.ifPresent] : []) {
            let target = destination + "/" + profile.fileName
            let exists = await JobExecutor.offThePool { FileManager.default.fileExists(atPath: target) }
            switch await self.coordinator.claim(target, exists: exists) {
            case .foreign:
                log("the profile \(profile.name) is already installed at \(target); it stays when the job ends")
            case .shared:
                state.profiles.append(target)
                try await self.save(state)
            case .install:
                state.profiles.append(target)
                try await self.save(state)
                try await Self.onDisk { () throws(SecretsFolder.Failure) in
                    do {
                        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
                        try FileManager.default.copyItem(atPath: file.path, toPath: target)
                    } catch {
                        throw SecretsFolder.Failure("could not install \(target): \(error.localizedDescription)")
                    }
                }
                log("installed the profile \(profile.name) as \(target)")
            }
        }
    }

    // MARK: Cleaning up

    /// Undoes what `state` records: the keychain out of the search list, the keychain deleted
    /// (one already gone counts as deleted), the profiles removed unless another job of the
    /// agent still uses them. Answers what could not be undone; empty when all was.
    static func cleanUp(_ state: KeychainState, security: SecurityTool, coordinator: SigningCoordinator) async -> [String] {
        var problems: [String] = []
        if state.inSearchList {
            await coordinator.lockSearchList()
            do throws(Failure) {
                let current = try await security.searchList()
                if current.contains(state.keychain) {
                    try await security.run(
                        ["list-keychains", "-d", "user", "-s"] + current.filter { $0 != state.keychain },
                        for: "take the job's keychain out of the search list")
                }
            } catch {
                problems.append(error.description)
            }
            await coordinator.unlockSearchList()
        }
        do throws(Failure) {
            try await security.run(["delete-keychain", state.keychain], for: "delete the job's keychain", accepting: ["could not be found"])
        } catch {
            problems.append(error.description)
        }
        for profile in state.profiles {
            guard await coordinator.release(profile) else { continue }
            let removed = await JobExecutor.offThePool { () -> String? in
                guard FileManager.default.fileExists(atPath: profile) else { return nil }
                do { try FileManager.default.removeItem(atPath: profile) } catch { return "could not remove \(profile): \(error.localizedDescription)" }
                return nil
            }
            if let removed { problems.append(removed) }
        }
        return problems
    }

    // MARK: Disk

    /// Records `state` in the folder before the change it announces is made.
    private func save(_ state: KeychainState) async throws(Failure) {
        let folder = self.folder
        try await Self.onDisk { () throws(SecretsFolder.Failure) in try state.save(in: folder) }
    }

    /// Runs `work` off the cooperative pool.
    private static func onDisk<T: Sendable>(_ work: @escaping @Sendable () throws(SecretsFolder.Failure) -> T) async throws(Failure) -> T {
        let result = await JobExecutor.offThePool { () -> Result<T, SecretsFolder.Failure> in
            do throws(SecretsFolder.Failure) { return .success(try work()) } catch { return .failure(error) }
        }
        switch result {
        case .success(let value): return value
        case .failure(let failure): throw Failure(description: failure.description)
        }
    }
}
