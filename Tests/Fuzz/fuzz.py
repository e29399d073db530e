"""Fuzzes the MobileOps HTTP API with Schemathesis against a real server.

    python fuzz.py --server .build/debug/mobile-ops-server --schemathesis .build/fuzz-venv/bin/schemathesis --seconds 300

`make fuzz` runs it with FUZZ_SECONDS (default 300); `make test` runs a short pass.

1. Starts `mobile-ops-server` on a free loopback port with a fresh SQLite database in a
   temporary folder and a fake of GitHub's API (fake_github.py) for the release train, and
   seeds it through the API (seed.py): a token of each scope, an agent, a repository per git
   host, a finished build with a log and an artifact, a build report, a release.
2. Runs Schemathesis once per scope (none, read, signature, write, agent, admin) against the
   operations whose `x-mobile-ops-scope` is that scope, with that scope's credentials
   (hooks.py signs webhook deliveries). Each pass gets a share of the time budget by its
   number of operations. Checks: no 5xx (not_a_server_error), and every response's status
   code, content type and body as the document says.
3. Checks that the server still answers /healthz; stops it (it must exit 0) and runs the
   database's integrity_check and foreign_key_check; restarts it on the same database and
   checks that the seeded data reads back unchanged.

Prints one line per pass and the totals: requests (counted in the server's own request log),
distinct operations reached (and those answered 2xx at least once), 5xx answers,
Schemathesis failures. Exits 0 when all of it held. The temporary folder (server log, each
pass's output and JSON report) is kept on failure, or with --keep.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from fake_github import FakeGitHub
from seed import Seed, prepare
from server import Server, call

CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
# The admin pass comes last: it may revoke the other passes' tokens and remove agents and
# repositories (the agent pass gets a fresh agent and a pending job just before it runs).
SCOPES = ["none", "read", "signature", "write", "agent", "admin"]
MIN_PASS_SECONDS = 5
HARD_LIMIT_GRACE = 30
METHODS = ("get", "put", "post", "delete", "patch", "head", "options")


def operations(document: dict) -> list[dict]:
    """Each operation with its scope and a pattern its request paths match."""
    found = []
    for template, item in document["paths"].items():
        pattern = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$")
        for method, operation in item.items():
            if method in METHODS:
                found.append({"key": f"{method.upper()} {template}", "method": method.upper(), "pattern": pattern,
                              "scope": operation.get("x-mobile-ops-scope")})
    return found


def credentials(scope: str, seed: Seed) -> dict:
    """Schemathesis `auth.openapi` entries: the credential for each security scheme the scope's operations use."""
    return {
        "none": {},
        "read": {"bearerAuth": {"bearer": seed.read}, "feedToken": {"api_key": seed.read}},
        "signature": {},  # signed per request by hooks.py
        "write": {"bearerAuth": {"bearer": seed.write}},
        "admin": {"bearerAuth": {"bearer": seed.admin}},
        "agent": {"agentToken": {"bearer": seed.agent}, "registrationToken": {"bearer": seed.registration}},
    }[scope]


