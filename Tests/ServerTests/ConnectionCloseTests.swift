import Foundation
import Logging
import ServiceLifecycle
import Testing
@testable import Server

/// Early answers on a real socket: the client must see them and the connection must end.
///
/// These go through a real server on loopback because the defect is about sockets: a client
/// that sends its whole body before reading (Python's urllib) and a server that stops reading
/// once it has answered wait on each other until the client gives up.
@Suite("Early answers close their connection")
struct ConnectionCloseTests {
    /// A Python client: sends one request shaped by `case`, then reads until the server closes.
    /// Prints the status code and `closed`, or `timeout` if the server neither answers nor closes.
    private static let client = #"""
    import socket, sys, urllib.request, urllib.error
    port, token, case = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    url = "http://127.0.0.1:%d/api/v1/repositories" % port
    if case == "urllib":
        # urllib sends Connection: close and the whole body before it reads anything.
        request = urllib.request.Request(url, data=b"x" * (6 * 1024 * 1024), headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(request, timeout=30)
            print("no error")
        except urllib.error.HTTPError as error:
            print(error.code, error.headers.get("Connection"))
        except OSError as error:
            print("error", error)
        sys.exit(0)
    head = "POST /api/v1/repositories HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\n" % token
    if case == "length":
        body = b"x" * (6 * 1024 * 1024)
        request = (head + "Connection: close\r\nContent-Length: %d\r\n\r\n" % len(body)).encode() + body
    elif case == "chunked":
        request = (head + "Transfer-Encoding: chunked\r\n\r\n").encode() + (b"2000\r\n" + b"x" * 8192 + b"\r\n") * 32 + b"0\r\n\r\n"
    else:
        request = (head + "Transfer-Encoding: chunked\r\n\r\n").encode() + b"zz\r\nhello\r\n0\r\n\r\n"
    connection = socket.create_connection(("127.0.0.1", port), timeout=30)
    try:
        connection.sendall(request)
        data = b""
        while True:
            got = connection.recv(65536)
            if not got:
                break
            data += got
        print(data.split(b"\r\n")[0].split(b" ")[1].decode(), "closed")
    except socket.timeout:
        print("timeout")
    except OSError as error:
        print("error", error)
    """#

    @Test("the client sees the answer and the connection closes", arguments: [
        ("urllib", "413 close"),
        ("length", "413 closed"),
        ("chunked", "413 closed"),
        ("malformed", "400 closed"),
    ])
    func earlyAnswerCloses(shape: String, expected: String) async throws {
        let test = try await TestServer.make { $0.maxBodySize = 64 * 1024 }
        defer { try? FileManager.default.removeItem(at: test.directory) }
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = test.server.makeApplication { port in continuation.yield(port) }
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task { try await services.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())

        let output = try await Self.runPython(arguments: [String(port), TestServer.adminToken, shape])

        await services.triggerGracefulShutdown()
        _ = await task.result
        #expect(output == expected)
    }

    /// Runs the client script and returns its one line of output. Its socket timeout bounds the wait.
    ///
    /// Waits without blocking a thread: the server under test runs on the same small pool.
    private static func runPython(arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", client] + arguments
        let output = Pipe()
        process.standardOutput = output
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.continuation.finish() }
        try process.run()
        for await _ in exited.stream {}
        // One short line: it fits in the pipe, so reading after the exit cannot block.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
