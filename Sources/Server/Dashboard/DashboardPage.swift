import Hummingbird

/// `GET /` and `GET /builds/{id}`: the HTML dashboard, one self-contained page (no external
/// scripts, styles or fonts) that shows the overview or one build depending on its path.
///
/// The page itself holds no data and needs no token to load; its script reads a read-scope
/// token from the URL fragment (`/#token=…`, never sent to the server or its logs) or a form,
/// keeps it in the tab's session storage, then fetches the JSON API. A rejected token shows
/// the form again.
struct DashboardPage: APIController {
    var routes: [Route] {
        [
            Route(.get, "/", scope: nil, openAPI: OpenAPIOperation(
                "The dashboard page", tag: "dashboard",
                answers: [
                    OpenAPIOperation.Answer(200, "HTML; the page asks for a read token and calls the API itself.", content: ["text/html": .string]),
                ]
            )) { _, _ in Self.response() },
            Route(.get, "/builds/:id", scope: nil, openAPI: OpenAPIOperation(
                "A build's page", tag: "dashboard", operationID: "getBuildPage",
                parameters: [.path("id", .string)],
                answers: [
                    OpenAPIOperation.Answer(200, "HTML; the page asks for a read token and calls the API itself.", content: ["text/html": .string]),
                ]
            )) { _, _ in Self.response() },
        ]
    }

    /// The page, with a policy that allows only its own inline script and same-origin fetches.
    static func response() -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8",
                .init("Content-Security-Policy")!: "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:",
            ],
            body: .init(byteBuffer: ByteBuffer(string: html))
        )
    }

    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>MobileOps</title>
        <style>\(style)</style></head>
        <body data-state="loading">
        <header><h1><a href="/">MobileOps</a></h1><span id="generated"></span></header>
        <form id="login" hidden><p id="login-message">Enter a token with the read scope.</p>
        <label>Read token <input id="token" type="password" size="40" autocomplete="off"></label> <button id="login-button">Show</button></form>
        <p id="error" hidden></p>
        <main id="overview" hidden>
          <section><h2>Queue</h2><div class="figures" id="figures"></div><table id="pending"></table></section>
          <section><h2>Agents</h2><table id="agents"></table></section>
          <section><h2>Devices</h2><table id="devices"></table></section>
          <section><h2>Run time (p50 of builds finished per day)</h2><svg id="chart-build-time" data-chart="build-time" viewBox="0 0 400 170" preserveAspectRatio="none"></svg></section>
          <section><h2>Cache hit rate from build logs (per day)</h2><svg id="chart-cache" data-chart="cache-hit-rate" viewBox="0 0 400 170" preserveAspectRatio="none"></svg></section>
          <section><h2>Build cache hit rate, served by MobileOps (per day)</h2><div class="figures" id="build-cache-figures"></div>
            <svg id="chart-build-cache" data-chart="build-cache-hit-rate" viewBox="0 0 400 170" preserveAspectRatio="none"></svg></section>
          <section><h2>Test health</h2><div class="figures" id="test-figures"></div><table id="test-health"></table></section>
          <section><h2>Waiting cost</h2><div class="figures" id="waiting"></div></section>
          <section><h2>Findings on the default branch (per day)</h2><label class="muted">Repository <select id="findings-repository"></select></label>
            <div class="figures" id="findings-trend-figures"></div><svg id="chart-findings" data-chart="findings" viewBox="0 0 400 170" preserveAspectRatio="none"></svg>
            <table id="findings-growing"></table></section>
          <section class="wide"><h2>Recent builds</h2><table id="builds"></table></section>
          <section><h2>Regressions</h2><table id="regressions"></table></section>
          <section><h2>Releases</h2><table id="releases"></table></section>
          <section><h2>Feed</h2><table id="feed"></table></section>
        </main>
        <main id="build" hidden>
          <section class="wide"><h2 id="build-title"></h2><table id="build-facts"></table></section>
          <section class="wide"><h2>Jobs</h2><table id="jobs"></table></section>
          <section class="wide"><h2>Test results</h2><table id="tests"></table></section>
          <section class="wide" id="device-runs" hidden><h2>Tests on devices</h2><table id="device-timeline"></table><table id="device-tests"></table></section>
          <section class="wide"><h2>Findings</h2><div class="figures" id="findings-figures"></div><p id="findings-base" class="muted"></p><table id="findings"></table></section>
          <section class="wide"><h2>Logs</h2><div id="logs"></div></section>
          <section><h2>Artifacts</h2><table id="artifacts"></table></section>
          <section><h2>Build cache</h2><div class="figures" id="build-cache"></div></section>
          <section><h2>UI test selection</h2><div id="impact"></div></section>
        </main>
        <script>
        \(commonScript)
        \(overviewScript)
        \(servedCacheScript)
        \(findingsScript)
        \(buildScript)
        start();
        </script>
        </body></html>
        """

    /// The page's CSS. `[hidden]` wins over every layout rule, so a hidden part never shows.
    static let style = """
        [hidden]{display:none!important}
        body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1d2330}
        header{background:#1d2330;color:#fff;padding:12px 20px;display:flex;justify-content:space-between;align-items:center}
        header a{color:#fff;text-decoration:none}
        main{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:16px;padding:16px}
        section{background:#fff;border-radius:8px;padding:12px 16px;box-shadow:0 1px 2px #0002;overflow-x:auto}
        section.wide{grid-column:1/-1}
        h1{font-size:18px;margin:0}h2{font-size:15px;margin:0 0 8px}
        table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:3px 6px;border-bottom:1px solid #eee;font-size:13px;vertical-align:top}
        .figures{display:flex;gap:24px;margin-bottom:8px}.figure b{display:block;font-size:24px}
        .passed,.success{color:#137333}.failed,.failure,.timed_out,.lost{color:#c5221f}.running,.assigned{color:#1a73e8}.canceled,.skipped{color:#777}.error{color:#c5221f}.warning{color:#b06000}
        .device-ready{color:#137333}.device-booting,.device-connecting{color:#1a73e8}.device-shutdown,.device-configured{color:#777}
        .device-offline,.device-unauthorized,.device-no_permissions,.device-maintenance,.device-unavailable,.device-unknown,.device-quarantined{color:#c5221f}
        .batch{display:inline-block;padding:0 4px;margin:1px;border-radius:3px;background:#e6f4ea}.batch-device_failed{background:#fce8e6}.batch-failed{background:#fce8e6}.batch-returned{background:#eee}.batch-running{background:#e8f0fe}
        .muted{color:#777}code{font-size:12px}
        pre.log{background:#10141c;color:#e8eaed;padding:8px;max-height:360px;overflow:auto;font-size:12px;white-space:pre-wrap}
        svg{width:100%;height:170px}svg .line{fill:none;stroke-width:2}svg .axis{stroke:#bbb}svg text{font-size:10px;fill:#666}
        #login{padding:20px}#login-message{margin:0 0 8px}#error{color:#c5221f;padding:0 20px}
        """
}
