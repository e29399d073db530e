// MARK: - A build's actions

extension WebPage {
    /// On a build's page: why a failed or canceled build ended, at the top, in words; and, for
    /// a token with `write`, cancel (while it runs) and retry (a new build of the same commit,
    /// trigger, pull request and concurrency group) and, per failed job, retry that job in
    /// this build, each confirmed first.
    static let buildActionsScript = #"""
        const finishedStates = ["passed", "failed", "canceled"];
        function showBuildActions(build) {
          const name = build.pipeline + " #" + build.number;
          const jobs = (build.jobs || []).filter((job) => !job.supersededBy);
          const failedJobs = jobs.filter((job) => ["failed", "timed_out", "lost"].includes(job.state));
          let why = "";
          if (build.state === "failed") {
            why = "Failed: " + (failedJobs.length ? failedJobs.map((job) => "job " + job.label + " " + job.state.replace("_", " ") + (job.exitStatus !== undefined && job.exitStatus !== null ? " (exit " + job.exitStatus + ")" : "")).join(", ") : "a job failed");
          } else if (build.state === "canceled") {
            why = "Canceled" + (build.cancelReason ? ": " + build.cancelReason : "");
          }
          $("build-banner").textContent = why; $("build-banner").hidden = why === "";
          const bar = $("build-actions"); bar.replaceChildren();
          if (!finishedStates.includes(build.state)) {
            bar.append(actionButton("Cancel build", "write", ["Cancel " + name + "?",
              "Its pending jobs end at once and its running jobs are told to stop at their next heartbeat; the build ends canceled."],
              () => send("POST", "/api/v1/builds/" + build.id + "/cancel")));
          } else {
            bar.append(actionButton("Retry build", "write", ["Retry " + name + "?",
              "Starts a new build of commit " + (build.commitSHA || "").slice(0, 12) + " with the same trigger, pull request, environment and concurrency group, and opens it. This build stays as it is."],
              async () => { const created = await send("POST", "/api/v1/builds/" + build.id + "/retry"); location.assign("/builds/" + created.id); }));
          }
        }
        /// A failed, timed-out or lost job's own retry: a new attempt in this build.
        function jobRetryButton(build, job) {
          if (job.supersededBy || !["failed", "timed_out", "lost"].includes(job.state) || build.cancelReason) { return ""; }
          const button = actionButton("Retry " + job.label, "write", ["Retry job " + job.label + "?",
            "Runs it again in this build as attempt " + (job.attempt + 1) + " on the same commit; the jobs canceled because it failed run again once it passes. The build is running again until they finish."],
            () => send("POST", "/api/v1/jobs/" + job.id + "/retry"));
          if (button.dataset) { button.dataset.action = "retry-job"; }
          return button;
        }
        """#
}
