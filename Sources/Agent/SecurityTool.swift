import ChildProcesses
import Foundation
import Secrets

// MARK: - SecurityTool

/// macOS `security(1)` as a job's keychain set-up and clean-up call it: found on the agent's
/// `PATH`, run on a thread of its own and killed after a time limit (``DeviceToolRunner``),
/// every password always given on the command line (without `-p` or `-P` `security` asks a
/// person, and a job would hang), and every failure turned into one sentence for the job's log
/// with the passwords in it replaced.
///
/// `security` exits with the low byte of the Security framework's `OSStatus`, so any non-zero
/// status is a failure; a few of its messages get a hint of what to fix.
struct SecurityTool: Sendable {
    /// Runs the executable with the agent's environment.
    let runner: DeviceToolRunner
    /// The job's masker (its secrets and its keychain password), for what reaches a message.
    let masker: SecretMasker

    /// What went wrong, in words for the job's log.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `security arguments…` for `purpose` (e.g. "create the keychain") and answers its
    /// output; throws unless it exits 0. `accepting` names stderr texts that count as success
    /// ("already gone" during clean-up).
    @discardableResult
    func run(_ arguments: [String], for purpose: String, accepting: [String] = []) async throws(Failure) -> CommandOutput {
        guard let executable = self.runner.locate("security") else {
            throw Failure(description: "could not \(purpose): `security` is not on the agent's PATH (keychains need a macOS agent)")
        }
        let shown = self.shown(arguments)
        switch await self.runner.run(executable, arguments) {
        case .failed(let reason):
            throw Failure(description: "could not \(purpose): `\(shown)`: \(self.masker.mask(reason))")
        case .finished(let output):
            if output.status.isSuccess || accepting.contains(where: { output.errorText.contains($0) }) { return output }
            let message = self.masker.mask(output.errorText)
            let hint = Self.hint(for: output.errorText).map { " (\($0))" } ?? ""
            throw Failure(description: "could not \(purpose): `\(shown)` ended with \(output.status): \(message)\(hint)")
        }
    }

    /// `security …` as the log shows it: the value after `-p` and `-P` (and after `-k` of
    /// `set-key-partition-list`, the keychain's password) is `***`, however short it is.
    func shown(_ arguments: [String]) -> String {
        var words = ["security"]
        var hideNext = false
        for argument in arguments {
            words.append(hideNext ? "***" : Self.quoted(argument))
            hideNext = argument == "-p" || argument == "-P" || (argument == "-k" && arguments.first == "set-key-partition-list")
        }
        return self.masker.mask(words.joined(separator: " "))
    }

    /// An argument as a shell would need it.
    private static func quoted(_ argument: String) -> String {
        let plain = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./:,=@+".contains($0) }
        return plain && !argument.isEmpty ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// What to do about a message `security` printed, when it is one people often meet.
    static func hint(for message: String) -> String? {
        if message.contains("MAC verification failed") {
            return "the certificate's password is wrong, or the .p12 was exported by OpenSSL 3 with its default "
                + "algorithms, which macOS cannot read: export it again with `openssl pkcs12 -export -legacy …`"
        }
        if message.contains("passphrase you entered is not correct") { return "the keychain refused its password" }
        if message.contains("User interaction is not allowed") {
            return "the keychain is locked or macOS wanted to ask a person: run the agent in a logged-in user's session"
        }
        if message.contains("unknown command") || message.contains("Usage:") || message.contains("illegal option") {
            return "this macOS's `security` does not accept the call; MobileOps needs macOS 10.12 or later"
        }
        return nil
    }

    // MARK: Reading answers

    /// The user's keychain search list (`security list-keychains -d user`): one quoted path per line.
    func searchList() async throws(Failure) -> [String] {
        let output = try await self.run(["list-keychains", "-d", "user"], for: "read the keychain search list")
        return output.text.split(whereSeparator: \.isNewline).compactMap { line in
            let path = line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return path.isEmpty ? nil : path
        }
    }

    /// The valid code-signing identities in `keychain` (`find-identity -v -p codesigning`), as
    /// their names. "0 valid identities found" is exit 0, so the rows are counted, not the status.
    func codeSigningIdentities(in keychain: String) async throws(Failure) -> [String] {
        let output = try await self.run(["find-identity", "-v", "-p", "codesigning", keychain], for: "list the keychain's signing identities")
        return output.text.split(whereSeparator: \.isNewline).compactMap { line in
            // `  1) 40-HEX-DIGITS "Apple Distribution: Acme (TEAMID)"`
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 2)
            guard parts.count == 3, parts[0].hasSuffix(")"), Int(parts[0].dropLast()) != nil, parts[1].count == 40,
                  parts[1].allSatisfy(\.isHexDigit) else { return nil }
            return parts[2].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
    }
}
