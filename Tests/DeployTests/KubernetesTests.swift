import ChildProcesses
import Foundation
import Pipelines
import Testing

/// deploy/kubernetes/: valid against the Kubernetes API's schemas (kubernetes-validate,
/// offline, strict), and the properties that keep a server available through restarts,
/// drains and upgrades.
@Suite struct KubernetesTests {
    let manifests: KubernetesManifests

    init() throws {
        manifests = try KubernetesManifests()
    }

    @Test(.enabled(if: Self.validator != nil || Self.required, "needs kubernetes-validate from `make test`'s venv (MOBILE_OPS_TEST_PYTHON)"))
    func everyManifestIsValidAgainstTheAPISchemas() async throws {
        let validator = try #require(Self.validator, "MOBILE_OPS_TEST_PYTHON must name the test venv's Python, beside kubernetes-validate (make test sets it up)")
        // --strict refuses fields the schema does not know (a misspelt key would otherwise be
        // dropped by the API server without a word).
        let result = try await Command.run(.command(validator, ["--strict", "--no-warn"] + manifests.files, in: DeployFiles.kubernetes))
        #expect(result.status.isSuccess, "\(result.text)\(result.errorText)")
        #expect(result.text.components(separatedBy: " passed for resource ").count - 1 == manifests.files.count, "\(result.text)")
    }

