// MARK: - The fleet: queue, agents, devices

extension WebPage {
    /// `/queue`: how many jobs wait and run, why the waiting ones wait (grouped, then each job
    /// with its build and how long it has waited), and what runs where.
    static let queue = WebPage(
        section: .queue, title: "Queue",
        main: """
            <h1>Queue</h1>
            <section class="wide"><div class="figures" id="queue-figures"></div><h2>Why jobs wait</h2><table id="queue-reasons"></table></section>
            <section class="wide"><h2>Waiting jobs, oldest first</h2><table id="queue-jobs"></table></section>
            <section class="wide"><h2>Running</h2><table id="queue-running"></table></section>
            """,
        script: #"""
            async function showPage() {
              const dashboard = await get("/api/v1/dashboard");
              const queue = dashboard.queue;
              figures("queue-figures", [["pending jobs", queue.pending], ["running jobs", queue.running]]);
              table("queue-reasons", ["why", "jobs"], (queue.byReason || []).map((r) => [[r.reason, "reason"], [r.count]]), "no job is waiting");
              table("queue-jobs", ["build", "job", "waiting", "why"], (queue.jobs || []).map((job) => [
                [link("/builds/" + job.buildID, buildName(job))], [job.label], [duration(between(job.createdAt, dashboard.generatedAt))], [job.reason, "reason"],
              ]), "no job is waiting");
              const running = [];
              for (const agent of dashboard.agents.agents || []) { for (const job of agent.jobs || []) { running.push([[link("/builds/" + job.buildID, job.label)], [agent.name]]); } }
              table("queue-running", ["job", "agent"], running, "nothing runs");
              return queue.pending + queue.running > 0 ? 5 : 30;
            }
            """#, mainID: "queue")

    /// `/agents`: every agent with its state, tags, slots and current jobs, the jobs that
    /// failed, timed out or were lost on it in the last day, and its devices' recent
    /// infrastructure failures.
    static let agents = WebPage(
        section: .agents, title: "Agents",
        main: """
            <h1>Agents</h1>
            <section class="wide"><div class="figures" id="agent-figures"></div><table id="agent-list"></table></section>
            """,
        script: #"""
            async function showPage() {
              const [dashboard, devices] = await Promise.all([get("/api/v1/dashboard"), optional("/api/v1/devices")]);
              const fleet = dashboard.agents;
              figures("agent-figures", Object.entries(fleet.byState || {}).map(([state, count]) => [state, count]));
              const failures = new Map();
              for (const d of (devices && devices.devices) || []) {
                const list = failures.get(d.agentID) || [];
                for (const f of d.infrastructureFailures || []) { list.push((d.model || d.identifier) + ": " + f.reason); }
                if (d.quarantineReason) { list.unshift((d.model || d.identifier) + " quarantined: " + d.quarantineReason); }
                failures.set(d.agentID, list);
              }
              table("agent-list", ["agent", "state", "tags", "slots", "current jobs", "last seen", "failed jobs (24 h)", "device failures"], (fleet.agents || []).map((agent) => {
                const jobs = document.createElement("span");
                for (const job of agent.jobs || []) { jobs.append(link("/builds/" + job.buildID, job.label), " "); }
                const failed = document.createElement("span");
                for (const job of agent.recentFailures || []) { failed.append(link("/builds/" + job.buildID, job.label + " " + job.state.replace("_", " ")), " (" + when(job.finishedAt) + ") "); }
                if (!(agent.recentFailures || []).length) { failed.textContent = "none"; failed.className = "muted"; }
                const tags = Object.keys(agent.tags || {}).sort().map((k) => k + "=" + agent.tags[k]).join(", ");
                const recent = failures.get(agent.id) || [];
                return [[agent.name], [agent.state, agent.state], [tags], [agent.slots], [jobs], [when(agent.lastSeenAt)], [failed],
                  [recent.length ? recent.slice(0, 3).join("; ") : "none", recent.length ? "failed" : "muted"]];
              }), "no agents registered");
              return (fleet.agents || []).some((a) => (a.jobs || []).length > 0) ? 10 : 30;
            }
            """#, mainID: "agents")

    /// `/devices`: every device of every agent (quarantined ones first, then by recent failures),
    /// with its state, the batch it runs and why it is unhealthy; re-admit for a token with
    /// `write` once a person has reset one its agent could not.
    static let devices = WebPage(
        section: .devices, title: "Devices",
        main: """
            <h1>Devices</h1>
            <section class="wide"><div class="figures" id="device-figures"></div><table id="device-list"></table></section>
            """,
        script: #"""
            async function showPage() {
              const answer = await get("/api/v1/devices");
              const listed = answer.devices.slice().sort((a, b) => deviceHealth(b) - deviceHealth(a) || a.agentName.localeCompare(b.agentName));
              figures("device-figures", [["devices", listed.length], ["ready", listed.filter((d) => d.state === "ready" && !d.quarantineReason).length],
                ["running a batch", listed.filter((d) => d.batch !== null && d.batch !== undefined).length], ["quarantined", listed.filter((d) => d.quarantineReason).length]]);
              table("device-list", ["device", "agent", "platform", "OS", "state", "batch", "health", ""], listed.map((d) => [
                ...deviceCells(d),
                [d.quarantineReason ? actionButton("Re-admit", "write", ["Re-admit " + (d.model || d.identifier) + "?",
                  "Do this once a person has reset the device (its agent resets emulators and simulators itself): its failures in a row start again from zero and it takes batches again."],
                  () => send("POST", "/api/v1/devices/readmit", {agentID: d.agentID, platform: d.platform, identifier: d.identifier})) : ""],
              ]), "no devices reported");
              return listed.some((d) => d.batch !== null && d.batch !== undefined) ? 10 : 30;
            }
            """#, mainID: "devices")
}
