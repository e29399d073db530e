// MARK: - Shared script

extension WebPage {
    /// Token handling, the caller's scopes, fetching and actions (each confirmed in a dialog
    /// that says what it does), formatting in the viewer's time zone, tables and charts, and
    /// the start-up and refresh loop every page shares.
    static let commonScript = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);
        class HTTPError extends Error { constructor(path, status) { super(path + " answered " + status); this.status = status; } }
        function token() {
          const match = location.hash.match(/token=([^&]+)/);
          if (match) { sessionStorage.setItem("mobileOpsToken", decodeURIComponent(match[1])); history.replaceState(null, "", location.pathname); }
          return sessionStorage.getItem("mobileOpsToken");
        }
        async function request(path, options) {
          const init = options || {};
          const headers = {"Authorization": "Bearer " + token(), "Accept": "application/json"};
          if (init.body !== undefined) { headers["Content-Type"] = "application/json"; }
          const response = await fetch(path, {method: init.method || "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body)});
          if (!response.ok) {
            const error = new HTTPError(path, response.status);
            try { const answer = await response.json(); if (answer.error && answer.error.message) { error.message = answer.error.message; } } catch (ignored) { }
            throw error;
          }
          return response;
        }
        async function get(path) { return (await request(path)).json(); }
        /// A route that may not answer (404): null instead of an error.
        async function optional(path) { try { return await get(path); } catch (error) { if (error.status === 404) { return null; } throw error; } }
        function link(href, text) { const a = document.createElement("a"); a.href = href; a.textContent = text; return a; }
        function cell(row, value, className) {
          const td = row.insertCell();
          if (value instanceof Node) { td.appendChild(value); } else { td.textContent = value ?? ""; }
          if (className) { td.className = className; }
        }
        function table(id, headers, rows, empty) {
          const element = $(id); element.replaceChildren();
          const head = element.createTHead().insertRow();
          for (const h of headers) { const th = document.createElement("th"); th.textContent = h; head.appendChild(th); }
          const body = element.createTBody();
          for (const values of rows) { const row = body.insertRow(); for (const [value, cls] of values) { cell(row, value, cls); } }
          if (rows.length === 0) { const td = body.insertRow().insertCell(); td.colSpan = headers.length; td.className = "muted"; td.textContent = empty || "none"; }
        }
        function figures(id, pairs) {
          $(id).replaceChildren(...pairs.map(([label, value]) => {
            const div = document.createElement("div"); div.className = "figure";
            const b = document.createElement("b"); b.textContent = value; div.append(b, label); return div;
          }));
        }
        /// Seconds below a minute, minutes below an hour, then hours.
        function duration(s) {
          if (s === null || s === undefined || isNaN(s)) { return ""; }
          if (s < 60) { return (s < 10 ? s.toFixed(1) : s.toFixed(0)) + " s"; }
          if (s < 3600) { return (s / 60).toFixed(1) + " min"; }
          return (s / 3600).toFixed(1) + " h";
        }
        function between(from, to) { return from && to ? Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000) : null; }
        function day(iso) { return new Date(iso).toLocaleDateString("en", {month: "short", day: "numeric", timeZone: "UTC"}); }
        /// A moment in the viewer's own time zone, e.g. "Nov 28, 14:05".
        function when(iso) { return iso ? new Date(iso).toLocaleString(undefined, {month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"}) : ""; }
        /// A device's row, as the overview and the devices page show it: name, agent, platform,
        /// OS, state, the batch it runs, and its health.
        function deviceCells(d) {
          return [
            [(d.model || d.identifier) + " (" + d.kind + ")"], [d.agentName + (d.agentState === "offline" ? " (offline)" : "")], [d.platform],
            [d.osVersion || ""], [d.state + (d.detail ? ": " + d.detail : ""), "device-" + d.state],
            d.batch === null || d.batch === undefined ? [""] : [link("/builds/" + d.batchBuildID, "batch " + d.batch)],
            d.quarantineReason ? ["quarantined: " + d.quarantineReason, "device-quarantined"]
              : [(d.infrastructureFailures || []).length ? (d.infrastructureFailures.length + " recent failure(s): " + d.infrastructureFailures[0].reason) : "ok"],
          ];
        }
        /// Quarantined devices first, then by recent failures.
        function deviceHealth(d) { return (d.quarantineReason ? 1000 : 0) + (d.infrastructureFailures || []).length; }
        function buildName(b) { return (b.repository ? b.repository + " " : "") + b.pipeline + " #" + b.number; }
        /// 1, 2, 2.5 or 5 times a power of ten, at least `value`: the top of a chart's axis.
        function niceTop(value) {
          if (!(value > 0)) { return 1; }
          const power = Math.pow(10, Math.floor(Math.log10(value)));
          for (const m of [1, 2, 2.5, 5, 10]) { if (m * power >= value) { return m * power; } }
          return 10 * power;
        }
        function chart(id, points, color, format) {
          const svg = $(id); svg.replaceChildren();
          const ns = "http://www.w3.org/2000/svg";
          const add = (name, attributes, text) => { const e = document.createElementNS(ns, name); for (const k in attributes) { e.setAttribute(k, attributes[k]); } if (text !== undefined) { e.textContent = text; } svg.appendChild(e); return e; };
          const known = points.filter((p) => p.value !== null && p.value !== undefined);
          if (known.length === 0) { add("text", {x: 200, y: 85, "text-anchor": "middle", class: "empty"}, "no data yet"); return; }
          const top = niceTop(Math.max(...known.map((p) => p.value)));
          const x = (i) => 40 + (points.length > 1 ? i * 350 / (points.length - 1) : 175);
          const y = (v) => 145 - v / top * 130;
          for (const tick of [0, top / 2, top]) {
            add("line", {x1: 40, y1: y(tick), x2: 395, y2: y(tick), class: "axis"});
            add("text", {x: 36, y: y(tick) + 3, "text-anchor": "end"}, format(tick));
          }
          let path = "", pen = "M";
          points.forEach((p, i) => { if (p.value === null || p.value === undefined) { pen = "M"; return; } path += pen + x(i).toFixed(1) + " " + y(p.value).toFixed(1) + " "; pen = "L"; });
          add("path", {d: path.trim(), class: "line", stroke: color, "data-points": known.length});
          points.forEach((p, i) => { if (p.value !== null && p.value !== undefined) { add("circle", {cx: x(i), cy: y(p.value), r: 2.5, fill: color}); } });
          add("text", {x: 40, y: 163, "text-anchor": "start"}, day(points[0].day));
          if (points.length > 2) { add("text", {x: x(Math.floor((points.length - 1) / 2)), y: 163, "text-anchor": "middle"}, day(points[Math.floor((points.length - 1) / 2)].day)); }
          if (points.length > 1) { add("text", {x: 395, y: 163, "text-anchor": "end"}, day(points[points.length - 1].day)); }
        }
        function showLogin(message) {
          sessionStorage.removeItem("mobileOpsToken");
          $("login-message").textContent = message;
          for (const main of document.querySelectorAll("main")) { main.hidden = true; }
          $("error").hidden = true;
          $("login").hidden = false;
          document.body.dataset.state = "needs-token";
        }
        function showError(error) { $("error").textContent = String(error.message || error); $("error").hidden = false; }
        /// The calling token (`GET /api/v1/me`): its name and scopes in the header; links and
        /// actions it may not use are not offered.
        let caller = null;
        function may(scope) { return !!caller && caller.scopes.some((s) => s === "admin" || s === scope || (scope === "read" && s === "write")); }
        function showCaller() {
          $("caller").textContent = caller.name + " (" + caller.scopes.join(", ") + ")";
          for (const item of document.querySelectorAll("nav li[data-scope]")) { item.hidden = !may(item.dataset.scope); }
        }
        /// A button for an action the caller's token may take, or nothing. `confirmation` is
        /// `[title, what it does]`; the action runs only once the dialog is confirmed, then the
        /// page is drawn again.
        function actionButton(label, scope, confirmation, run) {
          if (!may(scope)) { return document.createTextNode(""); }
          const button = document.createElement("button"); button.type = "button"; button.textContent = label;
          button.dataset.action = label.toLowerCase().replace(/[^a-z0-9]+/g, "-");
          button.addEventListener("click", async () => {
            if (confirmation && !(await confirmed(confirmation[0], confirmation[1]))) { return; }
            button.disabled = true;
            try { await run(); $("error").hidden = true; await refresh(); } catch (error) { showError(error); } finally { button.disabled = false; }
          });
          return button;
        }
        function confirmed(title, text) {
          const dialog = $("confirm");
          $("confirm-title").textContent = title; $("confirm-text").textContent = text;
          return new Promise((resolve) => {
            dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), {once: true});
            dialog.returnValue = ""; dialog.showModal(); $("confirm-cancel").focus();
          });
        }
        async function send(method, path, body) { const response = await request(path, {method, body}); return response.status === 204 ? null : response.json(); }
        /// Draws the page; `showPage()` answers the seconds until it wants to be drawn again.
        /// Nothing is fetched while the tab is hidden; it is drawn again when it shows.
        let nextDraw = null, wanted = null;
        async function refresh() {
          clearTimeout(nextDraw);
          wanted = await showPage();
          // When the page was first drawn with its data, for the browser test to report.
          if (!document.body.dataset.drawnAt) { document.body.dataset.drawnAt = String(Math.round(performance.now())); }
          document.body.dataset.state = "ready";
          for (const main of document.querySelectorAll("main")) { main.hidden = false; }
          if (wanted && document.visibilityState === "visible") { nextDraw = setTimeout(() => refresh().catch(failed), wanted * 1000); }
        }
        function failed(error) {
          if (error.status === 401 || error.status === 403 && !caller) { showLogin("The token was rejected (" + error.status + "): enter another one."); return; }
          showError(error);
          document.body.dataset.state = "error";
          // A server restarting or a network that dropped: try again in a while, not at once.
          if (caller) { clearTimeout(nextDraw); nextDraw = setTimeout(() => refresh().then(() => { $("error").hidden = true; }).catch(failed), 30000); }
        }
        document.addEventListener("visibilitychange", () => {
          if (document.visibilityState === "visible" && wanted && document.body.dataset.state === "ready") { refresh().catch(failed); }
          if (document.visibilityState === "hidden") { clearTimeout(nextDraw); }
        });
        async function start() {
          if (!token()) { showLogin("Enter a token with the read scope."); return; }
          try {
            caller = await get("/api/v1/me");
            showCaller();
            await refresh();
          } catch (error) { failed(error); }
        }
        $("login").addEventListener("submit", (event) => {
          event.preventDefault();
          sessionStorage.setItem("mobileOpsToken", $("token").value);
          $("token").value = ""; $("login").hidden = true; start();
        });
        """#
}
