"""The data the fuzz run starts from, and the check that it is intact afterwards.

Seeding goes through the API as a user and an agent would: a token of each scope, one
repository per git host, a build whose one job an agent ran (log, artifact, build report), a
build report from another CI and a release. The routes that take an id then have real ids to
reach: Schemathesis draws small integers often, and the ids here are small.
"""
import hashlib
import os
import sqlite3
import subprocess

from server import call, expect

COMMIT = "0123456789abcdef0123456789abcdef01234567"
LOG_TEXT = b"fuzz seed: compiling\nfuzz seed: done\n"
ARTIFACT = b"the seeded artifact\n" * 64
PIPELINE = """name: fuzz
repositories: [acme/fuzz-github]
triggers:
  manual: true
steps:
  - key: build
    label: Build
    command: "true"
    agents: {platform: linux}
"""
TRAIN = """name: fuzz-train
repository: acme/fuzz-github
platforms: [android]
rc_pipeline: fuzz
signoff: [qa]
"""
REPORT = {
    "id": "fuzz-seed-report",
    "dimensions": {"repository": "acme/fuzz-github", "branch": "main", "pipeline": "fuzz", "platform": "android"},
    "finishedAt": "2026-01-05T10:00:00Z", "durationSeconds": 61.5, "queueSeconds": 2, "outcome": "success",
    "tasks": [{"name": ":app:compileDebugKotlin", "durationSeconds": 20, "outcome": "executed"}],
}
# The fields of each seeded object that no API call may change (a build's state may not
# change either: it finished before the run, and a finished build cannot be canceled).
BUILD_FIELDS = ("id", "repositoryID", "number", "pipeline", "state", "trigger", "branch", "commitSHA")
JOB_FIELDS = ("id", "buildID", "stepKey", "label", "attempt", "state")
REPOSITORY_FIELDS = ("id", "name", "provider", "cloneURL", "defaultBranch", "createdAt")
RELEASE_FIELDS = ("id", "trainID", "train", "version", "kind")


def prepare(folder: str) -> None:
    """The pipeline and train files the server loads at start, and the train's git repository.

    The repository is a local one (its clone URL a path), so that release notes are read with
    `git log` rather than from GitHub's API, which this machine may not reach.
    """
    os.makedirs(os.path.join(folder, "pipelines", "trains"))
    with open(os.path.join(folder, "pipelines", "fuzz.yml"), "w", encoding="utf-8") as file:
        file.write(PIPELINE)
    with open(os.path.join(folder, "pipelines", "trains", "fuzz-train.yml"), "w", encoding="utf-8") as file:
        file.write(TRAIN)
    repository = os.path.join(folder, "repository")
    identity = {"GIT_AUTHOR_NAME": "Fuzz", "GIT_AUTHOR_EMAIL": "fuzz@example.com",
                "GIT_COMMITTER_NAME": "Fuzz", "GIT_COMMITTER_EMAIL": "fuzz@example.com"}
    for command in (["init", "-q", "-b", "main", repository],
                    ["-C", repository, "commit", "-q", "--allow-empty", "-m", "Seed commit (#1)\n\nFor the notes."]):
        subprocess.run(["git", *command], check=True, env=dict(os.environ, **identity))


