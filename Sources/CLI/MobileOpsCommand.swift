import ArgumentParser

/// `mobile-ops`: the command-line client of the MobileOps server.
public struct MobileOpsCommand: AsyncParsableCommand {
    /// The command tree.
    public static let configuration = CommandConfiguration(
        commandName: "mobile-ops",
        abstract: "Drive a MobileOps server: repositories, tokens, builds and more.",
        discussion: """
            Every command that talks to the server takes --server (MOBILE_OPS_SERVER), --token \
            (MOBILE_OPS_TOKEN) and --json. The first token is the admin token the server printed at \
            its first start.

            Exit status (a command's --help says what its own 1 or 2 mean):
              0   success
              1   the server answered with an error, or the command's own failure
              2   the server cannot be reached
              64  bad flags or arguments, printed with the usage

            Examples:
              export MOBILE_OPS_SERVER=http://127.0.0.1:8080 MOBILE_OPS_TOKEN=mo_…
              mobile-ops status
              mobile-ops builds list --status failed
              mobile-ops help builds logs
            """,
        subcommands: [
            StatusCommand.self, ReposCommand.self, SecretsCommand.self, TokensCommand.self, BuildsCommand.self, AgentsCommand.self, PipelinesCommand.self,
            MetricsCommand.self, ImpactCommand.self, ChecksCommand.self, TrainsCommand.self, ReleasesCommand.self, ArtifactsCommand.self,
            OutboxCommand.self, AuditCommand.self, DevicesCommand.self, TestsCommand.self, CacheCommand.self,
        ]
    )

    /// Created by ArgumentParser.
    public init() {}

    /// ArgumentParser's own messages (bad flags) start with `error:`, as the commands' do.
    public static var _errorPrefix: String { "error: " }
}
