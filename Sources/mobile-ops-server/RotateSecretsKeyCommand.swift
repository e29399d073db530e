import ArgumentParser
import Core
import Foundation
import Logging
import Server

/// `mobile-ops-server rotate-secrets-key --new-key-file PATH`: re-seals every stored secret
/// under a new key, in one transaction.
///
/// Works on the database directly, like `reset-admin-token`. The current key comes from where
/// the server reads it (`MOBILE_OPS_SECRETS_KEY` or `MOBILE_OPS_SECRETS_KEY_FILE`); the new one
/// only from a file, so it never lands in shell history or a process listing.
struct RotateSecretsKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-secrets-key",
        abstract: "Re-seal every stored secret under a new key (one transaction; a wrong current key changes nothing).",
        discussion: """
            Stop every server first (an SQLite file is held by its server; a PostgreSQL replica still on the old \
            key could not open what was re-sealed), rotate, then start every server with the new key.

            Examples:
              openssl rand -base64 32 > /etc/mobile-ops/secrets-new.key
              MOBILE_OPS_SECRETS_KEY_FILE=/etc/mobile-ops/secrets.key \\
                  mobile-ops-server rotate-secrets-key --new-key-file /etc/mobile-ops/secrets-new.key
            """
    )

    @Option(help: "File holding the new key: 32 bytes as base64 or hex (openssl rand -base64 32).")
    var newKeyFile: String
    @OptionGroup var options: DatabaseCommandOptions

    func run() async throws {
        let configuration = try options.configuration()
        let logger = options.bootstrapLogging(configuration)
        do {
            let rotation = try await MobileOpsServer.rotateSecretsKey(configuration: configuration, newKeyFile: newKeyFile, logger: logger)
            FileHandle.standardOutput.write(Data("""
                Re-sealed \(rotation.count) secret\(rotation.count == 1 ? "" : "s") under key \(rotation.newFingerprint) (they were under \(rotation.oldFingerprint)).
                Start every server with the new key now (MOBILE_OPS_SECRETS_KEY_FILE=\(newKeyFile)); keep the old key until none uses it.

                """.utf8))
        } catch {
            FileHandle.standardError.write(Data("mobile-ops-server rotate-secrets-key: \(error.message)\n".utf8))
            throw ExitCode(3)
        }
    }
}
