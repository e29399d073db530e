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
            Route(.get, "/", scope: nil) { _, _ in Self.response() },
            Route(.get, "/builds/:id", scope: nil) { _, _ in Self.response() },
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
          <section><h2>Build time (p50 of builds finished per day)</h2><svg id="chart-build-time" data-chart="build-time" viewBox="0 0 400 170" preserveAspectRatio="none"></svg></section>
          <section><h2>Cache hit rate (per day)</h2><svg id="chart-cache" data-chart="cache-hit-rate" viewBox="0 0 400 170" preserveAspectRatio="none"></svg></section>
          <section><h2>Test health</h2><table id="test-health"></table></section>
          <section><h2>Waiting cost</h2><div class="figures" id="waiting"></div></section>
          <section class="wide"><h2>Recent builds</h2><table id="builds"></table></section>
          <section><h2>Regressions</h2><table id="regressions"></table></section>
          <section><h2>Feed</h2><table id="feed"></table></section>
        </main>
        <main id="build" hidden>
          <section class="wide"><h2 id="build-title"></h2><table id="build-facts"></table></section>
          <section class="wide"><h2>Jobs</h2><table id="jobs"></table></section>
          <section class="wide"><h2>Test results</h2><table id="tests"></table></section>
          <section class="wide"><h2>Logs</h2><div id="logs"></div></section>
          <section><h2>Artifacts</h2><table id="artifacts"></table></section>
          <section><h2>UI test selection</h2><div id="impact"></div></section>
        </main>
        <script>
        \(commonScript)
        \(overviewScript)
        \(buildScript)
        start();
        </script>
        </body></html>
        """
}
