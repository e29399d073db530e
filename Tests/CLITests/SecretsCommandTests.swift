import ChildProcesses
import Foundation
import Testing

/// `mobile-ops secrets set|list|remove` against a live server: values from standard input or a
/// file, never printed back.
@Suite("mobile-ops secrets")
struct SecretsCommandTests {
    /// Runs `printf '%s' input | mobile-ops arguments…` through `/bin/sh`.
    static func piped(_ input: String, _ arguments: [String], environment: [String: String]) async throws -> CLIProcess.Result {
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "INPUT": input]
        env.merge(environment) { $1 }
        let launch = ProcessLaunch(
            executable: "/bin/sh", arguments: ["-c", #"printf '%s' "$INPUT" | timeout 60 "$0" "$@""#, CLIProcess.binary.path] + arguments,
            environment: env, workingDirectory: FileManager.default.currentDirectoryPath)
        let output = try await Command.run(launch)
        return CLIProcess.Result(status: output.status.code, stdout: output.text, stderr: String(decoding: output.standardError, as: UTF8.self))
    }

    @Test("set from standard input (one final newline dropped) or a file, warn on a short value, list without values, remove by pipeline")
    func setListRemove() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let repository = ["--repository", "acme/android-app"]
            _ = try await CLIProcess.run(
                ["repos", "add", "acme/android-app", "--provider", "github", "--clone-url", "https://github.com/acme/android-app.git"], environment: env)

            let password = try await Self.piped("store-password-Q7v9\n", ["secrets", "set", "STORE_PASSWORD"] + repository, environment: env)
            #expect(password.status == 0, "\(password.stderr)")
            #expect(password.stdout.contains("Set STORE_PASSWORD for acme/android-app: every pipeline, every branch, no pull requests, env, 19 bytes"), "\(password.stdout)")
            #expect(!password.stderr.contains("warning"))
            let pin = try await Self.piped("1234", ["secrets", "set", "PIN", "--pull-requests"] + repository, environment: env)
            #expect(pin.status == 0 && pin.stderr.contains("warning: the value is 4 characters long"), "\(pin.stderr)")

            let keystore = server.directory.appendingPathComponent("release.jks")
            try Data([0xFE, 0xED, 0x00, 0x0A, 0xFF] + Array("keystore-body".utf8)).write(to: keystore)
            let file = try await CLIProcess.run(
                ["secrets", "set", "ANDROID_KEYSTORE", "--file", keystore.path, "--pipeline", "release", "--branches", "main, release/*"] + repository,
                environment: env)
            #expect(file.status == 0, "\(file.stderr)")
            #expect(file.stdout.contains("pipeline release, branches main, release/*, no pull requests, file, 18 bytes"), "\(file.stdout)")

            let list = try await CLIProcess.run(["secrets", "list"] + repository, environment: env)
            #expect(list.status == 0 && list.stdout.contains("ANDROID_KEYSTORE") && list.stdout.contains("PIN") && list.stdout.contains("release/*"), "\(list.stdout)")
            #expect(!list.stdout.contains("store-password") && !list.stdout.contains("1234"))
            let json = try await CLIProcess.run(["secrets", "list", "--json"] + repository, environment: env)
            let listed = ((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) as? [String: Any])?["secrets"] as? [[String: Any]] ?? []
            #expect(listed.compactMap { $0["name"] as? String } == ["ANDROID_KEYSTORE", "PIN", "STORE_PASSWORD"])
            #expect(listed.first { $0["name"] as? String == "PIN" }?["pullRequests"] as? Bool == true)

            let bad = try await Self.piped("value-long-enough", ["secrets", "set", "lower_case"] + repository, environment: env)
            #expect(bad.status == 64 && bad.stderr.contains("A-Z, 0-9 and _"), "\(bad.stderr)")
            let removed = try await CLIProcess.run(["secrets", "remove", "ANDROID_KEYSTORE", "--pipeline", "release"] + repository, environment: env)
            #expect(removed.status == 0 && removed.stdout.contains("Removed ANDROID_KEYSTORE (pipeline release"), "\(removed.stderr)")
            let gone = try await CLIProcess.run(["secrets", "remove", "ANDROID_KEYSTORE"] + repository, environment: env)
            #expect(gone.status == 1 && gone.stderr.contains("not_found"), "\(gone.stderr)")
        }
    }
}