    @Test func kustomizationListsEveryManifest() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: DeployFiles.kubernetes)
            .filter { $0.hasSuffix(".yaml") && $0 != "kustomization.yaml" }
        #expect(Set(names) == Set(manifests.files))
        #expect(Set(manifests.resources.compactMap { $0["kind"] as? String }) == ["Deployment", "Service", "PodDisruptionBudget", "Secret", "ConfigMap"])
    }

    @Test func twoServersWithProbesOnTheHealthEndpoints() throws {
        let deployment = try manifests.one("Deployment")
        #expect(deployment.int("spec", "replicas") == 2)
        let container = try manifests.serverContainer()
        #expect(container.string("readinessProbe", "httpGet", "path") == "/readyz")
        #expect(container.string("livenessProbe", "httpGet", "path") == "/healthz")
        let port = try #require(manifests.environment()["MOBILE_OPS_PORT"].flatMap { Int($0) })
        let ports = container["ports"] as? [[String: Any]] ?? []
        for probe in ["readinessProbe", "livenessProbe"] {
            let target = try #require(container.any(probe, "httpGet", "port"))
            let number = (target as? Int) ?? ports.first { $0["name"] as? String == "\(target)" }?["containerPort"] as? Int
            #expect(number == port, "\(probe) checks port \(target), the server listens on \(port)")
        }
        #expect(container.any("resources", "requests") != nil && container.any("resources", "limits", "memory") != nil)
    }

    @Test func aStoppingServerDrainsItsLongPolls() throws {
        let pod = try manifests.podSpec()
        let container = try manifests.serverContainer()
        let poll = try DeployFiles.longPollSeconds()
        let command = container.any("lifecycle", "preStop", "exec", "command") as? [String] ?? []
        let pause = try #require(command.last.flatMap(Double.init), "the preStop hook must pause (sleep N) while the Service stops routing here")
        #expect(command.first == "sleep" && pause > 0)
        let grace = try #require(pod.int("terminationGracePeriodSeconds"))
        #expect(Double(grace) > pause + poll, "\(grace) s of grace must cover the \(pause) s pause and a \(poll) s poll")
        // The Deployment adds a server before it removes one.
        #expect(try manifests.one("Deployment").int("spec", "strategy", "rollingUpdate", "maxUnavailable") == 0)
    }

    @Test func serversRunAsTheImagesUnprivilegedUser() throws {
        let pod = try manifests.podSpec()
        let container = try manifests.serverContainer()
        #expect(pod.any("securityContext", "runAsNonRoot") as? Bool == true)
        #expect(pod.int("securityContext", "runAsUser").map { $0 != 0 } == true)
        #expect(container.any("securityContext", "allowPrivilegeEscalation") as? Bool == false)
        // Service links would set MOBILE_OPS_PORT=tcp://… for a Service named mobile-ops.
        #expect(pod.any("enableServiceLinks") as? Bool == false)
    }

    @Test func serviceAndDisruptionBudgetSelectTheServers() throws {
        let labels = try #require(try manifests.one("Deployment").any("spec", "template", "metadata", "labels") as? [String: String])
        let budget = try manifests.one("PodDisruptionBudget")
        #expect(budget.int("spec", "minAvailable") == 1)
        let selectors: [(String, Any?)] = [
            ("Deployment", try manifests.one("Deployment").any("spec", "selector", "matchLabels")),
            ("PodDisruptionBudget", budget.any("spec", "selector", "matchLabels")),
            ("Service", try manifests.one("Service").any("spec", "selector")),
        ]
        for (kind, selector) in selectors {
            let wanted = try #require(selector as? [String: String], "\(kind) has no label selector")
            #expect(!wanted.isEmpty && wanted.allSatisfy { labels[$0.key] == $0.value }, "\(kind) selects \(wanted), the pods carry \(labels)")
        }
        let target = try #require(try manifests.one("Service").any("spec", "ports") as? [[String: Any]]).first?["targetPort"]
        let ports = try manifests.serverContainer()["ports"] as? [[String: Any]] ?? []
        #expect(ports.contains { $0["name"] as? String == "\(target ?? "")" || $0["containerPort"] as? Int == target as? Int })
    }

    @Test func everyVariableIsOneTheServerReadsAndEverySecretKeyExists() throws {
        let environment = try manifests.serverContainer()["env"] as? [[String: Any]] ?? []
        let unknown = try DeployFiles.unknownVariables(environment.compactMap { $0["name"] as? String })
        #expect(unknown == [], "not in docs/configuration.md's server settings or not read by the server")
        let secret = try manifests.one("Secret")
        let keys = Set((secret["stringData"] as? [String: Any] ?? [:]).keys)
        for entry in environment {
            guard let reference = (entry["valueFrom"] as? [String: Any])?["secretKeyRef"] as? [String: Any] else { continue }
            #expect(reference["name"] as? String == secret.string("metadata", "name"))
            #expect(keys.contains(reference["key"] as? String ?? ""), "\(entry["name"] ?? "") reads a key the Secret does not have")
        }
        #expect(try manifests.environment()["MOBILE_OPS_ARTIFACTS"]?.isEmpty == false, "several servers need shared artifacts")
    }

    @Test func thePipelinesConfigMapIsMountedWhereTheServerReadsItAndParses() throws {
        let configMap = try manifests.one("ConfigMap")
        let container = try manifests.serverContainer()
        let folder = try #require(try manifests.environment()["MOBILE_OPS_PIPELINES"])
        let mount = try #require((container["volumeMounts"] as? [[String: Any]] ?? []).first { $0["mountPath"] as? String == folder }, "nothing is mounted at \(folder)")
        let volume = try #require((try manifests.podSpec()["volumes"] as? [[String: Any]] ?? []).first { $0["name"] as? String == mount["name"] as? String })
        #expect(volume.string("configMap", "name") == configMap.string("metadata", "name"))
        let files = try #require(configMap["data"] as? [String: String])
        #expect(!files.isEmpty)
        let (catalog, diagnostics) = PipelineCatalog.load(sources: files.sorted { $0.key < $1.key }.map { (file: $0.key, yaml: $0.value) })
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(catalog.pipelines.count == files.count)
    }

    /// `kubernetes-validate` beside the Python `MOBILE_OPS_TEST_PYTHON` names (the test venv's).
    static let validator: String? = ProcessInfo.processInfo.environment["MOBILE_OPS_TEST_PYTHON"].flatMap { python in
        let path = URL(fileURLWithPath: python).deletingLastPathComponent().appendingPathComponent("kubernetes-validate").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
    /// Under `CI=true` a missing validator is a failure, not a skip.
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"
}
