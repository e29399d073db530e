import Foundation
import HTTPClient

/// Signed GitHub pushes of one commit, each with its own delivery id, sent through a load
/// balancer by concurrent senders. A sendable value, so a test can send while it kills a
/// replica.
struct PushSender: Sendable {
    let client: HTTPClient
    let base: String
    let repository: String
    let sha: String

    /// What a test's deliveries came to: the builds their answers named, and the deliveries
    /// that no attempt got acknowledged.
    struct Delivered: Sendable {
        var builds: Set<Int> = []
        var failed: [Int] = []
    }

    /// Sends `count` signed pushes through the balancer from `senders` concurrent senders,
    /// each sender resting `pause` between its pushes. Each is sent again with the same delivery id, as a provider redelivers, until a replica
    /// acknowledges it (202, or 200 for a redelivery of one already stored).
    func deliver(count: Int, senders: Int, pause: Duration = .zero) async -> Delivered {
        let run = UUID().uuidString
        return await withTaskGroup(of: Delivered.self) { group in
            for sender in 0..<senders {
                group.addTask {
                    var delivered = Delivered()
                    for index in stride(from: sender, to: count, by: senders) {
                        let request = Fleet.signedPush(base: base, repository: repository, sha: sha, deliveryID: "\(run)-\(index)", message: "load \(index)")
                        var builds: [Int]?
                        for _ in 0..<40 where builds == nil {
                            if let response = try? await client.execute(request), response.status == 202 || response.status == 200 {
                                builds = ((try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any])?["builds"] as? [Int]
                            } else {
                                try? await Task.sleep(for: .milliseconds(250))
                            }
                        }
                        if let builds, builds.count == 1 { delivered.builds.formUnion(builds) } else { delivered.failed.append(index) }
                        if pause > .zero { try? await Task.sleep(for: pause) }
                    }
                    return delivered
                }
            }
            return await group.reduce(into: Delivered()) { total, part in
                total.builds.formUnion(part.builds)
                total.failed += part.failed
            }
        }
    }
}
