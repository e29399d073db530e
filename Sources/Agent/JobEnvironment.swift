import Core
import Foundation

// MARK: - JobEnvironment

/// The environment a job's commands see: the agent's own (minus its secrets), then the
/// spec's (pipeline, step and shard variables), then the `MOBILE_OPS_*` variables and
/// `CI=true`, which win because scripts rely on them being right.
public enum JobEnvironment {
    /// Variables of the agent's environment that never reach a job.
    public static let withheld: Set<String> = ["MOBILE_OPS_REGISTRATION_TOKEN", "MOBILE_OPS_AGENT_TOKEN", "MOBILE_OPS_TOKEN"]

    /// The full environment for `assignment` running in `workspace`; `serverURL` is the
    /// server the agent talks to, which the build cache's URL is made from.
    public static func make(
        for assignment: JobAssignment,
        workspace: String,
        agentName: String,
        serverURL: String? = nil,
        base: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String: String] {
        var environment = base.filter { !Self.withheld.contains($0.key) }
        environment.merge(assignment.spec.env) { _, spec in spec }
        environment.merge(self.agentVariables(for: assignment, workspace: workspace, agentName: agentName)) { _, own in own }
        if let serverURL, let cache = assignment.cache, let url = self.cacheURL(server: serverURL, access: cache) {
            environment["MOBILE_OPS_CACHE_URL"] = url
            environment["MOBILE_OPS_CACHE_NAMESPACE"] = cache.namespace
        }
        if environment["PATH"] == nil { environment["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        return environment
    }

    /// The variables the agent itself sets.
    public static func agentVariables(for assignment: JobAssignment, workspace: String, agentName: String) -> [String: String] {
        [
            "CI": "true",
            "MOBILE_OPS": "true",
            "MOBILE_OPS_JOB_ID": String(assignment.jobID),
            "MOBILE_OPS_BUILD_ID": String(assignment.buildID),
            "MOBILE_OPS_BUILD_NUMBER": String(assignment.buildNumber),
            "MOBILE_OPS_COMMIT": assignment.repository?.commitSHA ?? "",
            "MOBILE_OPS_BRANCH": assignment.repository?.branch ?? "",
            "MOBILE_OPS_REPOSITORY": assignment.repository?.name ?? "",
            "MOBILE_OPS_PIPELINE": assignment.pipeline,
            "MOBILE_OPS_STEP_KEY": assignment.stepKey,
            "MOBILE_OPS_JOB_LABEL": assignment.label,
            "MOBILE_OPS_ATTEMPT": String(assignment.attempt),
            "MOBILE_OPS_WORKSPACE": workspace,
            "MOBILE_OPS_AGENT_NAME": agentName,
        ]
    }

    /// `<server>/cache` with the job's credential as the URL's user info (what Gradle, ccache
    /// and Bazel send as HTTP Basic credentials); nil for a server URL without a scheme.
    public static func cacheURL(server: String, access: JobCacheAccess) -> String? {
        guard let schemeEnd = server.range(of: "://") else { return nil }
        var rest = server[schemeEnd.upperBound...]
        // A user info the server URL already has gives way to the job's.
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        let base = rest.hasSuffix("/") ? rest.dropLast() : rest[...]
        return "\(server[..<schemeEnd.upperBound])\(access.user):\(access.credential)@\(base)/cache"
    }
}
