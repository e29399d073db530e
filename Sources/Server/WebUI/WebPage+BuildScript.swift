// MARK: - Build page script

extension WebPage {
    /// `/builds/{id}`: the build's facts, its jobs with states, pending reasons and times,
    /// test results with failed tests first, each job's log (followed live while the job
    /// runs), analysers' new findings against the baseline, artifacts to download, and the UI
    /// test selection with its reasons, and each `devices:` step's timeline per device (its
    /// batches, how each ended, the device's failures) with each test's attempts and devices.
    /// While the build runs, its jobs' states and device runs are read again every few
    /// seconds, so a job pending when the page opened shows its live log once it starts.
    static let buildScript = #"""
        async function showBuild(id) {
          const build = await get("/api/v1/builds/" + id);
          const jobs = build.jobs || [];
          const [tests, impact, findings, artifacts, cache] = await Promise.all([
            optional("/api/v1/builds/" + id + "/tests"), optional("/api/v1/builds/" + id + "/impact"), optional("/api/v1/builds/" + id + "/findings"),
            Promise.all(jobs.map((job) => get("/api/v1/jobs/" + job.id + "/artifacts").then((a) => a.artifacts.map((artifact) => ({job, artifact}))))),
            optional("/api/v1/builds/" + id + "/cache"),
          ]);
          document.title = build.pipeline + " #" + build.number + " · MobileOps";
          $("build-title").textContent = build.pipeline + " #" + build.number;
          showBuildState(build);
          showTests(tests);
          showBuildFindings(findings);
          table("artifacts", ["job", "file", "size"], artifacts.flat().map(({job, artifact}) => [[job.label], [download(artifact)], [(artifact.size / 1024).toFixed(1) + " KiB"]]), "no artifacts");
          showImpact(impact);
          // What the build's jobs read and stored through MOBILE_OPS_CACHE_URL.
          figures("build-cache", cache ? [
            ["cache hits", cache.hits], ["misses", cache.misses], ["hit rate", cache.hitRate === undefined || cache.hitRate === null ? "none" : (cache.hitRate * 100).toFixed(0) + "%"],
            ["uploads", cache.uploads],
          ] : []);
          await showDeviceRuns(id);
          return build;
        }
        /// The build's facts, its jobs' states and their logs: what changes while it runs.
        function showBuildState(build) {
          const jobs = build.jobs || [];
          const times = build.times || {};
          showBuildActions(build);
          table("build-facts", ["state", "branch", "commit", "trigger", "created", "queue", "run", "total"], [[
            [build.state, build.state], [build.branch || build.tag || ""], [(build.commitSHA || "").slice(0, 12)], [build.trigger],
            [when(build.createdAt)], [duration(times.queueSeconds)], [duration(times.runSeconds)], [duration(times.totalSeconds)],
          ]]);
          table("jobs", ["job", "state", "agent", "why it waits", "time", ""], jobs.map((job) => [
            [job.label + (job.attempt > 1 ? " (attempt " + job.attempt + ")" : "") + (job.supersededBy ? " · run again" : ""), job.supersededBy ? "muted" : ""],
            [job.state, job.state], [job.agentName || (job.agentID ? "agent " + job.agentID : "")], [job.pendingReason || "", "reason"],
            [duration(between(job.startedAt, job.finishedAt || (job.startedAt ? new Date().toISOString() : null)))],
            [jobRetryButton(build, job)],
          ]), "no jobs");
          showLogs(jobs);
        }
        /// While the build is unfinished its jobs are read again every 3 seconds, so a job that
        /// starts shows its live log; once it finishes, the whole page is read once more (tests,
        /// findings, artifacts) and not again.
        let shownBuild = null;
        async function showPage() {
          const id = location.pathname.split("/")[2];
          if (shownBuild === null || ["passed", "failed", "canceled"].includes(shownBuild.state)) {
            shownBuild = await showBuild(id);
          } else {
            const build = await get("/api/v1/builds/" + id);
            if (["passed", "failed", "canceled"].includes(build.state)) { shownBuild = await showBuild(id); } else { showBuildState(build); await showDeviceRuns(id); shownBuild = build; }
          }
          return ["passed", "failed", "canceled"].includes(shownBuild.state) ? null : 3;
        }
        /// Per device of each devices: step, its batches in order: tests, how each ended (a
        /// device failure in red, with its reason); then the tests that needed more than one
        /// attempt or did not pass, with each attempt's device and outcome.
        async function showDeviceRuns(id) {
          const answer = await optional("/api/v1/builds/" + id + "/device-runs");
          const runs = (answer && answer.runs) || [];
          $("device-runs").hidden = runs.length === 0;
          const name = (d) => d.identifier + " (agent " + d.agentID + ")";
          const rows = [], attempts = [];
          for (const {stepKey, run} of runs) {
            const byDevice = new Map();
            for (const batch of run.batches) {
              const key = name(batch.device);
              if (!byDevice.has(key)) { byDevice.set(key, document.createElement("span")); }
              const chip = document.createElement("span");
              chip.className = "batch batch-" + (batch.outcome || "running");
              chip.textContent = "#" + batch.id + " " + batch.tests.length + " test(s) " + (batch.outcome || "running") + " " + duration(between(batch.startedAt, batch.endedAt || new Date().toISOString()));
              chip.title = batch.tests.map((t) => t.name).join("\n") + (batch.reason ? "\n" + batch.reason : "");
              byDevice.get(key).append(chip, " ");
            }
            for (const [device, chips] of byDevice) { rows.push([[stepKey], [device], [chips]]); }
            for (const test of run.tests) {
              if (test.verdict === "passed" && test.attempts.length <= 1) { continue; }
              attempts.push([[stepKey], [test.name, test.verdict || "running"], [(test.verdict || "waiting") + (test.muted ? " (muted)" : "")],
                [test.attempts.map((a) => name(a.device) + ": " + a.outcome + (a.message ? " (" + a.message + ")" : "")).join("; ")]]);
            }
          }
          table("device-timeline", ["step", "device", "batches"], rows, "no batches yet");
          table("device-tests", ["step", "test", "verdict", "attempts"], attempts, "every test passed on its first attempt");
        }
        /// Per job: its totals, then failed tests (with message and file:line), then flaky ones.
        function showTests(tests) {
          const rows = [];
          const rank = {failed: 0, flaky: 1};
          for (const job of (tests && tests.jobs) || []) {
            const t = job.totals;
            if (t) { rows.push([[job.label], ["all tests"], [t.total + " tests: " + t.passed + " passed, " + t.failed + " failed, " + t.skipped + " skipped"], [duration(t.durationSeconds)], [""]]); }
            const notable = (job.tests || []).filter((test) => test.outcome in rank).sort((a, b) => rank[a.outcome] - rank[b.outcome]);
            for (const test of notable) {
              const where = test.file ? test.file + (test.line ? ":" + test.line : "") : "";
              rows.push([[""], [test.suite + "." + test.name, test.outcome], [test.outcome + (test.message ? ": " + test.message : "")], [duration(test.durationSeconds)], [where]]);
            }
            for (const warning of job.warnings || []) { rows.push([[""], ["warning"], [warning], [""], [""]]); }
          }
          table("tests", ["job", "test", "result", "time", "where"], rows, "no test results");
        }
        /// One log per job, added as jobs appear (a retry is a new job). A pending job's log says
        /// why it waits; once the job is picked up its log is followed live (or read whole, if it
        /// already finished), once.
        const logsShown = new Set();
        function showLogs(jobs) {
          const container = $("logs");
          for (const job of jobs) {
            let log = $("log-" + job.id), title = $("log-title-" + job.id);
            if (!log) {
              title = document.createElement("h3"); title.id = "log-title-" + job.id;
              log = document.createElement("div"); log.className = "log"; log.id = "log-" + job.id; log.tabIndex = 0;
              log.setAttribute("role", "region"); log.setAttribute("aria-labelledby", title.id);
              container.append(title, log);
            }
            title.textContent = job.label + " (" + job.state + ")";
            if (job.state === "pending") { log.textContent = "waiting: " + (job.pendingReason || "for an agent"); continue; }
            if (logsShown.has(job.id)) { continue; }
            logsShown.add(job.id);
            const view = new LogView(job, log);
            followLog(job, view).catch((error) => { log.append("[" + error.message + "]"); });
          }
        }
        async function followLog(job, view) {
          const live = job.state === "running" || job.state === "assigned";
          const response = await request("/api/v1/jobs/" + job.id + "/log" + (live ? "?follow=true" : ""));
          if (!live || !response.body) { view.add(await response.text(), true); return; }
          view.element.dataset.following = "true";
          const reader = response.body.getReader();
          const decoder = new TextDecoder();
          for (;;) {
            const {value, done} = await reader.read();
            if (done) { break; }
            const atBottom = view.element.scrollTop + view.element.clientHeight >= view.element.scrollHeight - 4;
            view.add(decoder.decode(value, {stream: true}), false);
            if (atBottom) { view.element.scrollTop = view.element.scrollHeight; }
          }
          view.add(decoder.decode(), true);
          view.element.dataset.following = "false";
        }
        function download(artifact) {
          const a = link("#", artifact.path);
          a.addEventListener("click", async (event) => {
            event.preventDefault();
            const blob = await (await request("/api/v1/artifacts/" + artifact.id)).blob();
            const save = document.createElement("a"); save.href = URL.createObjectURL(blob); save.download = artifact.path.split("/").pop();
            save.click(); URL.revokeObjectURL(save.href);
          });
          return a;
        }
        function showImpact(impact) {
          const container = $("impact"); container.replaceChildren();
          const reports = (impact && impact.jobs) || [];
          if (reports.length === 0) { container.textContent = "no ui_tests: step in this build"; container.className = "muted"; return; }
          for (const {stepKey, report} of reports) {
            const heading = document.createElement("h3");
            heading.textContent = stepKey + " shard " + (report.shardIndex + 1) + "/" + report.shardCount + ": " + report.mode;
            const list = document.createElement("table");
            container.append(heading, list);
            const rows = report.selected.map((c) => [[c.name, "passed"], ["runs"], [c.reason]])
              .concat(report.skipped.map((c) => [[c.name, "skipped"], ["skipped"], [c.reason]]))
              .concat(report.warnings.map((w) => [["warning"], [""], [w]]))
              .concat(report.runAllReasons.map((r) => [["run all"], [""], [r]]));
            list.id = "impact-" + stepKey + "-" + report.shardIndex;
            table(list.id, ["suite", "", "why"], rows);
          }
        }
        """#
}
