"""A real mobile-ops-server for the fuzz run, and a small HTTP client for it.

The server runs on a free loopback port with a fresh SQLite database in a temporary folder,
logging at debug level so that every request leaves one `request` line (method, path,
status): the run's request counts come from the server's own log, not from the fuzzer.
"""
import ctypes
import json
import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request

LISTENING = re.compile(r"port=(\d+) \[mobile_ops_server\] listening")
REQUEST = re.compile(r"method=(\S+) path=(\S*) status=(\d+) \[Server\] request")


def _die_with_parent() -> None:
    """In the child: SIGKILL when the driver dies, however it dies (PR_SET_PDEATHSIG), so no
    server outlives an interrupted or killed run."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)


class Server:
    """One `mobile-ops-server` child process; `stop` ends it (SIGTERM, then SIGKILL)."""

    def __init__(self, binary: str, folder: str, environment: dict, log_name: str):
        self.folder = folder
        self.database = os.path.join(folder, "mobile-ops.sqlite")
        self.log_path = os.path.join(folder, log_name)
        environment = dict(os.environ, **environment)
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [binary, "--host", "127.0.0.1", "--port", "0", "--database", self.database,
             "--pipelines", os.path.join(folder, "pipelines"), "--log-level", "debug"],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log, env=environment,
            cwd=folder, preexec_fn=_die_with_parent,
        )
        self.port = self._wait_for_port()
        self.url = f"http://127.0.0.1:{self.port}"

    def _wait_for_port(self) -> int:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode} before listening; see {self.log_path}")
            with open(self.log_path, encoding="utf-8", errors="replace") as file:
                found = LISTENING.search(file.read())
            if found:
                return int(found.group(1))
            time.sleep(0.1)
        raise RuntimeError(f"the server did not listen within 60 s; see {self.log_path}")

    def alive(self) -> bool:
        return self.process.poll() is None

    def requests(self, start: int = 0) -> tuple[list[tuple[str, str, int]], int]:
        """The `(method, path, status)` of each request logged from byte `start`, and the end offset."""
        with open(self.log_path, "rb") as file:
            file.seek(start)
            text = file.read()
        # Only whole lines: the last one may still be being written.
        end = text.rfind(b"\n") + 1
        found = [(m.group(1), m.group(2), int(m.group(3)))
                 for m in REQUEST.finditer(text[:end].decode("utf-8", errors="replace"))]
        return found, start + end

    def stop(self) -> int:
        """Stops the server gracefully (SIGTERM, 20 s), else kills it; returns its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        return self.process.returncode


class Response:
    def __init__(self, status: int, body: bytes, headers):
        self.status = status
        self.body = body
        self.headers = headers

    def json(self):
        return json.loads(self.body)


def call(url: str, method: str, path: str, token: str | None = None, json_body=None,
         data: bytes | None = None, headers: dict | None = None, timeout: float = 30) -> Response:
    """One request; any status is returned, not raised."""
    all_headers = dict(headers or {})
    if token:
        all_headers["Authorization"] = f"Bearer {token}"
    if json_body is not None:
        data = json.dumps(json_body).encode()
        all_headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url + path, data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return Response(response.status, response.read(), response.headers)
    except urllib.error.HTTPError as error:
        return Response(error.code, error.read(), error.headers)


def expect(response: Response, status: int, what: str) -> Response:
    """`response` if its status is `status`; otherwise raises, naming the step."""
    if response.status != status:
        raise RuntimeError(f"{what}: expected {status}, got {response.status}: {response.body[:300]!r}")
    return response
