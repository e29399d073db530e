import Logging
import Core
import Foundation
import Secrets

// MARK: - A step's secrets

extension JobExecutor {
    /// What every line about secrets starts with in the job's log.
    static let secretsLogPrefix = "mobile-ops-agent: secrets: "
    /// How long one `security` call may take before it is killed.
    static let securityTimeout: Duration = .seconds(120)

    /// For a step with `secrets:` or `keychain:`: fetches the values the job may have, masks
    /// them (and the keychain's password) in everything the job's log gets from now on, says
    /// which were given and which refused, writes the file secrets into the job's secrets
    /// folder and sets the keychain up. Answers the variables for the commands, or nil when the
    /// job fails (the log says why): a job never runs without secrets it could not fetch.
    func prepareSecrets(
        _ step: StepSecrets, assignment: JobAssignment, token: String, folder: SecretsFolder, control: JobControl, streamer: LogStreamer
    ) async -> [String: String]? {
        let prefix = Self.secretsLogPrefix
        let answer: JobSecrets
        do {
            answer = try await self.withRetries(attempts: 5) { () async throws(AgentAPIError) in
                try await self.api.secrets(jobID: assignment.jobID, token: token)
            }
        } catch {
            if error == .jobNotHeld { control.stop(.notHeld) }
            streamer.append(line: prefix + "could not fetch the step's secrets (\(error)); the job fails rather than run without them")
            return nil
        }
        let keychainPassword = step.keychain == nil ? nil : SigningKeychain.newPassword()
        let masker = SecretMasker(values: answer.given.map { Array($0.value) } + (keychainPassword.map { [Array($0.utf8)] } ?? []))
        streamer.mask(with: masker)
        for line in Self.secretsLines(answer) { streamer.append(line: prefix + line) }
        if let problem = Self.problem(in: answer) {
            streamer.append(line: prefix + problem + "; the job fails")
            return nil
        }
        let written = await Self.offThePool { () -> Result<[String: String], SecretsFolder.Failure> in
            do throws(SecretsFolder.Failure) {
                try folder.create()
                var variables = ["MOBILE_OPS_SECRETS_DIR": folder.path]
                for secret in answer.given {
                    switch secret.kind {
                    case .env: variables[secret.name] = String(decoding: secret.value, as: UTF8.self)
                    case .file: variables[secret.name] = try folder.write(secret.value, named: secret.name)
                    }
                }
                return .success(variables)
            } catch {
                return .failure(error)
            }
        }
        guard case .success(var variables) = written else {
            if case .failure(let failure) = written { streamer.append(line: prefix + "\(failure); the job fails") }
            return nil
        }
        if let keychain = step.keychain, let keychainPassword {
            guard let keychainVariables = await self.setUpKeychain(
                keychain, answer: answer, variables: variables, password: keychainPassword, folder: folder, masker: masker, streamer: streamer)
            else { return nil }
            variables.merge(keychainVariables) { _, keychain in keychain }
        }
        return variables
    }

    /// The log lines naming what the job was given and what it was refused, and why.
    static func secretsLines(_ answer: JobSecrets) -> [String] {
        var lines: [String] = []
        if !answer.given.isEmpty {
            lines.append("given " + answer.given.map { "\($0.name) (\($0.kind == .file ? "file" : "variable"))" }.joined(separator: ", "))
        }
        for denial in answer.denied { lines.append("\(denial.name): not given: \(denial.reason)") }
        let short = answer.given.filter { $0.value.count < SecretMasker.minimumLength }.map(\.name)
        if !short.isEmpty {
            lines.append("\(short.joined(separator: ", ")): shorter than \(SecretMasker.minimumLength) bytes, so not masked in the log")
        }
        return lines
    }

