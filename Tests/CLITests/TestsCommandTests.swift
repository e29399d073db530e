import Foundation
import Testing

/// `mobile-ops tests muted|mute|unmute` against a live server.
@Suite("mobile-ops tests")
struct TestsCommandTests {
    @Test("mutes a test with a reason, lists it, unmutes it; unmuting it again says it is not muted")
    func mutes() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let none = try await CLIProcess.run(["tests", "muted"], environment: env)
            #expect(none.status == 0 && none.stdout.contains("No muted tests."), "\(none.stdout)\(none.stderr)")
            let mute = try await CLIProcess.run(["tests", "mute", "com.acme.LoginTest#signsIn", "--reason", "flaky on API 30"], environment: env)
            #expect(mute.status == 0, "\(mute.stderr)")
            #expect(mute.stdout.contains("Muted com.acme.LoginTest#signsIn in builds of no repository: flaky on API 30"), "\(mute.stdout)")
            let unknown = try await CLIProcess.run(["tests", "mute", "com.acme.LoginTest#signsIn", "--repository", "acme/nope"], environment: env)
            #expect(unknown.status != 0 && unknown.stderr.contains("repository acme/nope not found"), "\(unknown.stderr)")
            let listed = try await CLIProcess.run(["tests", "muted"], environment: env)
            let lines = listed.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            #expect(lines.first == "REPOSITORY TEST BY SINCE CLEAN RUNS REASON", "\(listed.stdout)")
            #expect(lines.contains { $0.hasPrefix("- com.acme.LoginTest#signsIn ") && $0.hasSuffix(" 0/3 flaky on API 30") }, "\(listed.stdout)")
            let elsewhere = try await CLIProcess.run(["tests", "unmute", "com.acme.LoginTest#signsIn", "--repository", "acme/nope"], environment: env)
            #expect(elsewhere.status != 0 && elsewhere.stderr.contains("repository acme/nope not found"), "\(elsewhere.stderr)")
            let unmute = try await CLIProcess.run(["tests", "unmute", "com.acme.LoginTest#signsIn"], environment: env)
            #expect(unmute.status == 0 && unmute.stdout.contains("Unmuted com.acme.LoginTest#signsIn"), "\(unmute.stdout)\(unmute.stderr)")
            let again = try await CLIProcess.run(["tests", "unmute", "com.acme.LoginTest#signsIn"], environment: env)
            #expect(again.status != 0 && again.stderr.contains("is not muted"), "\(again.stderr)")
        }
    }
}
