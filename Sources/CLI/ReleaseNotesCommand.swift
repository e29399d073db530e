import ArgumentParser
import Foundation

/// `mobile-ops release notes ID`: a release's notes in Markdown, from the commits since the
/// train's previous released version.
struct ReleaseNotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "Print a release's notes (Markdown) from the commits since the previous released version.",
        discussion: """
            The server reads the commits from the git host (or the repository's clone URL). --json adds \
            the range read, the commit count and the pull requests.

            Examples:
              mobile-ops release notes 7 > notes.md
              mobile-ops release notes 7 --json
            """)
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Release id.") var id: Int64

    func run() async throws {
        struct Notes: Decodable { var markdown: String }
        try await connection.get("/api/v1/releases/\(id)/notes", as: Notes.self) { notes in
            print(notes.markdown, terminator: notes.markdown.hasSuffix("\n") ? "" : "\n")
        }
    }
}
