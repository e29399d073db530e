import Foundation
import Testing

@Suite("The mobile-ops CLI against a live server")
struct CLITests {
    @Test("status shows health, version, readiness and the token check, as a table and as JSON; a refused token exits 1")
    func status() async throws {
        try await LiveServer.run { server in
            let table = try await CLIProcess.run(["status", "--server", server.url])
            #expect(table.status == 0)
            #expect(table.stdout.contains("ok"))
            #expect(table.stdout.contains("0.1.0"))
            #expect(table.stdout.contains("yes"))
            #expect(table.stdout.contains("TOKEN") && table.stdout.contains("none"), "\(table.stdout)")
            #expect(!table.stdout.contains("mobile-ops.sqlite"))

            let accepted = try await CLIProcess.run(["status", "--server", server.url, "--token", LiveServer.adminToken])
            #expect(accepted.status == 0, "\(accepted.stderr)")
            #expect(accepted.stdout.contains("accepted"), "\(accepted.stdout)")

            // The README's check after setting the token: a bogus one must not pass it.
            let bogus = try await CLIProcess.run(["status"], environment: ["MOBILE_OPS_SERVER": server.url, "MOBILE_OPS_TOKEN": "mo_bogus_token"])
            #expect(bogus.status == 1, "\(bogus.stdout)")
            #expect(bogus.stdout.contains("refused"), "\(bogus.stdout)")
            #expect(bogus.stderr.hasPrefix("error: the server refused the token: the bearer token is unknown or revoked"), "\(bogus.stderr)")

            let json = try await CLIProcess.run(["status", "--json"], environment: server.adminEnvironment)
            #expect(json.status == 0)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
            #expect((object["readiness"] as? [String: Any])?["status"] as? String == "ready")
            #expect((object["health"] as? [String: Any])?["version"] as? String == "0.1.0")
            #expect((object["health"] as? [String: Any])?["status"] as? String == "ok")
            #expect(object["token"] as? String == "accepted")
            #expect(object["server"] as? String == server.url)
        }
    }

    @Test("repos add then list, with the token from the environment")
    func repositories() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let added = try await CLIProcess.run(["repos", "add", "acme/ios-app", "--provider", "github", "--clone-url", "https://example.com/acme/ios-app.git"], environment: env)
            #expect(added.status == 0, "\(added.stderr)")
            #expect(added.stdout.contains("Registered acme/ios-app"))
            #expect(added.stdout.contains("Webhook secret"))

            let list = try await CLIProcess.run(["repos", "list"], environment: env)
            #expect(list.status == 0)
            #expect(list.stdout.contains("acme/ios-app"))
            #expect(list.stdout.contains("NAME"))

            let json = try await CLIProcess.run(["repos", "list", "--json"], environment: env)
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect((object?["repositories"] as? [Any])?.count == 1)
        }
    }

    @Test("a server error is one clear line on stderr and exit status 1")
    func serverError() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let arguments = ["repos", "add", "acme/ios-app", "--provider", "github", "--clone-url", "u"]
            _ = try await CLIProcess.run(arguments, environment: env)
            let duplicate = try await CLIProcess.run(arguments, environment: env)
            #expect(duplicate.status == 1)
            #expect(duplicate.stderr.split(separator: "\n").count == 1)
            #expect(duplicate.stderr.contains("already exists"))

            let anonymous = try await CLIProcess.run(["repos", "list", "--server", server.url])
            #expect(anonymous.status == 1)
            #expect(anonymous.stderr.contains("bearer token"))
            // A new user holds only the token printed at the first start: the hint names it.
            #expect(anonymous.stderr.contains("the admin token the server printed at its first start"), "\(anonymous.stderr)")
            #expect(anonymous.stderr.hasPrefix("error: "))
        }
    }

    @Test("tokens create prints the value once; the new token works with its scope")
    func tokens() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let created = try await CLIProcess.run(["tokens", "create", "ci-bot", "--scope", "read", "--json"], environment: env)
            #expect(created.status == 0)
            let object = try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any]
            let value = try #require(object?["token"] as? String)

            let list = try await CLIProcess.run(["repos", "list", "--token", value, "--server", server.url])
            #expect(list.status == 0)
            let tokens = try await CLIProcess.run(["tokens", "list"], environment: env)
            #expect(tokens.stdout.contains("ci-bot"))
            #expect(!tokens.stdout.contains(value))
        }
    }

    @Test("an unreachable server says so and exits 2")
    func unreachable() async throws {
        let result = try await CLIProcess.run(["status", "--server", "http://127.0.0.1:9"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot reach the server"))
    }

    @Test("bad flags are rejected before anything is sent")
    func badFlags() async throws {
        let provider = try await CLIProcess.run(["repos", "add", "a/b", "--provider", "svn", "--clone-url", "u"])
        #expect(provider.status != 0)
        #expect(provider.stderr.contains("github, gitlab, bitbucket"))
        let server = try await CLIProcess.run(["status", "--server", "ftp://x"])
        #expect(server.status == 64)
        #expect(server.stderr.contains("http://"))
        // One style for every error line, ArgumentParser's own included.
        #expect(server.stderr.hasPrefix("error: "), "\(server.stderr)")
        let notANumber = try await CLIProcess.run(["builds", "show", "twelve"])
        #expect(notANumber.status == 64 && notANumber.stderr.hasPrefix("error: "), "\(notANumber.stderr)")
    }
}
