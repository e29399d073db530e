"""/healthz latency for new clients while 200 slowloris connections trickle their headers.

Usage: slowloris.py PORT SECONDS. Opens 200 connections that send a partial request head and
one more byte a second; one the server closes (header timeout) is reopened at once, as an
attacker would. Meanwhile a new client asks GET /healthz every 50 ms on a fresh connection.
Prints count, p50, p99 and max in milliseconds and whether p99 < 100 ms (issue 20, item 5).
"""
import http.client, socket, sys, threading, time

port, seconds = int(sys.argv[1]), float(sys.argv[2])
HEAD = b"GET / HTTP/1.1\r\nHost: localhost\r\n"

def open_loris():
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(HEAD)
    return sock

loris = [open_loris() for _ in range(200)]
stop = threading.Event()

def trickle():
    while not stop.is_set():
        for index, sock in enumerate(loris):
            try:
                sock.send(b"x")
            except OSError:
                try:
                    loris[index] = open_loris()
                except OSError:
                    pass
        stop.wait(1)

threading.Thread(target=trickle, daemon=True).start()
latencies, failures = [], 0
end = time.monotonic() + seconds
while time.monotonic() < end:
    start = time.monotonic()
    try:
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        client.request("GET", "/healthz")
        response = client.getresponse()
        response.read()
        client.close()
        if response.status == 200:
            latencies.append((time.monotonic() - start) * 1000)
        else:
            failures += 1
    except OSError:
        failures += 1
    time.sleep(0.05)
stop.set()
if not latencies:
    print("no /healthz answered (%d failures)" % failures)
    sys.exit(1)
latencies.sort()
p50, p99 = latencies[len(latencies) // 2], latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
verdict = "PASS" if p99 < 100 and failures == 0 else "FAIL"
print("requests=%d failures=%d p50=%.2fms p99=%.2fms max=%.2fms target p99<100ms %s"
      % (len(latencies), failures, p50, p99, latencies[-1], verdict))
