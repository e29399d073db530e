// MARK: - Pipelines

extension WebPage {
    /// `/pipelines`: each loaded pipeline (its file, steps, and whether the last good
    /// definition is served because the file has an error), its success rate and p50 run time
    /// over its 20 newest builds, a chart of their run times, and links to them.
    static let pipelines = WebPage(
        section: .pipelines, title: "Pipelines",
        main: """
            <h1>Pipelines</h1>
            <p id="pipeline-diagnostics" class="banner" hidden></p>
            <div id="pipeline-list" class="wide"></div>
            """,
        script: #"""
            /// Builds of each pipeline the page reads: enough for a trend, little for the server.
            const pipelineBuilds = 20;
            function median(values) { if (values.length === 0) { return null; } const s = values.slice().sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; }
            async function showPage() {
              const listing = await get("/api/v1/pipelines");
              $("pipeline-diagnostics").textContent = listing.diagnostics.length ? "Pipeline files with problems: " + listing.diagnostics.join("; ") : "";
              $("pipeline-diagnostics").hidden = listing.diagnostics.length === 0;
              const names = [...new Set(listing.pipelines.map((p) => p.name))];
              const pages = await Promise.all(names.map((name) => get("/api/v1/builds?limit=" + pipelineBuilds + "&pipeline=" + encodeURIComponent(name))));
              const container = $("pipeline-list"); container.replaceChildren();
              let running = false;
              names.forEach((name, index) => {
                const definition = listing.pipelines.find((p) => p.name === name);
                const builds = pages[index].builds;
                running = running || builds.some((b) => b.state === "pending" || b.state === "running");
                const finished = builds.filter((b) => ["passed", "failed"].includes(b.state));
                const times = finished.map((b) => between(b.startedAt, b.finishedAt)).filter((t) => t !== null);
                const section = document.createElement("section"); section.className = "wide"; section.id = "pipeline-" + index;
                const title = document.createElement("h2"); title.append(link("/builds?pipeline=" + encodeURIComponent(name), name));
                const facts = document.createElement("p"); facts.className = "muted";
                facts.textContent = definition.file + " · steps: " + definition.steps.join(", ") + (definition.served === "last_good" ? " · serving the last good definition: the file has an error" : "");
                const numbers = document.createElement("div"); numbers.className = "figures"; numbers.id = "pipeline-figures-" + index;
                const ns = "http://www.w3.org/2000/svg";
                const svg = document.createElementNS(ns, "svg"); svg.id = "pipeline-chart-" + index; svg.setAttribute("viewBox", "0 0 400 170"); svg.setAttribute("preserveAspectRatio", "none");
                svg.setAttribute("role", "img"); svg.setAttribute("aria-label", "Run time of " + name + "'s recent builds");
                const list = document.createElement("table"); list.id = "pipeline-builds-" + index;
                section.append(title, facts, numbers, svg, list); container.append(section);
                figures(numbers.id, [["builds shown", builds.length], ["passed", finished.length ? Math.round(100 * finished.filter((b) => b.state === "passed").length / finished.length) + "%" : "none"], ["p50 run time", duration(median(times))]]);
                const inMinutes = times.length > 0 && Math.max(...times) >= 120;
                chart(svg.id, finished.slice().reverse().map((b) => ({day: b.createdAt, value: inMinutes ? between(b.startedAt, b.finishedAt) / 60 : between(b.startedAt, b.finishedAt)})),
                  "#1a73e8", (v) => (Number.isInteger(v) ? v : v.toFixed(1)) + (inMinutes ? " min" : " s"));
                table(list.id, ["build", "branch", "state", "created", "took"], builds.slice(0, 5).map((b) => [
                  [link("/builds/" + b.id, "#" + b.number)], [b.branch || b.tag || ""], [b.state, b.state], [when(b.createdAt)], [duration(between(b.startedAt, b.finishedAt))],
                ]), "no builds yet");
              });
              if (names.length === 0) { container.textContent = "No pipeline is loaded: add one under the pipelines folder (docs/pipelines.md)."; }
              return running ? 15 : 60;
            }
            """#, mainID: "pipelines")
}
