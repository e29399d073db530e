import Core
import Foundation
import Testing
import TestSupport
@testable import Server

/// Hits on small entries answered from memory on the event loop (`CacheShortcut`): as the
/// route answers them, in order with the requests the router answers, never for a credential
/// the route would refuse, and never with bytes the storage no longer holds.
@Suite("Build cache: hits answered from memory")
struct BuildCacheShortcutTests {
    /// Raw-socket clients; each case prints one line, every wait bounded by a socket timeout.
    static let script = #"""
    import base64, json, re, socket, sys, time, urllib.request
    port, admin, case = int(sys.argv[1]), sys.argv[2], sys.argv[3]

    def api(method, path, body=None):
        request = urllib.request.Request("http://127.0.0.1:%d%s" % (port, path), method=method,
            data=json.dumps(body).encode() if body is not None else None,
            headers={"Authorization": "Bearer " + admin, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=120) as response:
            text = response.read()
            return json.loads(text) if text else None

    def basic(value):
        return "Basic " + base64.b64encode(("gradle:" + value).encode()).decode()

    def connect():
        return socket.create_connection(("127.0.0.1", port), timeout=120)

    def request(method, path, credential=None, body=b"", connection=None):
        lines = ["%s %s HTTP/1.1" % (method, path), "Host: x"]
        if credential:
            lines.append("Authorization: " + credential)
        if connection:
            lines.append("Connection: " + connection)
        if method == "PUT":
            lines.append("Content-Length: %d" % len(body))
        return ("\r\n".join(lines) + "\r\n\r\n").encode() + body

    class Reader:
        def __init__(self, sock):
            self.sock, self.data = sock, b""
        def response(self):
            # (status, headers, body) of the next response; status "closed" when the server closed.
            while b"\r\n\r\n" not in self.data:
                got = self.sock.recv(65536)
                if not got:
                    return "closed", {}, b""
                self.data += got
            head, self.data = self.data.split(b"\r\n\r\n", 1)
            lines = head.decode().split("\r\n")
            headers = dict((k.strip().lower(), v.strip()) for k, v in (line.split(":", 1) for line in lines[1:]))
            length = int(headers.get("content-length", "0"))
            while len(self.data) < length:
                got = self.sock.recv(65536)
                if not got:
                    break
                self.data += got
            body, self.data = self.data[:length], self.data[length:]
            return lines[0].split(" ")[1], headers, body

    def once(method, path, credential=None, body=b"", connection=None):
        sock = connect()
        sock.sendall(request(method, path, credential, body, connection))
        answer = Reader(sock).response()
        sock.close()
        return answer

    def hits():
        with urllib.request.urlopen("http://127.0.0.1:%d/metrics" % port, timeout=120) as response:
            for line in response.read().decode().splitlines():
                if line.startswith("mobile_ops_cache_requests_total{") and 'outcome="hit"' in line and 'namespace="ns"' in line:
                    return int(float(line.split()[-1]))
        return 0

    writer = basic(admin)
    entry = bytes(range(256)) * 16
    if case == "compare":
        # The router answers the first GET and remembers the entry; the shortcut the second.
        stored = once("PUT", "/cache/gradle/ns/k1", writer, entry)[0]
        first = once("GET", "/cache/gradle/ns/k1", writer)
        second = once("GET", "/cache/gradle/ns/k1", writer)
        varying = {"x-request-id", "date"}
        same_headers = {k: v for k, v in first[1].items() if k not in varying} == {k: v for k, v in second[1].items() if k not in varying}
        print(stored, first[0], second[0], "same-headers" if same_headers and set(first[1]) == set(second[1]) else "headers %s / %s" % (first[1], second[1]),
            "same-body" if first[2] == entry and second[2] == entry else "other-body", "hits=%d" % hits())
    elif case == "prime":
        print(once("PUT", "/cache/gradle/ns/" + sys.argv[4], writer, sys.argv[5].encode())[0], once("GET", "/cache/gradle/ns/" + sys.argv[4], writer)[0])
    elif case == "get":
        # argv[5], when given: the Connection header (Gradle's client sends "Keep-Alive").
        status, _, body = once("GET", "/cache/gradle/ns/" + sys.argv[4], writer, connection=sys.argv[5] if len(sys.argv) > 5 else None)
        print("%s:%s" % (status, body.decode() if status == "200" else "-"))
    elif case == "pipeline":
        # Six requests in one write: answers from memory, the router's upload, a miss and a
        # remembered entry must come back in the order asked.
        once("PUT", "/cache/gradle/ns/p1", writer, b"one")
        once("GET", "/cache/gradle/ns/p1", writer)
        sock = connect()
        sock.sendall(request("GET", "/cache/gradle/ns/p1", writer) + request("PUT", "/cache/gradle/ns/p2", writer, b"two")
            + request("GET", "/cache/gradle/ns/p1", writer) + request("GET", "/cache/gradle/ns/none", writer)
            + request("GET", "/cache/gradle/ns/p2", writer) + request("GET", "/cache/gradle/ns/p1", writer))
        reader = Reader(sock)
        answers = [reader.response() for _ in range(6)]
        print(" ".join(status + (":" + body.decode() if status == "200" else "") for status, _, body in answers))
    elif case == "close":
        # A request asking to close, and once it is answered one more on the same connection:
        # the server closed its side, so the second must be neither answered nor counted.
        once("PUT", "/cache/gradle/ns/z1", writer, b"last")
        once("GET", "/cache/gradle/ns/z1", writer)
        before = hits()
        sock = connect()
        reader = Reader(sock)
        sock.sendall(request("GET", "/cache/gradle/ns/z1", writer, connection="close"))
        statuses = [reader.response()[0]]
        try:
            sock.sendall(request("GET", "/cache/gradle/ns/z1", writer))
            statuses.append(reader.response()[0])
        except OSError:
            statuses.append("closed")
        time.sleep(0.5)
        print(" ".join(statuses), "hits+%d" % (hits() - before))
    elif case == "replace":
        once("PUT", "/cache/gradle/ns/r1", writer, b"first")
        before = [once("GET", "/cache/gradle/ns/r1", writer)[2].decode() for _ in range(2)]
        once("PUT", "/cache/gradle/ns/r1", writer, b"second")
        after = once("GET", "/cache/gradle/ns/r1", writer)[2].decode()
        deleted = once("DELETE", "/cache/ccache/ns/ab/cd", writer)[0]
        print(" ".join(before), after, deleted)
    elif case == "credentials":
        once("PUT", "/cache/gradle/ns/c1", writer, b"kept")
        created = api("POST", "/api/v1/tokens", {"name": "laptop", "scopes": ["read"]})
        reader = basic(created["token"])
        statuses = [once("GET", "/cache/gradle/ns/c1", reader)[0] for _ in range(2)]
        statuses.append(once("GET", "/cache/gradle/ns/c1")[0])
        statuses.append(once("GET", "/cache/gradle/ns/c1", basic("not-a-token"))[0])
        statuses.append(once("GET", "/cache/gradle/ns/c1", "Bearer " + created["token"])[0])
        api("DELETE", "/api/v1/tokens/" + created["id"])
        statuses.append(once("GET", "/cache/gradle/ns/c1", reader)[0])
        print(" ".join(statuses))
    elif case == "one-connection":
        # The connection keeps the token its header carried, never the verdict on it.
        once("PUT", "/cache/gradle/ns/o1", writer, b"kept")
        created = api("POST", "/api/v1/tokens", {"name": "agent", "scopes": ["read"]})
        sock = connect()
        reader = Reader(sock)
        statuses = []
        for credential in [basic(created["token"]), basic(created["token"]), "revoke", basic(created["token"]), writer]:
            if credential == "revoke":
                api("DELETE", "/api/v1/tokens/" + created["id"])
                continue
            sock.sendall(request("GET", "/cache/gradle/ns/o1", credential))
            statuses.append(reader.response()[0])
        print(" ".join(statuses))
    elif case == "idle":
        # One connection, a remembered entry asked every 0.25 s for three idle timeouts.
        once("PUT", "/cache/gradle/ns/i1", writer, b"idle")
        once("GET", "/cache/gradle/ns/i1", writer)
        sock = connect()
        reader = Reader(sock)
        statuses = []
        for _ in range(12):
            sock.sendall(request("GET", "/cache/gradle/ns/i1", writer))
            statuses.append(reader.response()[0])
            time.sleep(0.25)
        # Then quiet: the idle timeout closes it (within the socket's timeout).
        sock.settimeout(30)
        started = time.time()
        closed = sock.recv(1) == b""
        print(" ".join(sorted(set(statuses))), len(statuses), "closed-when-idle" if closed and time.time() - started < 20 else "open")
    """#

    static func run(_ server: LiveServer, _ shape: String, _ extra: String...) async throws -> String {
        try await LiveServer.runPython(Self.script, arguments: [String(server.port), TestServer.adminToken, shape] + extra)
    }

    /// What the case `shape` prints against a server of its own, configured by `configure`.
    static func run(_ shape: String, configure: (inout ServerConfiguration) -> Void = { _ in }) async throws -> String {
        let server = try await LiveServer.start(configure: configure)
        let output = try await run(server, shape)
        await server.stop()
        return output
    }

    @Test("a remembered entry is answered with the route's status, headers and bytes, and counted as a hit")
    func answersAsTheRouteDoes() async throws {
        #expect(try await Self.run("compare") == "201 200 200 same-headers same-body hits=2")
    }

    @Test("the answer comes from memory while it is fresh, then from the storage again")
    func answersFromMemoryUntilStale() async throws {
        let clock = ManualClock(at: DateShift.now)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let server = try await LiveServer.start(clock: clock, configure: { $0.cache.folder = cache })
        #expect(try await Self.run(server, "prime", "m1", "remembered") == "201 200")
        // Deleted behind the server's back (as another server sharing the folder would):
        // memory answers until the copy's freshness has passed.
        for file in BuildCacheLiveTests.files(under: cache + "/entries") {
            try FileManager.default.removeItem(atPath: cache + "/entries/" + file)
        }
        let fromMemory = try await Self.run(server, "get", "m1")
        let keepingAlive = try await Self.run(server, "get", "m1", "Keep-Alive")
        clock.advance(by: 3)
        let fromStorage = try await Self.run(server, "get", "m1")
        await server.stop()
        #expect(fromMemory == "200:remembered")
        #expect(keepingAlive == "200:remembered")
        #expect(fromStorage == "404:-")
    }

    @Test("pipelined requests are answered in order, whoever answers each")
    func pipelinedInOrder() async throws {
        #expect(try await Self.run("pipeline") == "200:one 201 200:one 404 200:two 200:one")
    }

    @Test("after a request asking to close the connection, nothing more is answered or counted")
    func closeIsLast() async throws {
        #expect(try await Self.run("close") == "200 closed hits+1")
    }

    @Test("an upload over a remembered entry is what the next read gets")
    func uploadReplaces() async throws {
        #expect(try await Self.run("replace") == "first first second 204")
    }

    @Test("only a credential the route accepts is answered: a read token yes; none, an unknown or a revoked one no")
    func credentials() async throws {
        #expect(try await Self.run("credentials") == "200 200 401 401 200 401")
    }

    @Test("on one connection, a token revoked between two requests is refused at the second")
    func revokedOnOneConnection() async throws {
        #expect(try await Self.run("one-connection") == "200 200 401 200")
    }

    @Test("a connection answered only from memory is not closed as idle, and is once it goes quiet")
    func notIdle() async throws {
        #expect(try await Self.run("idle", configure: { $0.idleTimeoutSeconds = 1 }) == "200 12 closed-when-idle")
    }
}
