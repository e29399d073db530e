import Core
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: DeliveryStore {
    /// The answer given to an earlier delivery with this key for this repository, if there was one.
    public func deliveryAnswer(provider: GitProvider, repositoryID: Int64?, key: String) async throws(StoreError) -> DeliveryAnswer? {
        try await read { connection in
            try await self.storedAnswer(provider: provider, repositoryID: repositoryID, key: key, on: connection)
        }
    }

    /// Stores each delivery with its builds and jobs, all in one transaction (committed before
    /// any answer is given: `synchronous_commit` stays on); one failure loses no other.
    ///
    /// First the whole batch at once, in a few statements (`recordTogether`). Should anything in
    /// it fail, that part is rolled back (to a savepoint) and the batch is recorded again one
    /// delivery at a time, each in a savepoint of its own (`recordOneByOne`), so only the
    /// failing delivery reports an error.
    public func recordDeliveries(_ deliveries: [DeliveryWrite]) async -> [Result<DeliveryAnswer, StoreError>] {
        let now = clock.now
        do {
            return try await write { connection in
                try await connection.run("SAVEPOINT batch", logger: self.logger)
                do {
                    return try await self.recordTogether(deliveries, now: now, on: connection).map { .success($0) }
                } catch {
                    try await connection.run("ROLLBACK TO SAVEPOINT batch", logger: self.logger)
                    return try await self.recordOneByOne(deliveries, now: now, on: connection)
                }
            }
        } catch {
            // The commit itself failed: nothing of the batch is stored.
            return deliveries.map { _ in .failure(error) }
        }
    }

    /// Writes every delivery not stored before, all at once, and answers each (a repeat of an
    /// earlier one, or of one earlier in the batch, answers that one's answer as a duplicate).
    ///
    /// Fails as a whole when any row fails, including a delivery another server stored after
    /// the look-up (its unique key waits for that server's commit, then refuses the row).
    private func recordTogether(_ deliveries: [DeliveryWrite], now: Date, on connection: PostgresConnection) async throws -> [DeliveryAnswer] {
        var answers = try await earlierAnswers(deliveries, on: connection)
        var firstWithIdentity: [DeliveryIdentity: Int] = [:]
        var repeats: [(index: Int, of: Int)] = []
        var fresh: [Int] = []
        for (index, write) in deliveries.enumerated() where answers[index] == nil {
            let identity = DeliveryIdentity(write.delivery)
            if let first = firstWithIdentity[identity] {
                repeats.append((index, first))
            } else {
                firstWithIdentity[identity] = index
                fresh.append(index)
            }
        }
        if !fresh.isEmpty {
            let written = try await insertBatch(deliveries: fresh.map { deliveries[$0] }, builds: [], now: now, on: connection).answers
            for (index, answer) in zip(fresh, written) { answers[index] = answer }
        }
        for (index, first) in repeats { answers[index] = answers[first].map { DeliveryAnswer(status: $0.status, body: $0.body, duplicate: true) } }
        return try deliveries.indices.map { index in
            guard let answer = answers[index] else { throw StoreError.database("delivery \(index) of the batch got no answer") }
            return answer
        }
    }

    /// The answers stored before for the batch's deliveries, by position, in one query. A
    /// delivery without a repository is looked up alone: NULL equals nothing in a join, and the
    /// intake always names a repository.
    private func earlierAnswers(_ deliveries: [DeliveryWrite], on connection: PostgresConnection) async throws -> [Int: DeliveryAnswer] {
        var answers: [Int: DeliveryAnswer] = [:]
        var positions: [Int64] = [], providers: [String] = [], repositories: [Int64] = [], keys: [String] = []
        for (index, write) in deliveries.enumerated() {
            let delivery = write.delivery
            guard let repositoryID = delivery.repositoryID else {
                answers[index] = try await storedAnswer(provider: delivery.provider, repositoryID: nil, key: delivery.key, on: connection)
                continue
            }
            positions.append(Int64(index))
            providers.append(delivery.provider.rawValue)
            repositories.append(repositoryID)
            keys.append(delivery.key)
        }
        guard !positions.isEmpty else { return answers }
        let rows = try await connection.boundedQuery(
            """
            SELECT k.position, d.response_status, d.response_body
            FROM unnest(\(positions), \(providers), \(repositories), \(keys)) AS k(position, provider, repository_id, delivery_key)
            JOIN webhook_delivery d ON d.provider = k.provider AND d.repository_id = k.repository_id AND d.delivery_key = k.delivery_key
            """, logger: logger)
        for try await (position, status, body) in rows.decode((Int64, Int32, String).self) {
            answers[Int(position)] = DeliveryAnswer(status: Int(status), body: body, duplicate: true)
        }
        return answers
    }

    /// Writes each delivery in a savepoint of its own, so one failure loses no other.
    ///
    /// Two servers given the same delivery at once: the unique key makes the second insert wait
    /// for the first transaction and then fail; that delivery's savepoint is rolled back and it
    /// answers the stored answer as a duplicate, so exactly one of them creates builds.
    private func recordOneByOne(_ deliveries: [DeliveryWrite], now: Date, on connection: PostgresConnection) async throws -> [Result<DeliveryAnswer, StoreError>] {
        var results: [Result<DeliveryAnswer, StoreError>] = []
        for (index, write) in deliveries.enumerated() {
            let delivery = write.delivery
            let savepoint = "delivery_\(index)"
            try await connection.run(PostgresQuery(unsafeSQL: "SAVEPOINT \(savepoint)"), logger: logger)
            do {
                if let earlier = try await storedAnswer(provider: delivery.provider, repositoryID: delivery.repositoryID, key: delivery.key, on: connection) {
                    results.append(.success(earlier))
                } else if let answer = try await insertBatch(deliveries: [write], builds: [], now: now, on: connection).answers.first {
                    results.append(.success(answer))
                } else {
                    throw StoreError.database("the delivery write gave no answer")
                }
                try await connection.run(PostgresQuery(unsafeSQL: "RELEASE SAVEPOINT \(savepoint)"), logger: logger)
            } catch {
                try await connection.run(PostgresQuery(unsafeSQL: "ROLLBACK TO SAVEPOINT \(savepoint)"), logger: logger)
                let failure = StoreError(postgres: error)
                if case .conflict = failure, let earlier = try await storedAnswer(
                    provider: delivery.provider, repositoryID: delivery.repositoryID, key: delivery.key, on: connection) {
                    results.append(.success(earlier))
                } else {
                    results.append(.failure(failure))
                }
            }
        }
        return results
    }

    /// The stored answer of the delivery with this provider, repository and key.
    private func storedAnswer(provider: GitProvider, repositoryID: Int64?, key: String, on connection: PostgresConnection) async throws -> DeliveryAnswer? {
        let rows = try await connection.boundedQuery(
            """
            SELECT response_status, response_body FROM webhook_delivery
            WHERE provider = \(provider.rawValue) AND \(unescaped: Self.sameRepository(repositoryID)) AND delivery_key = \(key)
            """, logger: logger)
        for try await (status, body) in rows.decode((Int32, String).self) {
            return DeliveryAnswer(status: Int(status), body: body, duplicate: true)
        }
        return nil
    }
}

// MARK: - DeliveryIdentity

/// What makes two deliveries the same: provider, repository and key, as the unique key says.
private struct DeliveryIdentity: Hashable {
    /// The git host.
    let provider: GitProvider
    /// The repository, when identified.
    let repositoryID: Int64?
    /// The provider's delivery id (or the body's digest).
    let key: String

    /// The identity of `delivery`.
    init(_ delivery: IncomingDelivery) {
        provider = delivery.provider
        repositoryID = delivery.repositoryID
        key = delivery.key
    }
}
