"""/healthz latency for new clients while 200 slowloris connections trickle their headers.

Usage: slowloris.py PORT SECONDS. Opens 200 connections that send a partial request head and
one more byte a second; one the server closes (header timeout) is reopened at once, as an
attacker would. Meanwhile a new client asks GET /healthz every 50 ms on a fresh connection.
First measures the same client for 10 s with no slowloris open (the baseline of the same run).
Prints count, p50, p99 and max in milliseconds, the p99 ratio to the baseline and whether
p99 < 100 ms with no failures; exits 1 when not.
"""
import http.client, socket, sys, threading, time

port, seconds = int(sys.argv[1]), float(sys.argv[2])
HEAD = b"GET / HTTP/1.1\r\nHost: localhost\r\n"

def open_loris():
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(HEAD)
    return sock

def measure(seconds):
    """Asks GET /healthz every 50 ms on a fresh connection; returns sorted latencies and failures."""
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
    return sorted(latencies), failures

def percentile(latencies, fraction):
    return latencies[min(len(latencies) - 1, int(len(latencies) * fraction))]

# The same run's baseline: the same client with no slowloris connections open.
quiet, quiet_failures = measure(min(10.0, seconds))
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
latencies, failures = measure(seconds)
stop.set()
if not latencies or not quiet:
    print("no /healthz answered (%d failures)" % (failures + quiet_failures))
    sys.exit(1)
p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
base50, base99 = percentile(quiet, 0.5), percentile(quiet, 0.99)
verdict = "PASS" if p99 < 100 and failures == 0 else "FAIL"
print("baseline (no slowloris): requests=%d failures=%d p50=%.2fms p99=%.2fms"
      % (len(quiet), quiet_failures, base50, base99))
print("200 slowloris for %ds: requests=%d failures=%d p50=%.2fms p99=%.2fms max=%.2fms p99 ratio to baseline %.2f; target p99<100ms %s"
      % (seconds, len(latencies), failures, p50, p99, latencies[-1], p99 / base99, verdict))
sys.exit(0 if verdict == "PASS" else 1)