class Seed:
    """Tokens and seeded objects; `verify` compares them with what the server holds later."""

    def __init__(self, url: str, admin: str, git_repository: str):
        self.url = url
        self.admin = admin
        self.read = self._token("fuzz-read", ["read"])
        self.write = self._token("fuzz-write", ["write"])
        registration = expect(call(url, "POST", "/api/v1/agents/tokens", admin, {"name": "fuzz-agents"}), 201, "registration token")
        self.registration = registration.json()["token"]
        self.webhooks = {}
        self.repositories = {}
        for provider in ("github", "gitlab", "bitbucket"):
            secret = f"fuzz-{provider}-secret"
            clone = git_repository if provider == "github" else f"https://{provider}.example/acme/fuzz-{provider}.git"
            draft = {"name": f"acme/fuzz-{provider}", "provider": provider, "cloneURL": clone,
                     "defaultBranch": "main", "webhookSecret": secret}
            created = expect(call(url, "POST", "/api/v1/repositories", admin, draft), 201, f"{provider} repository").json()
            self.repositories[created["id"]] = {key: created[key] for key in REPOSITORY_FIELDS}
            self.webhooks[provider] = {"repository": draft["name"], "secret": secret}
        self.agent = self.register_agent("fuzz-seed-agent")
        self.agent_job = None
        # The agent `POST /api/v1/agent/stop` stops in the agent pass, so the pass's own agent keeps working.
        self.stopping_agent = None
        self.build_id = self._run_build()
        expect(call(url, "POST", "/api/v1/metrics/builds", self.write, REPORT), 201, "build report")
        release = expect(call(url, "POST", "/api/v1/releases", self.write, {"train": "fuzz-train"}), 201, "release").json()
        self.release = {key: release.get(key) for key in RELEASE_FIELDS}
        self.build = self._build_snapshot(url, self.read)

    def _token(self, name: str, scopes: list[str]) -> str:
        return expect(call(self.url, "POST", "/api/v1/tokens", self.admin, {"name": name, "scopes": scopes}), 201, f"{name} token").json()["token"]

    def register_agent(self, name: str) -> str:
        """A new agent with `platform=linux`; returns its token."""
        body = {"name": name, "tags": {"platform": "linux"}, "slots": 1}
        return expect(call(self.url, "POST", "/api/v1/agents/register", self.registration, body), 201, "agent registration").json()["token"]

    def start_job(self) -> tuple[int, int]:
        """A new build whose job the current agent takes and starts; returns the build's and the job's ids."""
        build_id = self.start_build()
        job = expect(call(self.url, "POST", "/api/v1/agent/jobs/next?wait=10", self.agent), 200, "job assignment").json()["jobID"]
        expect(call(self.url, "POST", f"/api/v1/agent/jobs/{job}/start", self.agent), 200, "job start")
        return build_id, job

    def start_build(self) -> int:
        body = {"pipeline": "fuzz", "repository": "acme/fuzz-github", "branch": "main", "commit": COMMIT}
        return expect(call(self.url, "POST", "/api/v1/builds", self.write, body), 201, "manual build").json()["id"]

    def _run_build(self) -> int:
        """A build whose one job the seed agent runs to the end, as mobile-ops-agent would."""
        build_id, job = self.start_job()
        url, agent = self.url, self.agent
        expect(call(url, "POST", f"/api/v1/agent/jobs/{job}/checkout", agent, {"commitSHA": COMMIT}), 200, "checkout")
        expect(call(url, "POST", f"/api/v1/agent/jobs/{job}/log", agent, data=LOG_TEXT,
                    headers={"X-Log-Sequence": "0", "Content-Type": "application/octet-stream"}), 200, "log chunk")
        artifact = expect(call(url, "PUT", f"/api/v1/agent/jobs/{job}/artifacts?path=out/seed.txt", agent, data=ARTIFACT,
                               headers={"Content-Type": "application/octet-stream"}), 201, "artifact").json()
        self.artifact = {"id": artifact["id"], "sha256": hashlib.sha256(ARTIFACT).hexdigest()}
        finish = {"state": "passed", "exitStatus": 0, "commandDurations": [0.1]}
        expect(call(url, "POST", f"/api/v1/agent/jobs/{job}/finish", agent, finish), 200, "finish")
        self.job_id = job
        return build_id

    def _build_snapshot(self, url: str, token: str) -> dict:
        build = expect(call(url, "GET", f"/api/v1/builds/{self.build_id}", token), 200, "seeded build").json()
        return {"build": {key: build.get(key) for key in BUILD_FIELDS},
                "jobs": [{key: job.get(key) for key in JOB_FIELDS} for job in build.get("jobs", [])]}

    def verify(self, url: str) -> list[str]:
        """What the server at `url` no longer holds as seeded; empty when all is intact.

        Reads with `self.admin`, the admin token the server was started with: the fuzz run may
        have revoked every token it could list, which is allowed (and audited), so the caller
        restarts the server with a new one."""
        admin = self.admin
        problems = []
        try:
            snapshot = self._build_snapshot(url, admin)
            if snapshot != self.build:
                problems.append(f"build {self.build_id} changed: {snapshot} != {self.build}")
        except RuntimeError as error:
            problems.append(str(error))
        log = call(url, "GET", f"/api/v1/jobs/{self.job_id}/log", admin)
        if log.status != 200 or log.body != LOG_TEXT:
            problems.append(f"job {self.job_id}'s log changed: {log.status} {log.body[:200]!r}")
        artifact = call(url, "GET", f"/api/v1/artifacts/{self.artifact['id']}", admin)
        if artifact.status != 200 or artifact.body != ARTIFACT or artifact.headers.get("X-Artifact-SHA256") != self.artifact["sha256"]:
            problems.append(f"artifact {self.artifact['id']} changed: {artifact.status}")
        # The same report again is a repeat (200) only while the first is still stored.
        repeat = call(url, "POST", "/api/v1/metrics/builds", admin, REPORT)
        if repeat.status != 200:
            problems.append(f"the seeded build report is gone: posting it again answered {repeat.status}")
        release = call(url, "GET", f"/api/v1/releases/{self.release['id']}", admin)
        if release.status != 200 or {key: release.json().get(key) for key in RELEASE_FIELDS} != self.release:
            problems.append(f"release {self.release['id']} changed: {release.status} {release.body[:200]!r}")
        for repository_id, seeded in self.repositories.items():
            current = call(url, "GET", f"/api/v1/repositories/{repository_id}", admin)
            if current.status == 404:
                continue  # may have been removed through the API: verify_removals checks the audit log
            if current.status != 200 or {key: current.json().get(key) for key in REPOSITORY_FIELDS} != seeded:
                problems.append(f"repository {repository_id} changed: {current.status} {current.body[:200]!r}")
        return problems

    def verify_database(self, path: str) -> list[str]:
        """The stopped server's database: intact, and every seeded repository it no longer
        holds was removed through the API (an audited `repository.remove`)."""
        problems = []
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as database:
            integrity = [row[0] for row in database.execute("PRAGMA integrity_check")]
            if integrity != ["ok"]:
                problems.append(f"integrity_check: {integrity[:5]}")
            foreign = database.execute("PRAGMA foreign_key_check").fetchall()
            if foreign:
                problems.append(f"foreign_key_check: {foreign[:5]}")
            present = {row[0] for row in database.execute("SELECT id FROM repository")}
            removed = {row[0] for row in database.execute("SELECT subject FROM auditEvent WHERE action = 'repository.remove'")}
            for repository_id in self.repositories:
                if repository_id not in present and f"repository:{repository_id}" not in removed:
                    problems.append(f"repository {repository_id} is gone without an audited removal")
        return problems
