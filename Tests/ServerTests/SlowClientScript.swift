/// Python clients that misbehave on purpose, for `SlowClientTests`, and an agent's long poll
/// (`longpoll`, its wait in seconds as the fourth argument) for it and `ShutdownTests`.
///
/// Raw sockets in Python because the behaviours under test (trickled headers, stalled
/// chunked bodies, connections held open, a listen backlog) are below what an HTTP client
/// library lets a test do. Each case prints one line; every wait is bounded by a socket
/// timeout or a deadline, so a server that misbehaves ends the script with a telling word
/// rather than hanging the test.
enum SlowClientScript {
    static let source = #"""
    import json, select, socket, sys, threading, time, urllib.request
    port, token, case = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    base = "http://127.0.0.1:%d" % port

    def connect():
        return socket.create_connection(("127.0.0.1", port), timeout=30)

    def closed_within(sock, seconds):
        # True once the server closes (EOF or reset), False if still open after `seconds`.
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            readable, _, _ = select.select([sock], [], [], 0.2)
            if readable:
                try:
                    if sock.recv(4096) == b"":
                        return True
                except OSError:
                    return True
        return False

    def healthz(timeout):
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=timeout) as response:
                return str(response.status)
        except Exception as error:
            return "error " + type(error).__name__

    def status_of(sock):
        data = b""
        while b"\r\n" not in data:
            got = sock.recv(4096)
            if not got:
                break
            data += got
        return data.split(b" ")[1].decode() if b" " in data else "none"

    def request(sock):
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
        status = status_of(sock)
        # /healthz answers a short body; read the rest so the next request starts clean.
        time.sleep(0.1)
        sock.setblocking(False)
        try:
            sock.recv(65536)
        except OSError:
            pass
        sock.setblocking(True)
        return status

    if case == "trickle":
        # One byte of a request line every half second, for at most 15 seconds.
        sock = connect()
        line = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + b"a" * 100
        for byte in line[:30]:
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                print("closed")
                sys.exit(0)
            if closed_within(sock, 0.5):
                print("closed")
                sys.exit(0)
        print("open")
    elif case.startswith("slowloris"):
        # 200 connections that trickle their headers, then a new client asks /healthz.
        loris = []
        for _ in range(200):
            sock = connect()
            sock.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
            loris.append(sock)
        stop = threading.Event()
        def trickle():
            while not stop.is_set():
                for sock in loris:
                    try:
                        sock.send(b"x")
                    except OSError:
                        pass
                stop.wait(1)
        threading.Thread(target=trickle, daemon=True).start()
        print(healthz(20))
        stop.set()
    elif case == "chunked":
        # A chunked body past the 64 KiB limit, then nothing: no last chunk, no close.
        sock = connect()
        sock.sendall(("POST /api/v1/repositories HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer %s\r\n"
                      "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" % token).encode())
        for _ in range(16):
            sock.sendall(b"2000\r\n" + b"x" * 8192 + b"\r\n")
        # A bound for a server that never answers, not a measure: the client never finishes,
        # so any answer at all came before it; a loaded test process can take seconds.
        sock.settimeout(60)
        try:
            print(status_of(sock))
        except socket.timeout:
            print("timeout")
    elif case == "longpoll":
        def post(path, bearer, body):
            request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                             headers={"Authorization": "Bearer " + bearer, "Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.read()
        _, created = post("/api/v1/agents/tokens", token, {"name": "fleet"})
        _, registered = post("/api/v1/agents/register", json.loads(created)["token"], {"name": "mac-1", "tags": {"platform": "ios"}, "slots": 1})
        try:
            status, _ = post("/api/v1/agent/jobs/next?wait=" + sys.argv[4], json.loads(registered)["token"], {})
            print(status)
        except Exception as error:
            print("error", type(error).__name__)
    elif case == "idle":
        # One answered request, then silence: the idle timeout closes the kept-alive connection.
        sock = connect()
        first = request(sock)
        print(first, "closed" if closed_within(sock, 10) else "open")
    elif case == "headers":
        # Past each limit of the request head the server answers 400 and closes the
        # connection; a request within them on a new connection is served.
        def refused(extra):
            sock = connect()
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n" + extra + b"\r\n")
            sock.settimeout(60)
            try:
                data = sock.recv(4096)
                return "closed" if data == b"" else data.split(b" ")[1].decode()
            except ConnectionResetError:
                return "closed"
            except socket.timeout:
                return "timeout"
        many = b"".join(b"X-Field-%d: v\r\n" % index for index in range(101))
        large = b"X-Large: " + b"a" * (33 * 1024) + b"\r\n"
        total = b"".join(b"X-Part-%d: " % index + b"b" * 20_000 + b"\r\n" for index in range(4))
        print(refused(many), refused(large), refused(total), healthz(60))
    elif case == "webhook":
        # A webhook head, then its body one byte every half second, for at most 15 seconds:
        # the body deadline answers 408 (or closes) long before the idle timeout would.
        sock = connect()
        sock.sendall(b"POST /api/v1/webhooks/github HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1048576\r\n\r\n{")
        sock.settimeout(0.5)
        answer = "open"
        for _ in range(30):
            try:
                data = sock.recv(4096)
                answer = data.split(b" ")[1].decode() if data.startswith(b"HTTP/1.1 ") else "closed"
                break
            except socket.timeout:
                pass
            except OSError:
                answer = "closed"
                break
            try:
                sock.sendall(b" ")
            except OSError:
                answer = "closed"
                break
        print(answer)
    elif case == "strangers":
        # 30 connections send a webhook head and trickle its body a byte a second, past the
        # server's cap of 20; then a new client asks /healthz and an authenticated client
        # lists builds. The strangers may hold only their share of the places.
        strangers = []
        for _ in range(30):
            sock = connect()
            sock.sendall(b"POST /api/v1/webhooks/gitlab HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 1048576\r\n\r\n{")
            strangers.append(sock)
        stop = threading.Event()
        refused = []
        def trickle():
            while not stop.is_set():
                for sock in strangers:
                    try:
                        readable, _, _ = select.select([sock], [], [], 0)
                        if readable and sock.recv(4096).startswith(b"HTTP/1.1 503"):
                            refused.append(sock)
                        sock.send(b" ")
                    except OSError:
                        pass
                stop.wait(1)
        threading.Thread(target=trickle, daemon=True).start()
        time.sleep(1)
        health = healthz(20)
        try:
            request = urllib.request.Request(base + "/api/v1/builds", headers={"Authorization": "Bearer " + token})
            with urllib.request.urlopen(request, timeout=20) as response:
                builds = str(response.status)
        except Exception as error:
            builds = "error " + type(error).__name__
        stop.set()
        print(health, builds, "refused" if refused else "none refused")
    elif case == "cap":
        # The server allows 3 connections: three kept-alive clients fill it, a fourth waits.
        held = [connect() for _ in range(3)]
        first = [request(sock) for sock in held]
        waiting = connect()
        waiting.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        again = request(held[0])
        readable, _, _ = select.select([waiting], [], [], 2)
        queued = "served" if readable else "queued"
        for sock in held:
            sock.close()
        waiting.settimeout(20)
        try:
            later = status_of(waiting)
        except socket.timeout:
            later = "timeout"
        print(" ".join(first), again, queued, later)
    """#
}
