"""Schemathesis hooks for the MobileOps fuzz run (loaded through each pass's config file).

Five kinds of operation need help to be fuzzed meaningfully:
- webhook deliveries are authenticated by a signature over the exact body bytes, which no
  static credential can give: each generated delivery is made to name the seeded repository
  of its git host, serialized once, and signed (or given the GitLab token) with its secret,
  so the fuzzed bodies reach the event parsers behind the signature check;
- the agent's job poll is a long poll that holds the request up to the server's poll time
  (25 s) by design: its `wait` is capped at one second, or the pass would mostly wait;
- the agent's job routes refuse every job but the agent's own, whose id a generated one seldom
  is: every other request is sent for the job the driver started for the pass's agent (all
  but `finish`, which would end it for the rest of the pass);
- a job's log with `follow=true` streams until the job ends, by design, and the release train
  starts jobs no agent takes during the run: the log is asked for without following
  (ServerTests cover the stream);
- `POST /api/v1/agent/stop` stops the agent that sends it, whose token then stops working: it
  is sent as a second agent the driver registered for it, so the pass's agent keeps working.
"""
import hashlib
import hmac
import json
import os

import schemathesis

# {"github": {"repository": "acme/fuzz-github", "secret": "…"}, …}, from the driver.
WEBHOOKS = json.loads(os.environ.get("MOBILE_OPS_FUZZ_WEBHOOKS", "{}"))
EVENT_HEADERS = {
    "github": ("X-GitHub-Event", ["push", "pull_request", "create", "ping"]),
    "gitlab": ("X-Gitlab-Event", ["Push Hook", "Tag Push Hook", "Merge Request Hook"]),
    "bitbucket": ("X-Event-Key", ["repo:push", "pullrequest:created", "pullrequest:updated"]),
}
MAX_POLL_SECONDS = 1.0
# The id of the running job the driver started for the agent pass's agent, if any.
AGENT_JOB = os.environ.get("MOBILE_OPS_FUZZ_AGENT_JOB")
# The token of the agent the stop route is called as, if any.
STOPPING_AGENT = os.environ.get("MOBILE_OPS_FUZZ_STOPPING_AGENT")
calls = 0


@schemathesis.hook
def before_call(context, case, kwargs):
    global calls
    calls += 1
    path = case.operation.path
    if path.startswith("/api/v1/agent/jobs/{id}/") and not path.endswith("/finish") and AGENT_JOB and calls % 2 == 0:
        case.path_parameters = {**(case.path_parameters or {}), "id": int(AGENT_JOB)}
    elif path == "/api/v1/agent/stop" and STOPPING_AGENT:
        # Auth was applied to the case's headers before this hook: this replaces it.
        case.headers = {**(case.headers or {}), "Authorization": "Bearer " + STOPPING_AGENT}
    elif path == "/api/v1/agent/jobs/next":
        _cap_wait(case)
    elif path.startswith("/api/v1/webhooks/"):
        _sign(path.rsplit("/", 1)[1], case)
    elif path == "/api/v1/jobs/{id}/log" and (case.query or {}).get("follow") == "true":
        case.query = {**case.query, "follow": "false"}


def _cap_wait(case):
    query = dict(case.query or {})
    try:
        wait = float(query.get("wait"))
    except (TypeError, ValueError):
        wait = None
    # The server holds a poll without a usable `wait` (none, not a number, a list) for its whole
    # poll time, like a longer one: only waits of up to a second are sent as generated.
    if wait is None or not wait <= MAX_POLL_SECONDS:
        query["wait"] = MAX_POLL_SECONDS
    case.query = query


def _sign(provider, case):
    hook = WEBHOOKS.get(provider)
    if hook is None or isinstance(case.body, (bytes, bytearray)):
        return
    body = case.body
    if isinstance(body, dict):
        # Name the seeded repository where this host's payloads name theirs.
        member, key = ("project", "path_with_namespace") if provider == "gitlab" else ("repository", "full_name")
        holder = body.get(member) if isinstance(body.get(member), dict) else {}
        body[member] = {**holder, key: hook["repository"]}
    try:
        raw = json.dumps(body).encode()
    except (TypeError, ValueError):
        return  # not JSON (a generated binary value): sent unsigned, as Schemathesis made it
    case.body = raw
    headers = dict(case.headers or {})
    name, events = EVENT_HEADERS[provider]
    # Chosen from the body, not at random, so that a run's seed replays it.
    headers[name] = events[len(raw) % len(events)]
    secret = hook["secret"].encode()
    if provider == "github":
        headers["X-Hub-Signature-256"] = "sha256=" + hmac.new(secret, raw, hashlib.sha256).hexdigest()
    elif provider == "bitbucket":
        headers["X-Hub-Signature"] = "sha256=" + hmac.new(secret, raw, hashlib.sha256).hexdigest()
    else:
        headers["X-Gitlab-Token"] = hook["secret"]
    case.headers = headers
