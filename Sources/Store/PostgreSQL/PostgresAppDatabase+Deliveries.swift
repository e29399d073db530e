import Core
import Foundation
import PostgresNIO

extension PostgresAppDatabase: DeliveryStore {
    /// The answer given to an earlier delivery with this key for this repository, if there was one.
    public func deliveryAnswer(provider: GitProvider, repositoryID: Int64?, key: String) async throws(StoreError) -> DeliveryAnswer? {
        try await read { connection in
            try await self.storedAnswer(provider: provider, repositoryID: repositoryID, key: key, on: connection)
        }
    }

    /// Stores each delivery with its builds and jobs, all in one transaction (committed before
    /// any answer is given: `synchronous_commit` stays on), each in its own savepoint so one
    /// failure loses no other.
    public func recordDeliveries(_ deliveries: [DeliveryWrite]) async -> [Result<DeliveryAnswer, StoreError>] {
        let now = clock.now
        do {
            return try await write { connection in try await self.recordOneByOne(deliveries, now: now, on: connection) }
        } catch {
            // The commit itself failed: nothing of the batch is stored.
            return deliveries.map { _ in .failure(error) }
        }
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
        let rows = try await connection.query(
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
