// MARK: - Style

extension WebPage {
    /// Every page's CSS. Colours are variables so the system's dark mode swaps them in one
    /// place; text colours keep a contrast of at least 4.5:1 on their background in both.
    /// `[hidden]` wins over every layout rule, so a hidden part never shows.
    static let style = """
        [hidden]{display:none!important}
        :root{--bg:#f5f6f8;--fg:#1d2330;--card:#fff;--line:#e3e5e8;--muted:#5f6368;--link:#1a5fc8;--head:#1d2330;--head-fg:#fff;
          --ok:#137333;--bad:#b3261e;--run:#1a5fc8;--warn:#8a4b00;--chip:#e6f4ea;--chip-bad:#fce8e6;--chip-run:#e8f0fe;--chip-off:#eceff1;--mark:#fff3b0}
        @media (prefers-color-scheme: dark){:root{--bg:#111418;--fg:#e8eaed;--card:#1c2128;--line:#30363d;--muted:#a8b0b8;--link:#8ab4f8;--head:#0b0d10;
          --ok:#81c995;--bad:#f28b82;--run:#8ab4f8;--warn:#fdd663;--chip:#1e3a26;--chip-bad:#4a1f1c;--chip-run:#1c2f4d;--chip-off:#2a2f36;--mark:#5c4a00}}
        body{font:14px/1.45 system-ui,sans-serif;margin:0;background:var(--bg);color:var(--fg)}
        a{color:var(--link)}a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible{outline:2px solid var(--link);outline-offset:2px}
        .skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:var(--card);padding:4px 8px;z-index:2}
        header{background:var(--head);color:var(--head-fg);padding:8px 16px;display:flex;flex-wrap:wrap;gap:4px 16px;align-items:center}
        header a{color:var(--head-fg);text-decoration:none}.brand{font-weight:600;font-size:17px}
        nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:2px}
        nav a{display:block;padding:4px 8px;border-radius:4px}nav a:hover{background:#ffffff22}nav a[aria-current=page]{background:#ffffff33;font-weight:600}
        .caller{margin-left:auto;font-size:12px;color:#d0d4da}.caller+.caller{margin-left:0}
        main{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:16px;padding:16px}
        main>h1,main>.toolbar{grid-column:1/-1;margin:0}
        section{background:var(--card);border-radius:8px;padding:12px 16px;box-shadow:0 1px 2px #0003;overflow-x:auto}
        section.wide{grid-column:1/-1}
        h1{font-size:20px}h2{font-size:15px;margin:0 0 8px}h3{font-size:14px;margin:12px 0 4px}
        table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:4px 6px;border-bottom:1px solid var(--line);font-size:13px;vertical-align:top}
        .figures{display:flex;flex-wrap:wrap;gap:24px;margin-bottom:8px}.figure b{display:block;font-size:24px}
        .passed,.success,.completed,.released{color:var(--ok)}.failed,.failure,.timed_out,.lost,.halted,.blocked,.error,.dead{color:var(--bad)}
        .running,.assigned,.rolling_out,.in_review{color:var(--run)}.canceled,.skipped{color:var(--muted)}.warning{color:var(--warn)}
        .device-ready{color:var(--ok)}.device-booting,.device-connecting{color:var(--run)}.device-shutdown,.device-configured{color:var(--muted)}
        .device-offline,.device-unauthorized,.device-no_permissions,.device-maintenance,.device-unavailable,.device-unknown,.device-quarantined{color:var(--bad)}
        .batch{display:inline-block;padding:0 4px;margin:1px;border-radius:3px;background:var(--chip)}.batch-device_failed,.batch-failed{background:var(--chip-bad)}
        .batch-returned{background:var(--chip-off)}.batch-running{background:var(--chip-run)}
        .muted{color:var(--muted)}code{font-size:12px}
        .toolbar{display:flex;flex-wrap:wrap;gap:8px;align-items:end}.toolbar label{display:flex;flex-direction:column;font-size:12px;color:var(--muted)}
        input,select,button{font:inherit;color:inherit;background:var(--card);border:1px solid var(--line);border-radius:4px;padding:4px 8px}
        button{cursor:pointer;background:var(--chip-run)}button.danger{background:var(--chip-bad)}button:disabled{opacity:.6;cursor:default}
        .banner{grid-column:1/-1;padding:10px 16px;border-radius:8px;background:var(--chip-bad);font-weight:600}
        .log{background:#10141c;color:#e8eaed;padding:6px 8px;max-height:480px;overflow:auto;font:12px/1.4 ui-monospace,monospace}
        .log details{margin:0}.log summary{cursor:pointer;color:#8ab4f8}.log .line{display:block;white-space:pre-wrap;word-break:break-word}.log summary .line{display:inline}
        .log .line>a{display:inline-block;width:4.5em;margin-right:8px;color:#9aa0a6;text-align:right;text-decoration:none;user-select:none}
        .log .line:target,.log .line.hit{background:#5c4a00}
        .ansi-bold{font-weight:700}.ansi-30{color:#9aa0a6}.ansi-31{color:#f28b82}.ansi-32{color:#81c995}.ansi-33{color:#fdd663}.ansi-34{color:#8ab4f8}
        .ansi-35{color:#d7aefb}.ansi-36{color:#78d9ec}.ansi-37{color:#e8eaed}
        pre.notes{white-space:pre-wrap;font:13px/1.5 ui-monospace,monospace;margin:0}
        .timeline{list-style:none;margin:0;padding:0}.timeline li{padding:4px 0 4px 16px;border-left:2px solid var(--line);position:relative}
        .timeline li::before{content:"";position:absolute;left:-5px;top:10px;width:8px;height:8px;border-radius:50%;background:var(--muted)}
        .timeline li.current::before{background:var(--run)}
        svg{width:100%;height:170px}svg .line{fill:none;stroke-width:2}svg .axis{stroke:var(--line)}svg text{font-size:10px;fill:var(--muted)}
        #login{padding:20px}#login-message{margin:0 0 8px}#error{color:var(--bad);padding:0 20px}
        dialog{background:var(--card);color:var(--fg);border:1px solid var(--line);border-radius:8px;max-width:520px}dialog .actions{text-align:right}
        @media (max-width:600px){main{grid-template-columns:1fr;padding:8px}section{padding:8px}}
        """
}