def write_config(path: str, scope: str, seed: Seed, hooks: str) -> None:
    lines = [f"hooks = {json.dumps(hooks)}", "request-timeout = 30", ""]
    for scheme, values in credentials(scope, seed).items():
        lines.append(f"[auth.openapi.{scheme}]")
        lines += [f"{key} = {json.dumps(value)}" for key, value in values.items()]
    with open(path, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")


def run_pass(arguments, scope: str, seconds: int, seed: Seed, server: Server, folder: str) -> dict:
    config = os.path.join(folder, f"{scope}.toml")
    report = os.path.join(folder, f"{scope}-report.json")
    output = os.path.join(folder, f"{scope}.log")
    write_config(config, scope, seed, os.path.join(os.path.dirname(os.path.abspath(__file__)), "hooks.py"))
    command = [os.path.abspath(arguments.schemathesis), "--config-file", config, "run", server.url + "/api/v1/openapi.json",
               "--include-by", f"/x-mobile-ops-scope == {scope}", "--checks", CHECKS,
               "--max-time", str(seconds), "--generation-database", "none", "--no-color",
               "--report", "json", "--report-json-path", report]
    if arguments.seed is not None:
        command += ["--seed", str(arguments.seed)]
    environment = dict(os.environ, MOBILE_OPS_FUZZ_WEBHOOKS=json.dumps(seed.webhooks), MOBILE_OPS_FUZZ_AGENT_JOB=str(seed.agent_job or ""),
                       MOBILE_OPS_FUZZ_STOPPING_AGENT=seed.stopping_agent or "")
    _, offset = server.requests()
    started = time.monotonic()
    with open(output, "wb") as log:
        fuzzer = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=folder, env=environment)
        try:
            # Schemathesis checks --max-time between test cases; one slow generation can overrun
            # it, so the pass also has a hard limit. Interrupted, it still reports what it ran.
            exit_code = fuzzer.wait(timeout=seconds + HARD_LIMIT_GRACE)
        except subprocess.TimeoutExpired:
            fuzzer.send_signal(signal.SIGINT)
            try:
                exit_code = fuzzer.wait(timeout=30)
            except subprocess.TimeoutExpired:
                fuzzer.kill()
                exit_code = fuzzer.wait()
            log.write(f"\nfuzz.py: stopped at the pass's hard limit ({seconds + HARD_LIMIT_GRACE} s)\n".encode())
    elapsed = time.monotonic() - started
    requests, _ = server.requests(offset)
    result = {"scope": scope, "exit": exit_code, "seconds": elapsed, "requests": requests, "output": output}
    try:
        with open(report, encoding="utf-8") as file:
            result["report"] = json.load(file)
    except (OSError, ValueError):
        result["report"] = None
    return result


