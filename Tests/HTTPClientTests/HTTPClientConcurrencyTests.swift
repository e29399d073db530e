import HTTPClient
import Testing
import TestSupport

// MARK: - Concurrency, reuse and lifecycle

/// Many transfers share one thread without blocking Swift's pool; connections are reused;
/// cancellation and shutdown answer every caller.
@Suite struct HTTPClientConcurrencyTests {
    @Test func twoHundredConcurrentRequestsDoNotBlockThePool() async throws {
        try await TestServer.run { server in
            try await withClient(.init(maxConnectionsPerHost: 0)) { client in
                let count = 200
                try await withThrowingTaskGroup(of: HTTPClient.Response.self) { group in
                    for _ in 0..<count {
                        group.addTask { try await client.get(server.url("/gate")) }
                    }
                    // All 200 reach the server while none has an answer: they are in flight
                    // at once, which blocking callers on a 2-thread pool could never manage.
                    try await server.gate.waitForArrivals(count)
                    // And the cooperative pool still runs other work meanwhile.
                    let others = await withTaskGroup(of: Int.self) { others in
                        for value in 0..<100 { others.addTask { await Task.yield(); return value } }
                        return await others.reduce(0, +)
                    }
                    #expect(others == 4950)

                    await server.gate.open()
                    var statuses: [Int] = []
                    for try await response in group {
                        statuses.append(response.status)
                        #expect(response.bodyText == "released")
                    }
                    #expect(statuses.count == count)
                    #expect(statuses.allSatisfy { $0 == 200 })
                }
            }
        }
    }

    @Test func sequentialRequestsReuseOneConnection() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                var opened = 0
                for index in 0..<50 {
                    let response = try await client.get(server.url("/hello?n=\(index)"))
                    #expect(response.status == 200)
                    opened += response.newConnections
                }
                #expect(opened == 1)
            }
        }
    }

    @Test func cancellingTheTaskAbandonsTheTransfer() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let task = Task { () async throws(HTTPClientError) -> HTTPClient.Response in
                    try await client.get(server.url("/gate"))
                }
                try await server.gate.waitForArrivals(1)
                task.cancel()
                let result = await task.result
                #expect(throws: HTTPClientError.cancelled) { try result.get() }
                // Cancelling before the request even starts fails it without sending.
                let early = Task { () async throws(HTTPClientError) -> HTTPClient.Response in
                    withUnsafeCurrentTask { $0?.cancel() }
                    return try await client.get(server.url("/hello"))
                }
                await #expect(throws: HTTPClientError.cancelled) { try await early.value }
                // The client is still healthy afterwards.
                #expect(try await client.get(server.url("/hello")).bodyText == "hello")
            }
        }
    }

    @Test func shutdownFailsPendingAndLaterRequests() async throws {
        try await TestServer.run { server in
            let client = HTTPClient()
            let pending = Task { () async throws(HTTPClientError) -> HTTPClient.Response in
                try await client.get(server.url("/gate"))
            }
            try await server.gate.waitForArrivals(1)
            await client.shutdown()
            await #expect(throws: HTTPClientError.shutDown) { try await pending.value }
            let error = await captureError { () async throws(HTTPClientError) in
                try await client.get(server.url("/hello"))
            }
            #expect(error == .shutDown)
            // A second shutdown is harmless.
            await client.shutdown()
        }
    }

    @Test func clientReleasedWithoutShutdownStopsCleanly() async throws {
        try await TestServer.run { server in
            for _ in 0..<5 {
                let client = HTTPClient()
                let response = try await client.get(server.url("/hello"))
                #expect(response.status == 200)
            }
        }
    }
}
