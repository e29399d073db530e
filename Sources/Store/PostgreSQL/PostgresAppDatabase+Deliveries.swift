import Core
import Foundation
import NIOCore
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
    ///
    /// Two servers given the same delivery at once: the unique key makes the second insert wait
    /// for the first transaction and then fail; that delivery's savepoint is rolled back and it
    /// answers the stored answer as a duplicate, so exactly one of them creates builds.
    public func recordDeliveries(_ deliveries: [DeliveryWrite]) async -> [Result<DeliveryAnswer, StoreError>] {
        let now = clock.now
        do {
            return try await write { connection in
                var results: [Result<DeliveryAnswer, StoreError>] = []
                for (index, delivery) in deliveries.enumerated() {
                    let savepoint = "delivery_\(index)"
                    try await connection.run(PostgresQuery(unsafeSQL: "SAVEPOINT \(savepoint)"), logger: self.logger)
                    do {
                        results.append(.success(try await self.record(delivery, now: now, on: connection)))
                        try await connection.run(PostgresQuery(unsafeSQL: "RELEASE SAVEPOINT \(savepoint)"), logger: self.logger)
                    } catch {
                        try await connection.run(PostgresQuery(unsafeSQL: "ROLLBACK TO SAVEPOINT \(savepoint)"), logger: self.logger)
                        let failure = StoreError(postgres: error)
                        if case .conflict = failure, let earlier = try await self.storedAnswer(
                            provider: delivery.delivery.provider, repositoryID: delivery.delivery.repositoryID, key: delivery.delivery.key, on: connection) {
                            results.append(.success(earlier))
                        } else {
                            results.append(.failure(failure))
                        }
                    }
                }
                return results
            }
        } catch {
            // The commit itself failed: nothing of the batch is stored.
            return deliveries.map { _ in .failure(error) }
        }
    }

    /// Writes one delivery, its builds and its answer (or answers the earlier delivery's).
    private func record(_ write: DeliveryWrite, now: Date, on connection: PostgresConnection) async throws -> DeliveryAnswer {
        let delivery = write.delivery
        if let earlier = try await storedAnswer(provider: delivery.provider, repositoryID: delivery.repositoryID, key: delivery.key, on: connection) {
            return earlier
        }
        let id = try await connection.value(
            """
            INSERT INTO webhook_delivery (provider, delivery_key, event, repository_id, headers, body, received_at, response_status, response_body)
            VALUES (\(delivery.provider.rawValue), \(delivery.key), \(delivery.event), \(delivery.repositoryID), \(write.headers),
                    \(ByteBuffer(bytes: delivery.body)), \(PostgresTime.stored(now)), 0, '')
            RETURNING id
            """, as: Int64.self, logger: logger)
        guard let id else { throw StoreError.database("delivery insert returned no id") }
        var buildIDs: [Int64] = []
        for draft in write.builds {
            buildIDs.append(try await insertBuild(draft, deliveryID: id, now: now, on: connection))
        }
        let answer = write.answer(id, buildIDs)
        try await connection.run(
            "UPDATE webhook_delivery SET response_status = \(Int32(clamping: answer.status)), response_body = \(answer.body) WHERE id = \(id)",
            logger: logger)
        return answer
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
