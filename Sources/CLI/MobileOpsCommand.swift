import ArgumentParser

/// `mobile-ops`: the command-line client of the MobileOps server.
public struct MobileOpsCommand: AsyncParsableCommand {
    /// The command tree.
    public static let configuration = CommandConfiguration(
        commandName: "mobile-ops",
        abstract: "Drive a MobileOps server: repositories, tokens, builds and more.",
        discussion: """
            Every command takes --server (MOBILE_OPS_SERVER), --token (MOBILE_OPS_TOKEN) and --json.
            Exit status: 0 on success, 1 when the server answers with an error, 2 when it cannot be reached.
            """,
        subcommands: [StatusCommand.self, ReposCommand.self, TokensCommand.self, BuildsCommand.self, AgentsCommand.self, PipelinesCommand.self, MetricsCommand.self, ImpactCommand.self, ChecksCommand.self, TrainsCommand.self, ReleasesCommand.self, ArtifactsCommand.self, AuditCommand.self]
    )

    /// Created by ArgumentParser.
    public init() {}
}
