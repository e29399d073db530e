import Core
import Store

/// `GET /api/v1/builds/{id}`: the build with its jobs, plus `times` — its queue, run and total
/// seconds as the metrics, dashboard, feed and Prometheus define them (``BuildTimes``), so the
/// build page shows the same figures as every other output.
struct BuildWithTimes: Encodable, Sendable {
    let build: Build
    let times: BuildTimes?

    private enum Keys: String, CodingKey { case times }

    /// The build's own keys, with `times` beside them.
    func encode(to encoder: any Encoder) throws {
        try build.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(times, forKey: .times)
    }
}
