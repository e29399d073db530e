// MARK: - Outbox and audit log (admin)

extension WebPage {
    /// `/outbox`: the notification backlog (commit statuses, pull-request reports, team
    /// webhooks) and the messages delivery gave up on, each with its last error and a retry.
    static let outbox = WebPage(
        section: .outbox, title: "Outbox",
        main: """
            <h1>Outbox</h1>
            <section class="wide"><div class="figures" id="outbox-figures"></div><h2>Dead messages</h2><table id="outbox-dead"></table></section>
            """,
        script: #"""
            async function showPage() {
              const status = await get("/api/v1/outbox?limit=200");
              figures("outbox-figures", [["pending", status.pending], ["due now", status.due], ["dead", status.dead],
                ["oldest pending", status.oldestPendingAt ? when(status.oldestPendingAt) : "none"]]);
              table("outbox-dead", ["message", "kind", "attempts", "last error", "created", ""], status.deadMessages.map((m) => [
                ["#" + m.id], [m.kind], [m.attempts], [m.lastError || "", "failed"], [when(m.createdAt)],
                [actionButton("Retry", "admin", ["Retry message #" + m.id + "?",
                  "Gives the " + m.kind + " message a new set of attempts, starting now. Retry once its cause is fixed (a token, a webhook address, a host that was down)."],
                  () => send("POST", "/api/v1/outbox/" + m.id + "/retry"))],
              ]), "no dead messages");
              return status.pending > 0 ? 10 : 60;
            }
            """#, mainID: "outbox")

    /// `/audit`: who did what and when, newest first, with a filter over every column.
    static let audit = WebPage(
        section: .audit, title: "Audit log",
        main: """
            <h1>Audit log</h1>
            <div class="toolbar"><label>Filter <input id="audit-filter" type="search"></label></div>
            <section class="wide"><table id="audit-list"></table></section>
            """,
        script: #"""
            let auditEvents = [];
            function showAudit() {
              const query = $("audit-filter").value.trim().toLowerCase();
              const shown = auditEvents.filter((e) => !query || [e.actor, e.action, e.subject, e.detail || ""].join(" ").toLowerCase().includes(query));
              table("audit-list", ["when", "who", "action", "subject", "detail"], shown.map((e) => [[when(e.occurredAt)], [e.actor], [e.action], [e.subject], [e.detail || ""]]), "no events");
            }
            async function showPage() {
              auditEvents = (await get("/api/v1/audit?limit=500")).events;
              showAudit();
              return 60;
            }
            $("audit-filter").addEventListener("input", showAudit);
            """#, mainID: "audit")
}
