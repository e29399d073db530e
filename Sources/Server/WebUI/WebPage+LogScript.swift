// MARK: - Logs

extension WebPage {
    /// A job's log as numbered lines: ANSI colours (SGR bold and the 16 colours; other escape
    /// sequences dropped, a carriage return keeps what follows it), a fold per command the
    /// agent ran (`$ …`) and per section marker (`--- `, `+++ `, `~~~ `, as Buildkite writes
    /// them), an anchor per line (`#L<job>-<line>`, opened and scrolled to when the page is
    /// opened at it), and a search over every log of the build that opens the folds it hits.
    static let logScript = #"""
        /// Lines drawn per job; past it the page says so instead of growing without bound.
        const logLineLimit = 50000;
        const escapeSequence = /\x1b\[[0-9;?]*[A-Za-z]/g;
        class LogView {
          constructor(job, element) { this.job = job; this.element = element; this.section = element; this.count = 0; this.rest = ""; element.replaceChildren(); }
          /// Appends text as it arrives; a partial last line waits for the rest unless `final`.
          add(text, final) {
            const lines = (this.rest + text).split("\n");
            this.rest = final ? "" : lines.pop();
            if (final && lines[lines.length - 1] === "") { lines.pop(); }
            for (const line of lines) { this.line(line); }
            if (final) { this.finish(); }
          }
          line(raw) {
            if (this.count === logLineLimit) { const note = document.createElement("p"); note.textContent = "The log goes on past " + logLineLimit + " lines; the rest is not shown here."; this.element.append(note); }
            if (this.count >= logLineLimit) { this.count += 1; return; }
            const text = raw.split("\r").filter((part) => part !== "").pop() || "";
            const plain = text.replace(escapeSequence, "");
            this.count += 1;
            const line = document.createElement("span"); line.className = "line"; line.id = "L" + this.job.id + "-" + this.count;
            const number = document.createElement("a"); number.href = "#" + line.id; number.textContent = this.count; number.setAttribute("aria-label", "line " + this.count);
            line.append(number); appendAnsi(line, text);
            if (/^(\$ |--- |\+\+\+ |~~~ )/.test(plain)) {
              const fold = document.createElement("details"); fold.open = !plain.startsWith("~~~ ");
              const summary = document.createElement("summary"); summary.append(line); fold.append(summary);
              this.element.append(fold); this.section = fold;
            } else {
              this.section.append(line);
            }
          }
          /// A finished log keeps only its last fold open: where a failure usually is.
          finish() {
            const folds = this.element.querySelectorAll(":scope > details");
            folds.forEach((fold, index) => { fold.open = index === folds.length - 1; });
            if (this.count === 0) { this.element.textContent = "(no output)"; }
            showAnchoredLine();
            searchLogs();
          }
        }
        function appendAnsi(parent, text) {
          const sgr = /\x1b\[([0-9;]*)m/g;
          let classes = [], last = 0, match;
          const put = (part) => {
            const clean = part.replace(escapeSequence, "");
            if (clean === "") { return; }
            if (classes.length === 0) { parent.append(clean); return; }
            const span = document.createElement("span"); span.className = classes.join(" "); span.textContent = clean; parent.append(span);
          };
          while ((match = sgr.exec(text)) !== null) {
            put(text.slice(last, match.index)); last = sgr.lastIndex;
            for (const code of (match[1] || "0").split(";").map(Number)) {
              if (code === 0) { classes = []; }
              else if (code === 1) { classes = classes.filter((c) => c !== "ansi-bold").concat("ansi-bold"); }
              else if (code === 22) { classes = classes.filter((c) => c !== "ansi-bold"); }
              else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) { classes = classes.filter((c) => !/^ansi-3\d$/.test(c)).concat("ansi-" + (code >= 90 ? code - 60 : code)); }
              else if (code === 39) { classes = classes.filter((c) => !/^ansi-3\d$/.test(c)); }
            }
          }
          put(text.slice(last));
        }
        /// Opens the folds around `element` so it can be seen.
        function reveal(element) { for (let e = element.parentElement; e; e = e.parentElement) { if (e.tagName === "DETAILS") { e.open = true; } } }
        function showAnchoredLine() {
          const match = location.hash.match(/^#(L\d+-\d+)$/);
          const line = match && document.getElementById(match[1]);
          if (line && line.dataset.shown !== "true") { line.dataset.shown = "true"; reveal(line); line.scrollIntoView({block: "center"}); }
        }
        let searchHits = [], searchAt = -1;
        /// Marks every line of every log that holds the search text (at least 2 characters, any case).
        function searchLogs() {
          const query = $("log-search").value.trim().toLowerCase();
          for (const hit of searchHits) { hit.classList.remove("hit"); }
          searchHits = []; searchAt = -1;
          if (query.length >= 2) {
            for (const line of $("logs").querySelectorAll(".line")) {
              if ((line.textContent.slice(line.firstChild.textContent.length)).toLowerCase().includes(query)) { line.classList.add("hit"); reveal(line); searchHits.push(line); }
            }
          }
          $("log-search-count").textContent = query.length >= 2 ? searchHits.length + (searchHits.length === 1 ? " line matches" : " lines match") + (searchHits.length ? " (Enter: next)" : "") : "";
        }
        let searchTimer = null;
        $("log-search").addEventListener("input", () => { clearTimeout(searchTimer); searchTimer = setTimeout(searchLogs, 200); });
        $("log-search").addEventListener("keydown", (event) => {
          if (event.key !== "Enter" || searchHits.length === 0) { return; }
          event.preventDefault();
          searchAt = (searchAt + 1) % searchHits.length;
          searchHits[searchAt].scrollIntoView({block: "center"});
        });
        """#
}
