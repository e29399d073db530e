import Foundation
import Testing
@testable import Server

/// Slow and hostile clients against a real server on loopback: trickled headers, many
/// slowloris connections, trickled webhook bodies, chunked bodies past the limit, the
/// connection cap, and a long poll that the idle timeout must leave alone.
///
/// No assertion is about speed (the project keeps speed goals in benchmarks); the scripts'
/// bounded waits only turn a server that never acts into a failed expectation.
@Suite("Slow and hostile clients")
struct SlowClientTests {
    private func run(_ shape: String, configure: (inout ServerConfiguration) -> Void) async throws -> String {
        let server = try await LiveServer.start(configure: configure)
        let arguments = [String(server.port), TestServer.adminToken, shape, "3"]
        let output = try await LiveServer.runPython(SlowClientScript.source, arguments: arguments)
        await server.stop()
        return output
    }

    @Test("a connection that trickles its request head is closed after the header timeout")
    func trickledHeadIsClosed() async throws {
        // Without the header deadline only the 60 s idle timeout would end it, after the script's 15 s.
        let output = try await run("trickle") { $0.headerTimeoutSeconds = 1 }
        #expect(output == "closed")
    }

    @Test("with 200 slowloris connections open a new client still gets /healthz", arguments: [4096, 100])
    func healthzDespiteSlowloris(maxConnections: Int) async throws {
        // With a cap below 200 the new client waits for slowloris connections to be closed:
        // only the header deadline frees those places before the client's 20 s timeout.
        let output = try await run("slowloris") {
            $0.headerTimeoutSeconds = 1
            $0.maxConnections = maxConnections
        }
        #expect(output == "200")
    }

    @Test("a chunked body past the limit is answered 413 before the client finishes it")
    func chunkedOverLimitAnsweredAtOnce() async throws {
        let output = try await run("chunked") { $0.maxBodySize = 64 * 1024 }
        #expect(output == "413")
    }

    @Test("a long poll longer than the idle timeout is answered, not cut")
    func longPollOutlivesIdleTimeout() async throws {
        let output = try await run("longpoll") {
            $0.idleTimeoutSeconds = 1
            $0.pollSeconds = 3
        }
        #expect(output == "204")
    }

    @Test("a kept-alive connection left idle is closed after the idle timeout")
    func idleConnectionIsClosed() async throws {
        // With the default 60 s idle timeout the script's 10 s wait would see it open.
        let output = try await run("idle") { $0.idleTimeoutSeconds = 1 }
        #expect(output == "200 closed")
    }

    @Test("a request head past the field count, one field's size or the total size is answered 400 and closed; the next client is served")
    func headerLimits() async throws {
        // The header deadline far away: on a loaded test process the complete head can sit
        // unread for longer than the default 10 s, and that deadline would close it first.
        let output = try await run("headers") { $0.headerTimeoutSeconds = 600 }
        #expect(output == "400 400 400 200")
    }

    @Test("a webhook body trickled a byte at a time is answered 408 (or closed) at the body deadline")
    func trickledWebhookBodyTimesOut() async throws {
        // Without the deadline only the 60 s idle timeout could end it, and every byte resets that.
        let output = try await run("webhook") { $0.unauthenticatedBodySeconds = 1 }
        #expect(output == "408" || output == "closed", "\(output)")
    }

    @Test("strangers trickling webhook bodies past the connection cap hold only their share: /healthz and a token's request are served")
    func strangersKeepToTheirShare() async throws {
        // The body deadline an hour away: only the share frees places for the others here.
        let output = try await run("strangers") {
            $0.maxConnections = 20
            $0.unauthenticatedConnectionsPercent = 25
            $0.unauthenticatedBodySeconds = 3600
            $0.headerTimeoutSeconds = 120
        }
        #expect(output == "200 200 refused")
    }

    @Test("past the connection cap a new client waits while open ones keep working, then is served")
    func connectionCapQueuesNewClients() async throws {
        // Three answers to the held connections, one more on a held one while the cap is
        // reached, the fourth client not served meanwhile, then served once they close.
        // The header timeout well past the script's run: a held connection whose request comes
        // late on a loaded machine must not be closed as a slowloris.
        let output = try await run("cap") {
            $0.maxConnections = 3
            $0.headerTimeoutSeconds = 120
        }
        #expect(output == "200 200 200 200 queued 200")
    }
}
