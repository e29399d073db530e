// MARK: - Builds

extension WebPage {
    /// `/builds`: every build, newest first, filtered by repository, pipeline, branch, author,
    /// pull request and state, 50 a page. The filters and the page are in the address
    /// (`/builds?pullRequest=12&status=failed`), so a filtered list is a link to share; a pull
    /// request's number links to all of its builds.
    static let builds = WebPage(
        section: .builds, title: "Builds",
        main: """
            <h1>Builds</h1>
            <form class="toolbar" id="build-filters">
              <label>Repository <select name="repository" id="filter-repository"><option value="">any</option></select></label>
              <label>Pipeline <select name="pipeline" id="filter-pipeline"><option value="">any</option></select></label>
              <label>Branch <input name="branch" id="filter-branch" size="14"></label>
              <label>Author <input name="author" id="filter-author" size="14"></label>
              <label>Pull request <input name="pullRequest" id="filter-pull-request" size="6" inputmode="numeric"></label>
              <label>State <select name="status" id="filter-status"><option value="">any</option>
                <option>pending</option><option>running</option><option>passed</option><option>failed</option><option>canceled</option></select></label>
              <button id="filter-apply">Show</button>
            </form>
            <section class="wide"><table id="build-list"></table>
              <p class="toolbar"><a id="page-newest" href="/builds">Newest</a> <a id="page-older" href="/builds">Older</a></p></section>
            """,
        script: buildsScript, mainID: "builds")

    static let buildsScript = #"""
        const filterNames = ["repository", "pipeline", "branch", "author", "pullRequest", "status"];
        function filtered(changes) {
          const query = new URLSearchParams(location.search);
          for (const [name, value] of Object.entries(changes)) { if (value === null || value === "") { query.delete(name); } else { query.set(name, value); } }
          const text = query.toString();
          return "/builds" + (text ? "?" + text : "");
        }
        function fillSelect(select, names) {
          const chosen = new URLSearchParams(location.search).get(select.name) || "";
          select.replaceChildren(new Option("any", ""), ...names.map((name) => new Option(name, name)));
          if (chosen && !names.includes(chosen)) { select.append(new Option(chosen, chosen)); }
          select.value = chosen;
        }
        let choicesLoaded = false;
        async function showPage() {
          const query = new URLSearchParams(location.search);
          if (!choicesLoaded) {
            const [repositories, pipelines] = await Promise.all([get("/api/v1/repositories"), get("/api/v1/pipelines")]);
            fillSelect($("filter-repository"), repositories.repositories.map((r) => r.name).sort());
            fillSelect($("filter-pipeline"), [...new Set(pipelines.pipelines.map((p) => p.name))].sort());
            for (const name of ["branch", "author", "status"]) { $("filter-" + name).value = query.get(name) || ""; }
            $("filter-pull-request").value = query.get("pullRequest") || "";
            choicesLoaded = true;
          }
          const api = new URLSearchParams();
          for (const name of filterNames.concat(["cursor"])) { if (query.get(name)) { api.set(name, query.get(name)); } }
          const page = await get("/api/v1/builds?" + api.toString());
          table("build-list", ["build", "branch or pull request", "author", "commit", "state", "created", "took"], page.builds.map((b) => {
            const where = document.createElement("span");
            where.append(b.branch || b.tag || "");
            if (b.pullRequest) { where.append(" ", link(filtered({pullRequest: b.pullRequest, cursor: null}), "PR #" + b.pullRequest)); }
            return [
              [link("/builds/" + b.id, buildName(b))], [where], [b.author || ""], [(b.commitSHA || "").slice(0, 8)], [b.state, b.state],
              [when(b.createdAt)], [duration(between(b.startedAt, b.finishedAt))],
            ];
          }), "no build matches");
          $("page-newest").href = filtered({cursor: null});
          $("page-older").hidden = !page.nextCursor;
          if (page.nextCursor) { $("page-older").href = filtered({cursor: page.nextCursor}); }
          // Running builds change every few seconds; a list of finished ones only when new ones come.
          return page.builds.some((b) => b.state === "pending" || b.state === "running") ? 10 : 60;
        }
        $("build-filters").addEventListener("submit", (event) => {
          event.preventDefault();
          const changes = {cursor: null};
          for (const element of $("build-filters").elements) { if (element.name) { changes[element.name] = element.value.trim(); } }
          history.pushState(null, "", filtered(changes));
          refresh().catch(failed);
        });
        window.addEventListener("popstate", () => { choicesLoaded = false; refresh().catch(failed); });
        """#
}
