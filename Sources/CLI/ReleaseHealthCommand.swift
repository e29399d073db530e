import ArgumentParser
import Foundation

/// `mobile-ops release health ID --platform P --metric M --value V --sample-size N`: reports one
/// health sample from a crash reporter; a breach halts a rolling-out release.
struct ReleaseHealthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Report a health sample of a release (write token); a breach halts a rolling-out release.",
        discussion: """
            The train's health rules judge the sample; one smaller than a rule's min_sample never \
            breaches it. See docs/release-train.md, "Health reports".

            Example:
              mobile-ops release health 7 --platform android --metric crash_free_users \\
                  --value 99.1 --sample-size 4200
            """)
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Release id.") var id: Int64
    @Option(help: "android or ios.") var platform: String
    @Option(help: "crash_free_users, crash_free_sessions or anr_rate (percent).") var metric: String
    @Option(help: "The measured value, in percent.") var value: Double
    @Option(name: .customLong("sample-size"), help: "How many users or sessions it was measured over.") var sampleSize: Int

    func validate() throws {
        guard ["android", "ios"].contains(platform) else { throw ValidationError("--platform must be android or ios, not '\(platform)'") }
        guard value.isFinite else { throw ValidationError("--value must be a number") }
        guard sampleSize >= 0 else { throw ValidationError("--sample-size must not be negative") }
    }

    func run() async throws {
        struct Sample: Encodable { var metric: String; var value: Double; var sampleSize: Int; var platform: String }
        struct Answer: Decodable {
            struct Verdict: Decodable { var metric: String; var platform: String; var verdict: String; var summary: String }
            struct Release: Decodable { var id: Int64; var state: String }
            var results: [Verdict]
            var halted: Bool
            var release: Release
        }
        let sample = Sample(metric: metric, value: value, sampleSize: sampleSize, platform: platform)
        try await connection.post("/api/v1/releases/\(id)/health", sample, as: Answer.self) { answer in
            for result in answer.results { print("\(result.platform) \(result.metric): \(result.verdict): \(result.summary)") }
            print("Release \(answer.release.id) is \(answer.release.state)" + (answer.halted ? " (halted by this sample's breach)." : "."))
        }
    }
}