def summarize(result: dict, ops: list[dict]) -> dict:
    """The pass's counts: requests and 5xx from the server log, failures from Schemathesis."""
    # Only the pass's own operations: the others' paths are called too (Schemathesis loads the
    # document, and probes each path with methods it does not document).
    mine = [operation for operation in ops if operation["scope"] == result["scope"]]
    reached, succeeded = set(), set()
    for method, path, status in result["requests"]:
        for operation in mine:
            if operation["method"] == method and operation["pattern"].match(path):
                reached.add(operation["key"])
                if 200 <= status < 300:
                    succeeded.add(operation["key"])
                break
    report = result["report"] or {}
    return {
        "scope": result["scope"],
        "operations": len(mine),
        "reached": reached,
        "succeeded": succeeded,
        "requests": len(result["requests"]),
        "server_errors": sum(1 for _, _, status in result["requests"] if status >= 500),
        "failures": len(report.get("failures", [])),
        "errors": len(report.get("errors", [])),
        "test_cases": report.get("test_cases", {}).get("generated", 0),
        # A pass without a report, or one Schemathesis ended with an error, counts as failed
        # (0: no failure, 1: failures, counted above; 130: stopped at the hard limit).
        "broken": result["report"] is None or result["exit"] not in (0, 1, 130),
        "seed": report.get("seed"),
        "seconds": result["seconds"],
        "output": result["output"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--server", required=True, help="the mobile-ops-server executable")
    parser.add_argument("--schemathesis", required=True, help="the schemathesis executable")
    parser.add_argument("--seconds", type=int, default=300, help="the fuzzing time budget of all passes together")
    parser.add_argument("--seed", type=int, default=None, help="Schemathesis' seed, to replay a run")
    parser.add_argument("--scopes", default=",".join(SCOPES), help="the passes to run, comma-separated (default: all, in this order)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder even when the run passed")
    arguments = parser.parse_args()
    # Stopped from outside (make interrupted, a test's time limit), still stop the server and report.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))

    folder = tempfile.mkdtemp(prefix="mobile-ops-fuzz-")
    prepare(folder)
    admin = "mo-fuzz-admin-" + os.urandom(16).hex()
    binary = os.path.abspath(arguments.server)
    github = FakeGitHub()
    environment = {"MOBILE_OPS_ADMIN_TOKEN": admin, "MOBILE_OPS_GITHUB_API_URL": github.url, "MOBILE_OPS_GITHUB_TOKEN": "fuzz-github-token"}
    server = Server(binary, folder, environment, "server.log")
    problems = []
    summaries = []
    seed = None
    started = time.monotonic()
    try:
        document = call(server.url, "GET", "/api/v1/openapi.json").json()
        ops = operations(document)
        seed = Seed(server.url, admin, os.path.join(folder, "repository"))
        for scope in [scope for scope in SCOPES if scope in arguments.scopes.split(",")]:
            share = sum(1 for operation in ops if operation["scope"] == scope) / len(ops)
            seconds = max(MIN_PASS_SECONDS, int(arguments.seconds * share))
            if scope == "agent":
                # A fresh, online agent with a job of its own, and a pending one for it to take.
                seed.agent = seed.register_agent("fuzz-agent")
                seed.stopping_agent = seed.register_agent("fuzz-stopping-agent")
                _, seed.agent_job = seed.start_job()
                seed.start_build()
            summaries.append(summarize(run_pass(arguments, scope, seconds, seed, server, folder), ops))
            print(line(summaries[-1]), flush=True)
        if not server.alive():
            problems.append("the server exited during the run")
        elif call(server.url, "GET", "/healthz").status != 200:
            problems.append("the server no longer answers /healthz after the run")
    except Exception as error:  # noqa: BLE001 - any failure of the driver fails the run
        problems.append(f"{type(error).__name__}: {error}")
    finally:
        status = server.stop()
    if status != 0:
        problems.append(f"the server exited with status {status} when asked to stop")
    if seed is not None:
        problems += seed.verify_database(server.database)
        # Restarted on the same database with the same settings, the server starts, whether
        # or not the run revoked the configured admin token (a revoked token stays revoked).
        try:
            restarted = Server(binary, folder, environment, "server-restarted.log")
            try:
                if call(restarted.url, "GET", "/healthz").status != 200:
                    problems.append("after the restart: /healthz does not answer 200")
            finally:
                restarted.stop()
        except RuntimeError as error:
            problems.append(f"after the restart: {error}")
        # Then with a new admin token, as an operator whose token was revoked sets one, it
        # still holds every seeded record.
        seed.admin = "mo-fuzz-admin-" + os.urandom(16).hex()
        try:
            restarted = Server(binary, folder, dict(environment, MOBILE_OPS_ADMIN_TOKEN=seed.admin), "server-restarted-new-token.log")
            try:
                problems += seed.verify(restarted.url)
            finally:
                restarted.stop()
        except RuntimeError as error:
            problems.append(f"after the restart with a new admin token: {error}")
    github.stop()
    return conclude(summaries, problems, folder, time.monotonic() - started, arguments.keep)


def line(summary: dict) -> str:
    return (f"fuzz {summary['scope']:>9}: {summary['requests']:6d} requests, "
            f"{len(summary['reached']):2d}/{summary['operations']:2d} operations ({len(summary['succeeded']):2d} answered 2xx), "
            f"{summary['test_cases']:5d} test cases, "
            f"{summary['server_errors']} 5xx, {summary['failures']} failures, {summary['errors']} errors "
            f"({summary['seconds']:.0f} s, seed {summary['seed']})")


def conclude(summaries: list[dict], problems: list[str], folder: str, seconds: float, keep: bool) -> int:
    requests = sum(summary["requests"] for summary in summaries)
    reached = set().union(*(summary["reached"] for summary in summaries))
    succeeded = set().union(*(summary["succeeded"] for summary in summaries))
    totals = {key: sum(summary[key] for summary in summaries) for key in ("server_errors", "failures", "errors")}
    for summary in summaries:
        if summary["failures"] or summary["errors"] or summary["server_errors"] or summary["broken"]:
            problems.append(f"the {summary['scope']} pass failed; Schemathesis' output: {summary['output']}")
    print(f"fuzz total: {requests} requests, {len(reached)} distinct operations ({len(succeeded)} answered 2xx), "
          f"{totals['server_errors']} 5xx, {totals['failures']} failures, {totals['errors']} errors, {seconds:.0f} s")
    if problems:
        for problem in problems:
            print(f"fuzz problem: {problem}")
        for summary in summaries:
            if summary["failures"] or summary["errors"] or summary["broken"]:
                with open(summary["output"], encoding="utf-8", errors="replace") as file:
                    sys.stdout.write(file.read()[-20000:])
        print(f"fuzz: FAILED; the server log, each pass's output and report are in {folder}")
        return 1
    if keep:
        print(f"fuzz: the server log, each pass's output and report are in {folder}")
    else:
        shutil.rmtree(folder, ignore_errors=True)
    print("fuzz: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
