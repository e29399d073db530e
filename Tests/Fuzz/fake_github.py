"""A fake of the few GitHub REST endpoints the server calls during the fuzz run, on loopback.

Without a git host the release train cannot cut branches and the server answers its
`advance` with 502; with this fake the fuzzer can walk releases further. Written from
GitHub's REST documentation:
- `GET /repos/{owner}/{repo}/git/ref/heads/{branch}` (Git references: get a reference):
  200 `{"ref", "node_id", "url", "object": {"type": "commit", "sha", "url"}}`;
- `POST /repos/{owner}/{repo}/git/refs` (create a reference) `{"ref", "sha"}`: 201 with the
  reference, or 422 "Reference already exists";
- `POST /repos/{owner}/{repo}/statuses/{sha}` (commit statuses: create): 201 with the status.
Anything else answers 404 `{"message": "Not Found"}`, as GitHub does.
"""
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SHA = "0123456789abcdef0123456789abcdef01234567"
REF = re.compile(r"^/repos/([^/]+/[^/]+)/git/ref/heads/(.+)$")
REFS = re.compile(r"^/repos/([^/]+/[^/]+)/git/refs$")
STATUSES = re.compile(r"^/repos/([^/]+/[^/]+)/statuses/([0-9a-f]+)$")


class FakeGitHub:
    """Serves until `stop`; `url` is the API root to give the server."""

    def __init__(self):
        branches: set[str] = set()
        lock = threading.Lock()

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *arguments):  # quiet: the server's own log tells what it asked
                pass

            def answer(self, status: int, body: dict):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def body(self) -> dict:
                length = int(self.headers.get("Content-Length") or 0)
                try:
                    value = json.loads(self.rfile.read(length) or b"{}")
                except ValueError:
                    return {}
                return value if isinstance(value, dict) else {}

            def reference(self, name: str, sha: str) -> dict:
                return {"ref": name, "node_id": "REF_fuzz", "url": "", "object": {"type": "commit", "sha": sha, "url": ""}}

            def do_GET(self):
                found = REF.match(self.path)
                if found:
                    return self.answer(200, self.reference(f"refs/heads/{found.group(2)}", SHA))
                self.answer(404, {"message": "Not Found"})

            def do_POST(self):
                body = self.body()
                if REFS.match(self.path) and isinstance(body.get("ref"), str) and isinstance(body.get("sha"), str):
                    with lock:
                        exists = body["ref"] in branches
                        branches.add(body["ref"])
                    if exists:
                        return self.answer(422, {"message": "Reference already exists"})
                    return self.answer(201, self.reference(body["ref"], body["sha"]))
                if STATUSES.match(self.path):
                    return self.answer(201, {"id": 1, "state": body.get("state"), "context": body.get("context")})
                self.answer(404, {"message": "Not Found"})

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
