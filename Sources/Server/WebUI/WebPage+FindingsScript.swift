// MARK: - Findings script

extension WebPage {
    /// Analysers' findings: on the overview, the chosen repository's findings per day on its
    /// default branch and the rules that grew most (`GET /api/v1/metrics/findings`); on a build
    /// page, what is new against the baseline (`GET /api/v1/builds/{id}/findings`).
    static let findingsScript = #"""
        /// Rows shown on a build page before the rest is left to the API.
        const findingsShown = 200;
        async function showFindingsTrend() {
          const list = await get("/api/v1/repositories");
          const names = (list.repositories || []).map((r) => r.name).sort();
          const select = $("findings-repository");
          const chosen = names.includes(select.value) ? select.value : names[0];
          select.replaceChildren(...names.map((name) => { const option = document.createElement("option"); option.value = name; option.textContent = name; return option; }));
          const headers = ["rule", "tool", "first → last day", "change"];
          if (!chosen) { figures("findings-trend-figures", []); chart("chart-findings", [], "#b06000", String); table("findings-growing", headers, [], "no repository registered"); return; }
          select.value = chosen;
          const trend = await get("/api/v1/metrics/findings?repository=" + encodeURIComponent(chosen) + "&window=30d");
          const perDay = new Map();
          for (const row of trend.rows || []) { perDay.set(row.day, (perDay.get(row.day) || 0) + row.count); }
          const days = [...perDay].map(([day, value]) => ({day, value}));
          const lastDay = (trend.rows || []).filter((row) => days.length > 0 && row.day === days[days.length - 1].day);
          figures("findings-trend-figures", [
            ["findings on " + (trend.branch || "the default branch") + " now", days.length > 0 ? days[days.length - 1].value : 0],
            ["rules with findings", new Set(lastDay.map((row) => row.tool + " " + row.ruleID)).size],
          ]);
          chart("chart-findings", days, "#b06000", (v) => String(Math.round(v)));
          table("findings-growing", headers, (trend.growing || []).map((g) => [[g.ruleID], [g.tool], [g.first + " → " + g.last], ["+" + g.change, "error"]]),
            "no rule grew over the window");
        }
        $("findings-repository")?.addEventListener("change", () => { showFindingsTrend().catch((error) => { $("error").textContent = String(error.message || error); $("error").hidden = false; }); });
        /// New findings first by level (errors first), then by file and line.
        function showBuildFindings(findings) {
          const headers = ["level", "rule", "where", "message"];
          if (!findings || (findings.total === 0 && findings.fixed === 0)) {
            figures("findings-figures", []); $("findings-base").textContent = "no analyser report in this build";
            table("findings", headers, [], "no findings"); return;
          }
          figures("findings-figures", [["new", findings.newCount], ["unchanged", findings.unchanged], ["fixed", findings.fixed], ["suppressed", findings.suppressed || 0]]);
          const base = findings.base;
          if (base) { $("findings-base").replaceChildren("compared with ", link("/builds/" + base.buildID, "build " + base.buildID), " on " + base.branch + (base.explanation ? ": " + base.explanation : "")); }
          else { $("findings-base").textContent = "no earlier build of the target branch has findings, so every " + (findings.suppressed > 0 ? "unsuppressed " : "") + "finding is new"; }
          const rank = {error: 0, warning: 1, note: 2, none: 3};
          const sorted = (findings.new || []).slice().sort((a, b) => (rank[a.level] ?? 4) - (rank[b.level] ?? 4) || (a.path || "").localeCompare(b.path || "") || (a.line || 0) - (b.line || 0));
          const rows = sorted.slice(0, findingsShown).map((f) => [
            [f.level, f.level], [f.tool + " " + f.ruleID], [f.path ? f.path + (f.line ? ":" + f.line : "") : ""], [f.message],
          ]);
          if (sorted.length > findingsShown) { rows.push([[""], ["…"], [""], ["and " + (sorted.length - findingsShown) + " more: GET /api/v1/builds/" + findings.buildID + "/findings"]]); }
          table("findings", headers, rows, "nothing new");
        }
        """#
}
