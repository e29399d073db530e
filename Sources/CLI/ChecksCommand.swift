import ArgumentParser

/// `mobile-ops checks …`: automated checks on a project, offline.
struct ChecksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checks",
        abstract: "Automated checks on a project: dependency rules on its module graph.",
        discussion: "Example:\n  mobile-ops checks deps --project .",
        subcommands: [ChecksDepsCommand.self]
    )
}
