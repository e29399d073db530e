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

            Exit status:
              0   success
              1   the server answered with an error, or the command's own failure (a build that did \
            not pass for 'builds watch', new violations for 'checks deps', …: see its --help)
              2   the server cannot be reached ('checks deps': the rules, baseline or project cannot be read)
              64  bad flags or arguments (printed with the usage)

            Examples:
              export MOBILE_OPS_SERVER=http://127.0.0.1:8080 MOBILE_OPS_TOKEN=mo_…
              mobile-ops status
              mobile-ops builds list --status failed
              mobile-ops help builds logs
            """,
        subcommands: [
            StatusCommand.self, ReposCommand.self, TokensCommand.self, BuildsCommand.self, AgentsCommand.self, PipelinesCommand.self,
            MetricsCommand.self, ImpactCommand.self, ChecksCommand.self, TrainsCommand.self, ReleasesCommand.self, ArtifactsCommand.self,
            OutboxCommand.self, AuditCommand.self,
        ]
    )

    /// Created by ArgumentParser.
    public init() {}

    /// ArgumentParser's own messages (bad flags) start with `error:`, as the commands' do.
    public static var _errorPrefix: String { "error: " }
}
