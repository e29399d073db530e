// MARK: - A release's page

extension WebPage {
    /// Draws `/releases/{id}` from `GET /api/v1/releases/{id}` and its train's definition.
    static let releaseScript = #"""
        const releaseActions = ["advance", "halt", "resume", "cancel", "fail"];
        const endedStates = ["released", "canceled", "failed"];
        async function showPage() {
          const id = location.pathname.split("/")[2];
          const release = await get("/api/v1/releases/" + id);
          const train = await optional("/api/v1/trains/" + release.trainID);
          const name = release.train + " " + release.version + (release.kind === "hotfix" ? " (hotfix)" : "");
          document.title = name + " · MobileOps";
          $("release-title").textContent = name + " · " + release.state.replace(/_/g, " ");
          showReleaseBanner(release);
          showReleaseActions(release, name);
          table("release-stores", ["store", "state", "share", "store's own state"], [["App Store", release.stores && release.stores.ios], ["Google Play", release.stores && release.stores.android]]
            .filter(([, store]) => store).map(([label, store]) => [[label], [store.state.replace(/_/g, " "), store.state], [store.percent + "%"], [store.storeState || ""]]), "no store in this release");
          table("release-signoff", ["gate", "signed off", ""], (release.requiredGates || []).map((gate) => {
            const approval = (release.approvals || []).find((a) => a.gate === gate);
            const button = !approval && (release.allowedActions || []).includes("approve")
              ? actionButton("Sign off " + gate, "write", ["Sign off " + gate + " for " + name + "?",
                  "Records your sign-off for " + gate + ". Once every gate is signed, the next check submits the build to App Store review (as a phased release that has not started) and puts it on Google Play's track as a draft."],
                  () => send("POST", "/api/v1/releases/" + release.id + "/approve", {gate}))
              : "";
            return [[gate], [approval ? approval.by + ", " + when(approval.at) : "not yet", approval ? "passed" : "muted"], [button]];
          }), "no sign-off gates");
          const rules = (train && train.definition && train.definition.health) || [];
          table("release-health", ["metric", "halts when", "from a sample of"], rules.map((r) => [[r.metric.replace(/_/g, " ")], [r.comparator + " " + r.threshold], [r.min_sample]]), "no health rules");
          const health = (release.events || []).filter((e) => e.action === "health").pop();
          $("release-health-latest").textContent = health ? "Latest report, " + when(health.at) + " — " + (health.detail || "no detail") : "No health report yet.";
          table("release-facts", ["branch", "build", "started", "updated"], [[
            [release.branch], [release.rcBuild ? link("/builds/" + release.rcBuild.id, "#" + release.rcBuild.number + " " + release.rcBuild.state) : "none yet"],
            [when(release.createdAt)], [when(release.updatedAt)],
          ]]);
          const timeline = $("release-timeline"); timeline.replaceChildren();
          // Health reports come often: the latest is under Health, the timeline keeps the steps.
          const events = (release.events || []).filter((e) => e.action !== "health");
          events.forEach((event, index) => {
            const item = document.createElement("li");
            if (index === events.length - 1) { item.className = "current"; }
            const moved = event.from && event.to && event.from !== event.to ? ": " + event.from.replace(/_/g, " ") + " → " + event.to.replace(/_/g, " ") : "";
            item.textContent = when(event.at) + " · " + event.action.replace(/_/g, " ") + moved + " · " + event.actor + (event.detail ? " · " + event.detail : "");
            timeline.append(item);
          });
          if (events.length === 0) { timeline.textContent = "nothing yet"; }
          return endedStates.includes(release.state) ? null : 15;
        }
        /// A halted, blocked or failed release says why, in words, at the top.
        function showReleaseBanner(release) {
          let why = "";
          if (release.state === "halted") { why = "Halted" + (release.haltedFrom ? " during " + release.haltedFrom.replace(/_/g, " ") : "") + ": " + (release.reason || "no reason given"); }
          else if (release.state === "failed" || release.state === "canceled") { why = release.state[0].toUpperCase() + release.state.slice(1) + ": " + (release.reason || "no reason given"); }
          if (release.problem) { why += (why ? " · " : "Blocked: ") + release.problem; }
          $("release-banner").textContent = why; $("release-banner").hidden = why === "";
        }
        /// The notes come from the git host's commits since the previous release: read once, when asked.
        $("release-notes-show").addEventListener("click", async () => {
          const notes = $("release-notes"); notes.hidden = false; notes.textContent = "reading the commits…";
          try {
            notes.textContent = await (await request("/api/v1/releases/" + location.pathname.split("/")[2] + "/notes?format=markdown")).text();
          } catch (error) {
            notes.textContent = "The notes could not be read: " + error.message;
          }
        });
        function showReleaseActions(release, name) {
          const bar = $("release-actions"); bar.replaceChildren();
          for (const action of releaseActions.filter((a) => (release.allowedActions || []).includes(a))) {
            const label = action[0].toUpperCase() + action.slice(1);
            bar.append(actionButton(label, "write", [label + " " + name + "?", actionEffect(action, release)],
              () => send("POST", "/api/v1/releases/" + release.id + "/" + action)), " ");
          }
        }
        """#
}
