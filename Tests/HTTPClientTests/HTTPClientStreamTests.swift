import Foundation
import HTTPClient
import Testing
import TestSupport

/// Response bodies read as they arrive (`HTTPClient.stream`), as the server sends artifacts
/// from object storage on to a client: whole, in pieces, bounded in memory, abortable.
@Suite struct HTTPClientStreamTests {
    @Test func aLargeBodyArrivesInPiecesAndWhole() async throws {
        let size = 8_000_000
        try await TestServer.run { server in
            try await withClient { client in
                let response = try await client.stream(.init(url: server.url("/stream/\(size)")))
                #expect(response.status == 200)
                #expect(response.header("Content-Length") == "\(size)")
                var received: [UInt8] = []
                var pieces = 0
                for try await piece in response.body {
                    #expect(!piece.isEmpty)
                    received.append(contentsOf: piece)
                    pieces += 1
                }
                #expect(received == TestServer.patternBytes(size))
                #expect(pieces > 1, "a body this size cannot arrive in one piece")
                // After the end, reading again is harmless.
                #expect(try await response.body.next() == nil)
            }
        }
    }

    @Test func aReaderThatStopsPausesTheTransferInsteadOfBufferingTheBody() async throws {
        let size = 64 * 1024 * 1024
        try await TestServer.run(timeLimit: .seconds(60)) { server in
            try await withClient(.init(maxResponseBodySize: 1024)) { client in
                // maxResponseBodySize does not apply: nothing accumulates.
                let response = try await client.stream(.init(url: server.url("/stream/\(size)"), timeout: .seconds(60)))
                let first = try #require(try await response.body.next())
                #expect(!first.isEmpty)
                // Unpaused, curl would take all 64 MiB over loopback in well under this.
                try await Task.sleep(for: .milliseconds(800))
                // What was written meanwhile sits in socket and curl buffers, whose sizes the
                // kernel tunes (28 and 38 MB were seen in clean-clone runs): the claim is only that the
                // transfer stopped well short of the whole body.
                let writtenWhilePaused = await server.progress.written
                #expect(writtenWhilePaused < size * 3 / 4, "the server wrote \(writtenWhilePaused) bytes while nobody read")
                // Reading on resumes the transfer, to the last byte.
                var total = first.count
                while let piece = try await response.body.next() { total += piece.count }
                #expect(total == size)
                #expect(await server.progress.written == size)
            }
        }
    }

    @Test func cancellingTheBodyAbortsTheTransferAndTheClientCarriesOn() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let response = try await client.stream(.init(url: server.url("/stream-then-wait")))
                let first = try #require(try await response.body.next())
                #expect(first == TestServer.patternBytes(1000))
                response.body.cancel()
                await #expect(throws: HTTPClientError.cancelled) { try await response.body.next() }
                let after = try await client.get(server.url("/hello"))
                #expect(after.bodyText == "hello")
            }
        }
    }

    @Test func cancellingTheReadingTaskEndsAParkedReadAtOnce() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let response = try await client.stream(.init(url: server.url("/stream-then-wait")))
                _ = try await response.body.next()
                let body = response.body
                let reader = Task { try await body.next() }
                try await server.gate.waitForArrivals(1)
                try await Task.sleep(for: .milliseconds(50))
                reader.cancel()
                await #expect(throws: HTTPClientError.cancelled) { try await reader.value }
            }
        }
    }

    @Test func errorStatusesAndEmptyBodiesStreamToo() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let missing = try await client.stream(.init(url: server.url("/no-such-route")))
                #expect(missing.status == 404)
                #expect(!missing.isSuccess)
                #expect(try await missing.collected(upTo: 64 * 1024).status == 404)
                let whole = try await client.stream(.init(url: server.url("/large/5000"))).collected(upTo: 5000)
                #expect(whole.status == 200 && whole.body == TestServer.patternBytes(5000))
                let head = try await client.stream(.init(method: .head, url: server.url("/method")))
                #expect(head.status == 200)
                #expect(try await head.body.next() == nil)
                let small = try await client.stream(.init(url: server.url("/large/5000")))
                await #expect(throws: HTTPClientError.responseTooLarge(limit: 100)) { try await small.body.collect(upTo: 100) }
            }
        }
    }

    @Test func aFailureBeforeTheHeadIsThrownByStream() async throws {
        let port = try await TestServer.closedPort()
        try await withClient { client in
            _ = await #expect {
                _ = try await client.stream(.init(url: "http://127.0.0.1:\(port)/x"))
            } throws: { error in
                if case .connectionFailed = error as? HTTPClientError { return true }
                return false
            }
        }
    }
}
