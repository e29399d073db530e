// MARK: - Style

extension DashboardPage {
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
        .passed,.success{color:#137333}.failed,.failure,.timed_out,.lost{color:#c5221f}.running,.assigned{color:#1a73e8}.canceled,.skipped{color:#777}
        .muted{color:#777}code{font-size:12px}
        pre.log{background:#10141c;color:#e8eaed;padding:8px;max-height:360px;overflow:auto;font-size:12px;white-space:pre-wrap}
        svg{width:100%;height:170px}svg .line{fill:none;stroke-width:2}svg .axis{stroke:#bbb}svg text{font-size:10px;fill:#666}
        #login{padding:20px}#login-message{margin:0 0 8px}#error{color:#c5221f;padding:0 20px}
        """
}