    /// Why the answer cannot be used as it is, if it cannot: a name that is no variable's (it
    /// names a file too, so `../x` must never pass), one of the agent's own variables, one
    /// given twice, or a variable's value a process environment cannot hold.
    static func problem(in answer: JobSecrets) -> String? {
        var seen: Set<String> = []
        for secret in answer.given {
            let name = secret.name
            guard let first = name.utf8.first, !(0x30...0x39).contains(first), name.utf8.count <= 128,
                  name.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }) else {
                return "the server gave a secret named \(name.debugDescription), which is not a variable's name ([A-Z_][A-Z0-9_]*)"
            }
            guard !name.hasPrefix("MOBILE_OPS_") else { return "the secret \(name) would replace one of the agent's own variables" }
            guard seen.insert(name).inserted else { return "the server gave the secret \(name) twice" }
            if secret.kind == .env, String(data: secret.value, encoding: .utf8) == nil || secret.value.contains(0) {
                return "the secret \(name) is not text a variable can hold (store it as a file secret)"
            }
        }
        return nil
    }

    /// Sets up the step's keychain from the secrets it names; nil when it cannot be (said in the log).
    private func setUpKeychain(
        _ keychain: KeychainSetup, answer: JobSecrets, variables: [String: String], password: String, folder: SecretsFolder,
        masker: SecretMasker, streamer: LogStreamer
    ) async -> [String: String]? {
        let prefix = "mobile-ops-agent: keychain: "
        guard self.configuration.keychains else {
            streamer.append(line: prefix + "this agent does not set up keychains (a macOS agent does: give the step a requirement such as platform=ios); the job fails")
            return nil
        }
        let given = Dictionary(answer.given.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func file(_ name: String) -> SigningKeychain.File? {
            given[name]?.kind == .file ? variables[name].map { SigningKeychain.File(name: name, path: $0) } : nil
        }
        let certificates = keychain.certificates.compactMap(file), profiles = keychain.profiles.compactMap(file)
        guard certificates.count == keychain.certificates.count, profiles.count == keychain.profiles.count,
              let certificatePassword = given[keychain.password] else {
            let missing = keychain.secretNames.filter { given[$0] == nil }
            let notFiles = (keychain.certificates + keychain.profiles).filter { given[$0] != nil && given[$0]?.kind != .file }
            let reason = missing.isEmpty ? "\(notFiles.joined(separator: ", ")) must be file secrets" : "\(missing.joined(separator: ", ")) not given"
            streamer.append(line: prefix + "cannot be set up: \(reason); the job fails")
            return nil
        }
        let keychainSetUp = SigningKeychain(
            folder: folder, security: self.securityTool(masker: masker), coordinator: self.signing, home: self.homeDirectory)
        let inputs = SigningKeychain.Inputs(
            certificates: certificates, certificatePassword: String(decoding: certificatePassword.value, as: UTF8.self),
            profiles: profiles, keychainPassword: password)
        do {
            return try await keychainSetUp.setUp(inputs) { streamer.append(line: prefix + $0) }
        } catch {
            streamer.append(line: prefix + "\(error); the job fails")
            return nil
        }
    }

    // MARK: Removing

    /// Removes a job's secrets folder, after undoing its keychain's changes when it had one.
    /// When some change could not be undone, the secrets still go and the keychain's record
    /// stays for the agent's next start. Answers lines for the log.
    func removeSecrets(_ folder: SecretsFolder, masker: SecretMasker? = nil) async -> [String] {
        let state = await Self.offThePool { () -> Result<KeychainState?, SecretsFolder.Failure> in
            do throws(SecretsFolder.Failure) { return .success(try KeychainState.load(from: folder)) } catch { return .failure(error) }
        }
        var problems: [String] = []
        switch state {
        case .success(let state?):
            problems = await SigningKeychain.cleanUp(
                state, security: self.securityTool(masker: masker ?? SecretMasker(values: [])), coordinator: self.signing)
        case .success(nil):
            break
        case .failure(let failure):
            problems = [failure.description]
        }
        let keep = problems.isEmpty ? nil : KeychainState.fileName
        let removed = await Self.offThePool { () -> SecretsFolder.Failure? in
            do throws(SecretsFolder.Failure) {
                if let keep { try folder.remove(keeping: keep) } else { try folder.remove() }
                return nil
            } catch {
                return error
            }
        }
        var lines = problems.map { "mobile-ops-agent: keychain: clean-up: \($0)" }
        if let removed { lines.append(Self.secretsLogPrefix + "\(removed)") }
        if keep != nil { lines.append(Self.secretsLogPrefix + "the secrets are removed; the keychain clean-up is tried again when the agent next starts") }
        if lines.isEmpty { lines.append(Self.secretsLogPrefix + "removed") }
        return lines
    }

    /// At the agent's start: removes every secrets folder a killed agent left, finishing its
    /// keychain's clean-up first.
    func removeLeftoverSecrets() async {
        let workDirectory = self.configuration.workDirectory
        let folders = await Self.offThePool { SecretsFolder.all(workDirectory: workDirectory) }
        for folder in folders {
            let lines = await self.removeSecrets(folder)
            self.logger.notice("removed the secrets a stopped job left", metadata: ["folder": "\(folder.path)", "result": "\(lines.joined(separator: "; "))"])
        }
    }

    /// `security` with the agent's environment and `masker` for its messages.
    private func securityTool(masker: SecretMasker) -> SecurityTool {
        SecurityTool(runner: DeviceToolRunner(environment: self.baseEnvironment, timeout: Self.securityTimeout), masker: masker)
    }

    /// The home folder of the user the agent runs as (profiles go under it).
    private var homeDirectory: String {
        self.baseEnvironment["HOME"] ?? NSHomeDirectory()
    }
}
