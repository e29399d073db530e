import Foundation
import Testing

/// The resources kustomization.yaml lists, read from their files.
struct KubernetesManifests {
    /// The files kustomization.yaml lists, relative to deploy/kubernetes.
    let files: [String]
    /// Their resources, one map each.
    let resources: [[String: Any]]

    init() throws {
        let kustomization = try DeployFiles.map("deploy/kubernetes/kustomization.yaml")
        files = try #require(kustomization["resources"] as? [String], "kustomization.yaml lists no resources")
        resources = try files.map { try DeployFiles.map("deploy/kubernetes/" + $0) }
    }

    /// The one resource of `kind`.
    func one(_ kind: String) throws -> [String: Any] {
        let matching = resources.filter { $0["kind"] as? String == kind }
        try #require(matching.count == 1, "expected one \(kind), found \(matching.count)")
        return matching[0]
    }

    /// The Deployment's pod spec.
    func podSpec() throws -> [String: Any] {
        try #require(try one("Deployment").any("spec", "template", "spec") as? [String: Any])
    }

    /// The server's container (the pod's only one).
    func serverContainer() throws -> [String: Any] {
        let containers = try #require(try podSpec()["containers"] as? [[String: Any]])
        try #require(containers.count == 1)
        return containers[0]
    }

    /// The container's plain `value` variables.
    func environment() throws -> [String: String] {
        let entries = try serverContainer()["env"] as? [[String: Any]] ?? []
        return Dictionary(entries.compactMap { entry in
            (entry["name"] as? String).flatMap { name in entry["value"].map { (name, "\($0)") } }
        }, uniquingKeysWith: { first, _ in first })
    }
}
