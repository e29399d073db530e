import ChildProcesses
import Foundation
import Testing
@testable import Server

/// The build cache on a real socket: `Expect: 100-continue`, `HEAD` framing, an upload cut
/// off halfway, and ccache itself against the server.
@Suite("Build cache on a live server")
struct BuildCacheLiveTests {
    /// Raw-socket clients (below what an HTTP library lets a test control). Each case prints
    /// one line; every wait is bounded by a socket timeout.
    static let script = #"""
    import base64, json, os, socket, sys, time, urllib.request
    port, admin, case = int(sys.argv[1]), sys.argv[2], sys.argv[3]

    def token(scope):
        request = urllib.request.Request("http://127.0.0.1:%d/api/v1/tokens" % port, method="POST",
            data=json.dumps({"name": "live-" + scope, "scopes": [scope]}).encode(),
            headers={"Authorization": "Bearer " + admin, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=120) as response:
            return json.loads(response.read())["token"]

    def basic(value):
        return "Basic " + base64.b64encode(("ci:" + value).encode()).decode()

    def connect():
        return socket.create_connection(("127.0.0.1", port), timeout=120)

    def head_of(sock, pending=b""):
        # One response head: (status, headers, bytes read past it).
        data = pending
        while b"\r\n\r\n" not in data:
            got = sock.recv(65536)
            if not got:
                return "closed", {}, b""
            data += got
        head, rest = data.split(b"\r\n\r\n", 1)
        lines = head.decode().split("\r\n")
        headers = dict((k.strip().lower(), v.strip()) for k, v in (line.split(":", 1) for line in lines[1:]))
        return lines[0].split(" ")[1], headers, rest

    def put_head(path, length, credential):
        return ("PUT %s HTTP/1.1\r\nHost: x\r\nAuthorization: %s\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n"
            % (path, credential, length)).encode()

    writer = basic(admin)
    if case == "expect-accepted":
        sock = connect()
        sock.sendall(put_head("/cache/gradle/ns/e1", 5, writer))
        first, _, rest = head_of(sock)
        sock.sendall(b"hello")
        final, _, _ = head_of(sock, rest) if first == "100" else (first, {}, b"")
        print(first, final)
    elif case == "expect-refused":
        # Too large for the configured limit, then a read token: each refused before the body.
        results = []
        for length, credential in [(4096, writer), (5, basic(token("read")))]:
            sock = connect()
            sock.sendall(put_head("/cache/gradle/ns/e2", length, credential))
            status, headers, _ = head_of(sock)
            results.append(status + ":" + headers.get("connection", "-"))
            sock.close()
        print(" ".join(results))
    elif case == "head":
        sock = connect()
        sock.sendall(("PUT /cache/bazel/ns/ac/%s HTTP/1.1\r\nHost: x\r\nAuthorization: %s\r\nContent-Length: 5\r\n\r\nhello" % ("a" * 64, writer)).encode())
        stored, _, rest = head_of(sock)
        # HEAD then GET on one connection: a HEAD that sent a body would break the GET's framing.
        sock.sendall(("HEAD /cache/bazel/ns/ac/%s HTTP/1.1\r\nHost: x\r\nAuthorization: %s\r\n\r\n" % ("a" * 64, writer)).encode())
        head, headers, rest = head_of(sock, rest)
        sock.sendall(("GET /cache/bazel/ns/ac/%s HTTP/1.1\r\nHost: x\r\nAuthorization: %s\r\n\r\n" % ("a" * 64, writer)).encode())
        got, got_headers, body = head_of(sock, rest)
        while len(body) < int(got_headers.get("content-length", "0")):
            body += sock.recv(65536)
        print(stored, head, headers.get("content-length"), got, body.decode())
    elif case == "cut":
        # Half the body; once the server has staged it in a file (argv[4] is the staging
        # folder; bounded wait), the connection goes.
        staging = sys.argv[4]
        sock = connect()
        sock.sendall(("PUT /cache/gradle/ns/cut HTTP/1.1\r\nHost: x\r\nAuthorization: %s\r\nContent-Length: 200000\r\n\r\n" % writer).encode())
        sock.sendall(b"x" * 100000)
        # The upload is written through a file created transactionally (O_TMPFILE: no name in
        # the folder until it is whole), so "staged" is an open file of the server's process
        # (this script's parent) in the staging folder.
        def open_in_staging():
            found = False
            for fd in os.listdir("/proc/%d/fd" % os.getppid()):
                try:
                    found = found or os.readlink("/proc/%d/fd/%s" % (os.getppid(), fd)).startswith(staging + "/")
                except OSError:
                    pass
            return found
        deadline = time.time() + 60
        while time.time() < deadline and not open_in_staging():
            time.sleep(0.05)
        staged = open_in_staging()
        sock.close()
        print("cut staged" if staged else "cut before anything was staged")
    """#

    static func run(_ server: LiveServer, _ shape: String, _ extra: String...) async throws -> String {
        try await LiveServer.runPython(Self.script, arguments: [String(server.port), TestServer.adminToken, shape] + extra)
    }

    @Test("Expect: 100-continue: 100 only once the upload is accepted; too large or a read token is refused before the body, and the connection closed")
    func expectContinue() async throws {
        let server = try await LiveServer.start(configure: { $0.cache.maxEntrySize = 1024 })
        let accepted = try await Self.run(server, "expect-accepted")
        let refused = try await Self.run(server, "expect-refused")
        await server.stop()
        #expect(accepted == "100 201")
        #expect(refused == "413:close 403:close")
    }

    @Test("HEAD answers the entry's length with no body: the next request on the connection reads right")
    func headFraming() async throws {
        let server = try await LiveServer.start()
        let output = try await Self.run(server, "head")
        await server.stop()
        #expect(output == "201 200 5 200 hello")
    }

    @Test("an upload cut off halfway, once staged in a temporary file, leaves no entry and no temporary file")
    func cutUpload() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let server = try await LiveServer.start(configure: { $0.cache.folder = cache })
        // The connection closes only once the server writes the upload into tmp/: what must go.
        #expect(try await Self.run(server, "cut", cache + "/tmp") == "cut staged")
        // The server notices the closed connection on its own time: wait (bounded) for the
        // upload's temporary file to go, then look.
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline, !Self.files(under: cache + "/tmp").isEmpty {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(Self.files(under: cache + "/tmp") == [])
        #expect(Self.files(under: cache + "/entries") == [])
        await server.stop()
    }

    /// Files under `folder`, relative, sorted; none when it does not exist.
    static func files(under folder: String) -> [String] {
        (FileManager.default.subpaths(atPath: folder) ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }
}
