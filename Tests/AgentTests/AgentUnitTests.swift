import Agent
import Core
import Testing

/// Small pure pieces: tag parsing, mirror names, backoff bounds, the job environment.
struct AgentUnitTests {
    @Test func tagsParseAndRejectBadInput() throws {
        #expect(try AgentConfiguration.parseTags(["platform=ios", "xcode=16.2", "empty="]) == ["platform": "ios", "xcode": "16.2", "empty": ""])
        #expect(try AgentConfiguration.parseTags(["a=b=c"]) == ["a": "b=c"])
        #expect(throws: AgentConfigurationError.self) { try AgentConfiguration.parseTags(["novalue"]) }
        #expect(throws: AgentConfigurationError.self) { try AgentConfiguration.parseTags(["=x"]) }
        #expect(throws: AgentConfigurationError.self) { try AgentConfiguration.parseTags(["a=1", "a=2"]) }
    }

    @Test func configurationValidation() {
        var configuration = AgentConfiguration(serverURLs: ["http://x"], registrationToken: "t", name: "n", workDirectory: "/tmp/w")
        #expect(throws: Never.self) { try configuration.validate() }
        configuration.slots = 0
        #expect(throws: AgentConfigurationError.self) { try configuration.validate() }
        configuration.slots = 1
        configuration.serverURLs = ["ftp://x"]
        #expect(throws: AgentConfigurationError.self) { try configuration.validate() }
    }

    @Test func mirrorNamesAreSafeFileNames() {
        #expect(Repository.folderName(for: "acme/ios-app") == "acme_ios-app")
        #expect(Repository.folderName(for: "../../etc") == "_._.._etc")
        #expect(Repository.folderName(for: "") == "repository")
        #expect(Repository.folderName(for: String(repeating: "a", count: 500)).count == 100)
    }

    @Test func backoffGrowsToItsCapWithJitter() {
        var backoff = Backoff(initial: .milliseconds(100), maximum: .seconds(1))
        let delays = (0..<10).map { _ in backoff.nextDelay() }
        #expect(delays.allSatisfy { $0 >= .milliseconds(50) && $0 <= .seconds(1) })
        #expect(delays.last ?? .zero >= .milliseconds(500))
        backoff.reset()
        #expect(backoff.nextDelay() <= .milliseconds(100))
        var huge = Backoff(initial: .seconds(1), maximum: .seconds(Int64.max / 2))
        for _ in 0..<40 { _ = huge.nextDelay() }
    }

    @Test func environmentAddsAgentVariablesAndWithholdsSecrets() {
        let job = makeJob(9, commands: [], env: ["CI": "false", "MOBILE_OPS_SHARD_INDEX": "1", "KEEP": "yes"])
        let environment = JobEnvironment.make(
            for: job, workspace: "/w/jobs/9", agentName: "a1",
            base: ["PATH": "/bin", "MOBILE_OPS_REGISTRATION_TOKEN": "secret", "HOME": "/root"]
        )
        #expect(environment["CI"] == "true")
        #expect(environment["MOBILE_OPS_SHARD_INDEX"] == "1")
        #expect(environment["KEEP"] == "yes")
        #expect(environment["MOBILE_OPS_JOB_ID"] == "9")
        #expect(environment["MOBILE_OPS_WORKSPACE"] == "/w/jobs/9")
        #expect(environment["MOBILE_OPS_REGISTRATION_TOKEN"] == nil)
        #expect(environment["HOME"] == "/root")
    }

    @Test func environmentCarriesTheBuildCacheURLWithTheJobsCredential() {
        var job = makeJob(9, commands: [], env: ["MOBILE_OPS_CACHE_URL": "http://spoofed/cache"])
        job.cache = JobCacheAccess(namespace: "acme.ios-app", user: "job-9", credential: "moj_9_abc")
        let environment = JobEnvironment.make(for: job, workspace: "/w", agentName: "a1", serverURL: "https://ops.example.com:8443/", base: [:])
        #expect(environment["MOBILE_OPS_CACHE_URL"] == "https://job-9:moj_9_abc@ops.example.com:8443/cache")
        #expect(environment["MOBILE_OPS_CACHE_NAMESPACE"] == "acme.ios-app")
        // A server URL with a path and a user info of its own.
        let access = JobCacheAccess(namespace: "n", user: "job-1", credential: "c")
        #expect(JobEnvironment.cacheURL(server: "http://old:pw@10.0.0.5/ops", access: access) == "http://job-1:c@10.0.0.5/ops/cache")
        #expect(JobEnvironment.cacheURL(server: "not a url", access: access) == nil)
        // A job handed out without cache access gets no URL.
        let plain = JobEnvironment.make(for: makeJob(10, commands: []), workspace: "/w", agentName: "a1", serverURL: "http://ops", base: [:])
        #expect(plain["MOBILE_OPS_CACHE_URL"] == nil)
    }
}
