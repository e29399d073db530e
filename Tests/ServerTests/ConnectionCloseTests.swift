import Foundation
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
        let server = try await LiveServer.start { $0.maxBodySize = 64 * 1024 }
        let output = try await LiveServer.runPython(Self.client, arguments: [String(server.port), TestServer.adminToken, shape])
        await server.stop()
        #expect(output == expected)
    }
}
