import Hummingbird

/// One page of the web UI: a self-contained HTML document (no external scripts, styles or
/// fonts, no build step) made of the shared frame (header, navigation, token form, style and
/// common script) around the page's own markup and script.
///
/// A page holds no data and needs no token to load; its script reads a token from the URL
/// fragment (`#token=…`, never sent to the server or its logs) or the form, keeps it in the
/// tab's session storage, asks `GET /api/v1/me` what it may do, then fetches the JSON API.
/// The page's script defines `async function showPage()`, which draws the page and answers
/// how many seconds until it wants to be drawn again (null: not again). The frame pauses
/// while the tab is hidden, so a page left open costs the server little.
struct WebPage: Sendable {
    /// The navigation entry this page belongs to, e.g. `builds` (a build's page is under Builds).
    var section: WebSection
    /// The document's title before the page names what it shows.
    var title: String
    /// The inside of the page's `<main>`, starting with its `<h1>`.
    var main: String
    /// The page's script: defines `showPage()` and anything it needs.
    var script: String
    /// The `<main>` element's id, which tests and the frame look for.
    var mainID: String

    /// The whole HTML document.
    var html: String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark"><link rel="icon" href="data:,">
        <title>\(title) · MobileOps</title>
        <style>\(Self.style)</style></head>
        <body data-state="loading" data-page="\(section.rawValue)">
        <a class="skip" href="#\(mainID)">Skip to content</a>
        <header><a class="brand" href="/">MobileOps</a>
        <nav aria-label="Main"><ul>\(WebSection.allCases.map { $0.navigationItem(current: section) }.joined())</ul></nav>
        <span id="caller" class="caller"></span><span id="generated" class="caller"></span></header>
        <form id="login" hidden><p id="login-message">Enter a token with the read scope.</p>
        <label>Token <input id="token" type="password" size="40" autocomplete="off"></label> <button id="login-button">Show</button></form>
        <p id="error" role="alert" hidden></p>
        <main id="\(mainID)" hidden>
        \(main)
        </main>
        <dialog id="confirm" aria-labelledby="confirm-title"><form method="dialog">
        <h2 id="confirm-title"></h2><p id="confirm-text"></p>
        <p class="actions"><button value="cancel" id="confirm-cancel">Cancel</button> <button value="ok" id="confirm-ok" class="danger">Confirm</button></p>
        </form></dialog>
        <script>
        \(Self.commonScript)
        \(script)
        start();
        </script>
        </body></html>
        """
    }

    /// The top of a page about one thing (a build, a release): its title, a banner saying why
    /// it stopped (hidden until the script fills it) and a toolbar for its actions, which the
    /// page's script finds as `{name}-title`, `{name}-banner` and `{name}-actions`.
    static func heading(of name: String, title: String) -> String {
        """
        <h1 id="\(name)-title">\(title)</h1>
        <p id="\(name)-banner" class="banner" hidden></p>
        <div class="toolbar" id="\(name)-actions"></div>
        """
    }

    /// The page as an HTTP answer, with a policy that allows only its own inline script and
    /// style and same-origin fetches.
    var response: Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8",
                .init("Content-Security-Policy")!: "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:",
            ],
            body: .init(byteBuffer: ByteBuffer(string: html))
        )
    }
}
