import Core
import Foundation
import ReleaseTrain
import Store

// MARK: - Health

extension ReleaseDriver {
    /// One health reading as `POST /api/v1/releases/{id}/health` takes it.
    public struct Sample: Codable, Sendable {
        var metric: HealthMetric
        var value: Double
        var sampleSize: Int
        var platform: ReleasePlatform
    }

    /// What the server made of one sample.
    public struct SampleVerdict: Codable, Sendable {
        var metric: HealthMetric
        var platform: ReleasePlatform
        /// `breach`, `inconclusive` or `healthy`.
        var verdict: String
        var summary: String
    }

    /// Evaluates `samples` with the train's health rules; a breach on a release that is
    /// rolling out halts it and stops the rollout on that sample's store.
    public func reportHealth(_ id: Int64, samples: [Sample], actor: String, now: Date) async throws -> (verdicts: [SampleVerdict], release: StoredRelease) {
        try await serializer.run(id) { try await evaluate(id, samples: samples, actor: actor, now: now) }
    }

    private func evaluate(_ id: Int64, samples: [Sample], actor: String, now: Date) async throws -> (verdicts: [SampleVerdict], release: StoredRelease) {
        guard var release = try await releases.store.release(id: id) else { throw ServiceError.notFound("no release with id \(id)") }
        let train = try await catalog.train(id: release.trainID)
        let evaluator = HealthEvaluator(rules: train.definition.healthRules)
        var verdicts: [SampleVerdict] = []
        for sample in samples {
            guard train.definition.platforms.contains(sample.platform) else {
                throw ServiceError.badRequest("train \(train.stored.name) does not ship to \(sample.platform.rawValue)", code: "invalid_platform")
            }
            guard sample.value.isFinite, sample.sampleSize >= 0 else {
                throw ServiceError.badRequest("value must be a finite number and sampleSize at least 0", code: "invalid_sample")
            }
            let reading = HealthSample(metric: sample.metric, value: sample.value, sampleSize: sample.sampleSize)
            let verdict = evaluator.evaluate(reading)
            let summary = "\(sample.platform.distributionName): " + verdict.summary(for: reading)
            verdicts.append(SampleVerdict(
                metric: sample.metric, platform: sample.platform,
                verdict: verdict.isBreach ? "breach" : verdict.inconclusive.isEmpty ? "healthy" : "inconclusive", summary: summary
            ))
            guard verdict.isBreach else { continue }
            // `health.halt: all` (the default) stops every store on one store's breach.
            let targets = train.definition.healthHalt == .all ? train.definition.platforms : [sample.platform]
            let machine = try ReleaseService.decode(release.machine)
            if machine.state == .rollingOut {
                do {
                    release = try await haltNow(id, reason: summary, actor: actor, now: now, platforms: targets)
                    continue
                } catch is ReleaseTransitionError {
                    // Another breach halted it first; make sure these stores stop too.
                    release = try await releases.store.release(id: id) ?? release
                }
            } else if !(machine.state == .halted && machine.haltedFrom == .rollingOut) {
                continue
            }
            for platform in targets {
                release = try await haltAnotherDistribution(release, platform: platform, reason: summary, actor: actor, now: now)
            }
        }
        // The report itself, whatever it decided: a release's page shows its latest values.
        let detail = verdicts.map { "\($0.verdict): \($0.summary)" }.joined(separator: "; ")
        _ = try await releases.store.changeRelease(id: id) { current in
            ReleaseChange(release: current, event: StoredReleaseEvent(action: "health", from: current.state, to: current.state, actor: actor, at: now, detail: detail))
        }
        return (verdicts, try await releases.store.release(id: id) ?? release)
    }
}
