// MARK: - Releases

extension WebPage {
    /// `/releases`: the trains (cadence, next start, what stops one from running) and their
    /// releases, newest first, each linking to its page.
    static let releases = WebPage(
        section: .releases, title: "Releases",
        main: """
            <h1>Releases</h1>
            <section class="wide"><h2>Trains</h2><table id="train-list"></table></section>
            <section class="wide"><h2>Releases</h2><table id="release-list"></table></section>
            """,
        script: #"""
            async function showPage() {
              const [trains, releases] = await Promise.all([get("/api/v1/trains"), get("/api/v1/releases?limit=100")]);
              table("train-list", ["train", "repository", "platforms", "cadence", "next start", "problems"], trains.trains.map((t) => [
                [t.name], [t.definition.repository], [(t.definition.platforms || []).join(", ")], [t.definition.cadence], [when(t.nextStart)],
                [(t.problems || []).join("; ") || "none", (t.problems || []).length ? "failed" : "muted"],
              ]), "no release train defined (docs/release-train.md)");
              table("release-list", ["release", "state", "App Store", "Google Play", "rollout", "started"], releases.releases.map((r) => [
                [link("/releases/" + r.id, r.train + " " + r.version + (r.kind === "hotfix" ? " (hotfix)" : ""))], [r.state.replace(/_/g, " "), r.state],
                [storeText(r.stores && r.stores.ios)], [storeText(r.stores && r.stores.android)], [r.rolloutPercent + "%"], [when(r.createdAt)],
              ]), "no releases yet");
              return releases.releases.some((r) => !["released", "canceled", "failed"].includes(r.state)) ? 15 : 60;
            }
            """# + releaseTextScript, mainID: "releases")

    /// `/releases/{id}`: why a halted or blocked release stopped, at the top; its state machine
    /// as a timeline; both stores' own states and shares side by side; the train's health
    /// rules and the latest report; sign-off per gate; the actions its state allows, each
    /// confirmed with what it does to each store; and its release notes, read from the git
    /// host on request (not on every refresh).
    static let release = WebPage(
        section: .releases, title: "Release",
        main: """
            \(heading(of: "release", title: "Release"))
            <section><h2>Stores</h2><table id="release-stores"></table></section>
            <section><h2>Sign-off</h2><table id="release-signoff"></table></section>
            <section><h2>Health</h2><table id="release-health"></table><p id="release-health-latest" class="muted"></p></section>
            <section><h2>Release candidate</h2><table id="release-facts"></table></section>
            <section class="wide"><h2>Timeline</h2><ol class="timeline" id="release-timeline"></ol></section>
            <section class="wide"><h2>Release notes</h2><p><button type="button" id="release-notes-show">Show the release notes</button></p>
              <pre id="release-notes" class="notes" hidden></pre></section>
            """,
        script: releaseScript + releaseTextScript, mainID: "release")

    /// Words for store states and what each action does to each store.
    static let releaseTextScript = #"""
        function storeText(store) {
          if (!store) { return "not in this release"; }
          return store.state.replace(/_/g, " ") + (store.percent ? " · " + store.percent + "%" : "") + (store.storeState ? " (" + store.storeState + ")" : "");
        }
        /// What `action` does to each store from the release's state, for the confirmation.
        function actionEffect(action, release) {
          const inRollout = release.state === "rolling_out" || release.haltedFrom === "rolling_out";
          const play = release.stores && release.stores.android, apple = release.stores && release.stores.ios;
          switch (action) {
            case "advance":
              if (release.state === "scheduled") { return "Cuts the release branch " + release.branch + " through the git host (or finds it when it was pushed by hand)."; }
              if (release.state === "branch_cut") { return "Starts the release-candidate build on " + release.branch + "."; }
              if (release.state === "building_rc") { return "Records the release candidate as passed without waiting for its build."; }
              if (release.state === "rolling_out") { return "Records the release as released by hand. No store is called: Apple's phased release goes on by itself, and Google Play stays at " + (play ? play.percent : 0) + "% (recorded by hand)."; }
              return "Records the next step as seen by a person (review approved, submitted). No store is called.";
            case "halt":
              if (inRollout) { return "App Store Connect: the phased release is paused. Google Play: the track is halted at " + (play ? play.percent : 0) + "%. Resume continues both where they stopped."; }
              return "No store is called: App Store review goes on, and an approved version waits for you (pending developer release) until the release is resumed; Google Play keeps its draft.";
            case "resume":
              return "Undoes the halt on the stores it stopped (" + ((release.store && release.store.haltedStores) || []).join(", ") + "): App Store Connect's phased release is made active again, Google Play's rollout continues at its share. The soak time does not count the halt.";
            case "cancel":
              return "Ends the release canceled. A version in App Store review is withdrawn (developer rejected); Google Play's draft stays a draft and is never rolled out.";
            case "fail":
              return "Ends the release failed. " + (inRollout ? "The App Store phased release is paused and the Google Play track is halted." : "A version in App Store review is withdrawn.");
            default:
              return "";
          }
        }
        """#
}
