// MARK: - The overview and a build's page

extension WebPage {
    /// `/`: the queue, agents and devices, run-time and cache charts, test health, waiting cost,
    /// findings, recent builds, regressions, releases and the feed. The feed links to the
    /// sections `#regressions`, `#test-health` and `#releases`.
    static let overview = WebPage(
        section: .overview, title: "Overview",
        main: """
            <h1>Overview</h1>
            <section><h2>Queue</h2><div class="figures" id="figures"></div><table id="pending"></table></section>
            <section><h2>Agents</h2><table id="agents"></table></section>
            <section><h2>Devices</h2><table id="devices"></table></section>
            <section><h2>Run time (p50 of builds finished per day)</h2><svg id="chart-build-time" data-chart="build-time" viewBox="0 0 400 170" preserveAspectRatio="none" role="img" aria-label="Run time per day"></svg></section>
            <section><h2>Queue time (p50 of builds finished per day)</h2><svg id="chart-queue-time" data-chart="queue-time" viewBox="0 0 400 170" preserveAspectRatio="none" role="img" aria-label="Queue time per day"></svg></section>
            <section><h2>Cache hit rate from build logs (per day)</h2><svg id="chart-cache" data-chart="cache-hit-rate" viewBox="0 0 400 170" preserveAspectRatio="none" role="img" aria-label="Cache hit rate from build logs per day"></svg></section>
            <section><h2>Build cache hit rate, served by MobileOps (per day)</h2><div class="figures" id="build-cache-figures"></div>
              <svg id="chart-build-cache" data-chart="build-cache-hit-rate" viewBox="0 0 400 170" preserveAspectRatio="none" role="img" aria-label="Build cache hit rate per day"></svg></section>
            <section><h2>Test health</h2><div class="figures" id="test-figures"></div><table id="test-health"></table></section>
            <section><h2>Slowest tests (p50, 30 days)</h2><table id="slowest-tests"></table></section>
            <section><h2>Waiting cost</h2><div class="figures" id="waiting"></div></section>
            <section><h2>Findings on the default branch (per day)</h2><label class="muted">Repository <select id="findings-repository"></select></label>
              <div class="figures" id="findings-trend-figures"></div><svg id="chart-findings" data-chart="findings" viewBox="0 0 400 170" preserveAspectRatio="none" role="img" aria-label="Findings per day"></svg>
              <table id="findings-growing"></table></section>
            <section class="wide"><h2>Recent builds</h2><table id="builds"></table></section>
            <section><h2>Regressions</h2><table id="regressions"></table></section>
            <section><h2>Releases</h2><table id="releases"></table></section>
            <section><h2>Feed</h2><table id="feed"></table></section>
            """,
        script: overviewScript + servedCacheScript + findingsScript, mainID: "overview")

    /// `/builds/{id}`: a build's facts and actions, jobs, failed tests first, device runs,
    /// findings, logs, artifacts, build-cache use and UI-test selection.
    static let build = WebPage(
        section: .builds, title: "Build",
        main: """
            \(heading(of: "build", title: "Build"))
            <section class="wide"><h2>Build</h2><table id="build-facts"></table></section>
            <section class="wide"><h2>Jobs</h2><table id="jobs"></table></section>
            <section class="wide"><h2>Test results</h2><table id="tests"></table></section>
            <section class="wide" id="device-runs" hidden><h2>Tests on devices</h2><table id="device-timeline"></table><table id="device-tests"></table></section>
            <section class="wide"><h2>Findings</h2><div class="figures" id="findings-figures"></div><p id="findings-base" class="muted"></p><table id="findings"></table></section>
            <section class="wide"><h2>Logs</h2><div class="toolbar"><label>Find in logs <input id="log-search" type="search"></label>
              <span id="log-search-count" class="muted" aria-live="polite"></span></div><div id="logs"></div></section>
            <section><h2>Artifacts</h2><table id="artifacts"></table></section>
            <section><h2>Build cache</h2><div class="figures" id="build-cache"></div></section>
            <section><h2>UI test selection</h2><div id="impact"></div></section>
            """,
        script: buildScript + buildActionsScript + logScript + findingsScript, mainID: "build")
}
