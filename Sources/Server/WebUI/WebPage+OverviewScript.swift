// MARK: - Overview script

extension WebPage {
    /// `/`: the queue with each pending job's reason, agents, their devices, run-time, queue-time and cache charts, test health, the slowest tests, waiting
    /// cost, analysers' findings over time, recent builds (each linking to its page), regressions, releases and the feed. Drawn
    /// again every 30 seconds.
    static let overviewScript = #"""
        async function showOverview() {
          const [dashboard, feed, flaky, releases, devices, served, slowest] = await Promise.all([
            get("/api/v1/dashboard"), get("/feed.json"), optional("/api/v1/metrics/tests/flaky?window=30d"),
            optional("/api/v1/releases?limit=10"), optional("/api/v1/devices"), optional("/api/v1/cache/stats/daily?days=30"),
            optional("/api/v1/metrics/tests/slowest?window=30d&limit=10"), showFindingsTrend(),
          ]);
          $("generated").textContent = "· updated " + when(dashboard.generatedAt);
          const queue = dashboard.queue;
          figures("figures", [["pending jobs", queue.pending], ["running jobs", queue.running]]);
          table("pending", ["build", "job", "waiting", "why"], (queue.jobs || []).map((job) => [
            [link("/builds/" + job.buildID, buildName(job))], [job.label], [duration(between(job.createdAt, dashboard.generatedAt))], [job.reason, "reason"],
          ]), "no job is waiting");
          table("agents", ["agent", "state", "tags", "current job"], (dashboard.agents.agents || []).map((agent) => {
            const jobs = document.createElement("span");
            for (const job of agent.jobs || []) { jobs.append(link("/builds/" + job.buildID, job.label), " "); }
            const tags = Object.keys(agent.tags || {}).sort().map((k) => k + "=" + agent.tags[k]).join(", ");
            return [[agent.name], [agent.state, agent.state], [tags], [jobs]];
          }), "no agents registered");
          // By health: quarantined first, then the most recent infrastructure failures.
          const listed = (devices && devices.devices ? devices.devices : []).slice().sort((a, b) => deviceHealth(b) - deviceHealth(a));
          table("devices", ["device", "agent", "platform", "OS", "state", "batch", "health"], listed.map(deviceCells), "no devices reported");
          const p50s = dashboard.trends.map((t) => t.runP50Seconds).filter((v) => v !== null && v !== undefined);
          const inMinutes = p50s.length > 0 && Math.max(...p50s) >= 120;
          chart("chart-build-time", dashboard.trends.map((t) => ({day: t.day, value: t.runP50Seconds === null || t.runP50Seconds === undefined ? null : (inMinutes ? t.runP50Seconds / 60 : t.runP50Seconds)})),
            "#1a73e8", (v) => (Number.isInteger(v) ? v : v.toFixed(1)) + (inMinutes ? " min" : " s"));
          const queueP50s = dashboard.trends.map((t) => t.queueP50Seconds).filter((v) => v !== null && v !== undefined);
          const queueInMinutes = queueP50s.length > 0 && Math.max(...queueP50s) >= 120;
          chart("chart-queue-time", dashboard.trends.map((t) => ({day: t.day, value: t.queueP50Seconds === null || t.queueP50Seconds === undefined ? null : (queueInMinutes ? t.queueP50Seconds / 60 : t.queueP50Seconds)})),
            "#8a4b00", (v) => (Number.isInteger(v) ? v : v.toFixed(1)) + (queueInMinutes ? " min" : " s"));
          table("slowest-tests", ["test", "p50", "p90", "runs"], (slowest && slowest.tests ? slowest.tests : []).map((t) => [
            [t.test.suite + "." + t.test.name], [duration(t.p50Seconds)], [duration(t.p90Seconds)], [t.runs],
          ]), "no timed tests yet");
          chart("chart-cache", dashboard.cache.trend.map((t) => ({day: t.day, value: t.hitRate === null || t.hitRate === undefined ? null : t.hitRate * 100})), "#137333", (v) => v.toFixed(0) + "%");
          showServedCache(dashboard.cache.trend.map((t) => t.day), served ? served.days : []);
          const failedBuilds = dashboard.trends.reduce((sum, t) => sum + (t.successRate === null || t.successRate === undefined ? 0 : Math.round(t.count * (1 - t.successRate))), 0);
          figures("test-figures", [["builds failed (30 days)", failedBuilds], ["flaky tests (30 days)", flaky && flaky.tests ? flaky.tests.length : 0]]);
          table("test-health", ["flaky test", "flips", "last flipped"], (flaky && flaky.tests ? flaky.tests : []).slice(0, 10).map((f) => [
            [f.test.suite + "." + f.test.name], [f.flips + " of " + f.attempts + " runs (" + (f.flipRate * 100).toFixed(0) + "%)"], [when(f.lastSeenAt)],
          ]), "no flaky tests");
          figures("waiting", [["developer-hours waiting (30 days)", (dashboard.waiting.totalHours || 0).toFixed(1)], ["builds waited on", dashboard.waiting.waitedBuilds || 0]]);
          table("builds", ["build", "branch", "commit", "trigger", "state", "queue", "run"], dashboard.recentBuilds.map((b) => [
            [link("/builds/" + b.id, buildName(b))], [b.branch], [(b.commitSHA || "").slice(0, 8)], [b.trigger], [b.state, b.state],
            [duration(b.queueSeconds)], [duration(b.runSeconds)],
          ]), "no builds yet");
          table("regressions", ["series", "metric", "change", "detected"], dashboard.regressions.map((r) => [
            [r.repository + " " + r.pipeline + " " + r.platform], [r.metric], [r.changePercent !== undefined ? r.changePercent.toFixed(0) + "%" : ""], [when(r.detectedAt)],
          ]), "no open regressions");
          // The feed links release steps here (`/#releases`): the newest releases and where each stands.
          table("releases", ["release", "state", "rollout", "started"], (releases && releases.releases ? releases.releases : []).map((r) => [
            [r.train + " " + r.version + (r.kind === "hotfix" ? " (hotfix)" : "")], [r.state, r.state], [r.rolloutPercent + "%"], [when(r.createdAt)],
          ]), "no releases yet");
          table("feed", ["when", "event"], (feed.items || []).slice(0, 20).map((item) => [
            [when(item.date_published)], [item.url ? link(item.url, item.title || item.content_text) : (item.title || item.content_text)],
          ]), "nothing yet");
          $("overview").hidden = false;
        }
        async function showPage() { await showOverview(); return 30; }
        """#

    /// The build cache's own hit rate (`GET /api/v1/cache/stats/daily`) on the same 30 days as
    /// the log-derived chart beside it: every protocol and namespace of a day together.
    static let servedCacheScript = #"""
        function showServedCache(days, counts) {
          const byDay = {};
          let hits = 0, misses = 0;
          for (const c of counts) {
            const key = c.day.slice(0, 10);
            byDay[key] = byDay[key] || {hits: 0, misses: 0};
            byDay[key].hits += c.hits; byDay[key].misses += c.misses;
            hits += c.hits; misses += c.misses;
          }
          chart("chart-build-cache", days.map((d) => {
            const c = byDay[d.slice(0, 10)];
            return {day: d, value: c && c.hits + c.misses > 0 ? 100 * c.hits / (c.hits + c.misses) : null};
          }), "#b06000", (v) => v.toFixed(0) + "%");
          figures("build-cache-figures", [
            ["hit rate (30 days)", hits + misses > 0 ? (100 * hits / (hits + misses)).toFixed(0) + "%" : "none yet"], ["hits", hits], ["misses", misses],
          ]);
        }
        """#
}
