import Hummingbird

/// `GET /`: the HTML dashboard, one self-contained page (no external scripts, styles or fonts).
///
/// The page itself holds no data and needs no token to load; its script reads a read-scope
/// token from the URL fragment (`/#token=…`, never sent to the server or its logs) or a form,
/// keeps it in the tab's session storage, then fetches `GET /api/v1/dashboard` and
/// `GET /feed.json` and draws the build-time and cache-hit-rate charts as inline SVG.
struct DashboardPage: APIController {
    var routes: [Route] {
        [
            Route(.get, "/", scope: nil) { _, _ in
                Response(
                    status: .ok,
                    headers: [
                        .contentType: "text/html; charset=utf-8",
                        // Only our own inline script and same-origin fetches.
                        .init("Content-Security-Policy")!: "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:",
                    ],
                    body: .init(byteBuffer: ByteBuffer(string: Self.html))
                )
            },
        ]
    }

    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>MobileOps dashboard</title>
        <style>
        body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1d2330}
        header{background:#1d2330;color:#fff;padding:12px 20px;display:flex;justify-content:space-between;align-items:center}
        main{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:16px;padding:16px}
        section{background:#fff;border-radius:8px;padding:12px 16px;box-shadow:0 1px 2px #0002}
        h1{font-size:18px;margin:0}h2{font-size:15px;margin:0 0 8px}
        table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:3px 6px;border-bottom:1px solid #eee;font-size:13px}
        .figures{display:flex;gap:24px}.figure b{display:block;font-size:24px}
        .passed{color:#137333}.failed,.timed_out,.lost{color:#c5221f}.running,.assigned{color:#1a73e8}.canceled{color:#777}
        svg{width:100%;height:160px}svg .line{fill:none;stroke-width:2}svg .axis{stroke:#bbb}svg text{font-size:10px;fill:#666}
        #login{padding:20px}#error{color:#c5221f;padding:0 20px}
        </style></head>
        <body data-state="loading">
        <header><h1>MobileOps</h1><span id="generated"></span></header>
        <form id="login" hidden><label>Read token <input id="token" type="password" size="40"></label> <button>Show</button></form>
        <p id="error" hidden></p>
        <main id="content" hidden>
          <section><h2>Queue and agents</h2><div class="figures" id="figures"></div></section>
          <section><h2>Run time (p50 per day, minutes)</h2><svg id="chart-build-time" data-chart="build-time" viewBox="0 0 400 160" preserveAspectRatio="none"></svg></section>
          <section><h2>Cache hit rate (per day, %)</h2><svg id="chart-cache" data-chart="cache-hit-rate" viewBox="0 0 400 160" preserveAspectRatio="none"></svg></section>
          <section><h2>Waiting cost</h2><div class="figures" id="waiting"></div></section>
          <section><h2>Recent builds</h2><table id="builds"></table></section>
          <section><h2>Regressions</h2><table id="regressions"></table></section>
          <section><h2>Feed</h2><table id="feed"></table></section>
        </main>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        function token() {
          const match = location.hash.match(/token=([^&]+)/);
          if (match) { sessionStorage.setItem("mobileOpsToken", decodeURIComponent(match[1])); history.replaceState(null, "", location.pathname); }
          return sessionStorage.getItem("mobileOpsToken");
        }
        async function get(path) {
          const response = await fetch(path, {headers: {"Authorization": "Bearer " + token(), "Accept": "application/json"}});
          if (!response.ok) { throw new Error(path + " answered " + response.status); }
          return response.json();
        }
        function cell(row, text, className) { const td = row.insertCell(); td.textContent = text ?? ""; if (className) td.className = className; }
        function table(id, headers, rows) {
          const element = $(id); element.replaceChildren();
          const head = element.createTHead().insertRow();
          for (const h of headers) { const th = document.createElement("th"); th.textContent = h; head.appendChild(th); }
          const body = element.createTBody();
          for (const values of rows) { const row = body.insertRow(); for (const [text, cls] of values) cell(row, text, cls); }
          if (rows.length === 0) { cell(body.insertRow(), "none"); }
        }
        function figures(id, pairs) {
          $(id).replaceChildren(...pairs.map(([label, value]) => {
            const div = document.createElement("div"); div.className = "figure";
            const b = document.createElement("b"); b.textContent = value; div.append(b, label); return div;
          }));
        }
        function chart(id, points, color, format) {
          const svg = $(id); svg.replaceChildren();
          const ns = "http://www.w3.org/2000/svg";
          const add = (name, attributes, text) => { const e = document.createElementNS(ns, name); for (const k in attributes) e.setAttribute(k, attributes[k]); if (text !== undefined) e.textContent = text; svg.appendChild(e); return e; };
          add("line", {x1: 30, y1: 140, x2: 400, y2: 140, class: "axis"});
          const values = points.map((p) => p.value).filter((v) => v !== null && v !== undefined);
          const top = Math.max(1e-9, ...values);
          const x = (i) => 30 + (points.length > 1 ? i * 365 / (points.length - 1) : 0);
          const y = (v) => 140 - v / top * 125;
          let path = "", pen = "M";
          points.forEach((p, i) => { if (p.value === null || p.value === undefined) { pen = "M"; return; } path += pen + x(i).toFixed(1) + " " + y(p.value).toFixed(1) + " "; pen = "L"; });
          add("path", {d: path.trim() || "M30 140", class: "line", stroke: color, "data-points": values.length});
          points.forEach((p, i) => { if (p.value !== null && p.value !== undefined) add("circle", {cx: x(i), cy: y(p.value), r: 2, fill: color}); });
          add("text", {x: 0, y: 18}, format(top));
          add("text", {x: 0, y: 140}, "0");
          if (points.length) { add("text", {x: 30, y: 155}, points[0].day); add("text", {x: 340, y: 155}, points[points.length - 1].day); }
        }
        const duration = (s) => s === null || s === undefined ? "" : s < 60 ? s.toFixed(1) + " s" : (s / 60).toFixed(1) + " min";
        async function load() {
          if (!token()) { $("login").hidden = false; document.body.dataset.state = "needs-token"; return; }
          try {
            const [dashboard, feed] = await Promise.all([get("/api/v1/dashboard"), get("/feed.json")]);
            $("generated").textContent = "updated " + dashboard.generatedAt;
            const agents = dashboard.agents.byState || {};
            figures("figures", [["pending jobs", dashboard.queue.pending], ["running jobs", dashboard.queue.running],
              ...Object.keys(agents).sort().map((state) => [state + " agents", agents[state]])]);
            chart("chart-build-time", dashboard.trends.map((t) => ({day: t.day, value: t.runP50Seconds === undefined || t.runP50Seconds === null ? null : t.runP50Seconds / 60})), "#1a73e8", (v) => v.toFixed(1));
            chart("chart-cache", dashboard.cache.trend.map((t) => ({day: t.day, value: t.hitRate === undefined || t.hitRate === null ? null : t.hitRate * 100})), "#137333", (v) => v.toFixed(0) + "%");
            figures("waiting", [["developer-hours waiting (30 days)", (dashboard.waiting.totalHours || 0).toFixed(1)], ["builds waited on", dashboard.waiting.waitedBuilds || 0]]);
            table("builds", ["#", "pipeline", "branch", "state", "queue", "run", "total"], dashboard.recentBuilds.map((b) =>
              [[b.number], [b.pipeline], [b.branch], [b.state, b.state], [duration(b.queueSeconds)], [duration(b.runSeconds)], [duration(b.totalSeconds)]]));
            table("regressions", ["series", "metric", "change", "detected"], dashboard.regressions.map((r) =>
              [[r.repository + " " + r.pipeline + " " + r.platform], [r.metric], [r.changePercent !== undefined ? r.changePercent.toFixed(0) + "%" : ""], [r.detectedAt]]));
            table("feed", ["when", "event"], (feed.items || []).slice(0, 20).map((item) => [[item.date_published], [item.title || item.content_text]]));
            $("content").hidden = false;
            document.body.dataset.state = "ready";
          } catch (error) {
            $("error").textContent = String(error); $("error").hidden = false;
            document.body.dataset.state = "error";
          }
        }
        $("login").addEventListener("submit", (event) => { event.preventDefault(); sessionStorage.setItem("mobileOpsToken", $("token").value); $("login").hidden = true; load(); });
        load();
        setInterval(() => { if (document.body.dataset.state === "ready") load(); }, 30000);
        </script>
        </body></html>
        """
}
