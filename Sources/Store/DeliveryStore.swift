import Core
import Foundation
import MemberwiseInit

/// Durable intake of webhook deliveries and the builds they trigger.
public protocol DeliveryStore: Sendable {
    /// The answer given to an earlier delivery with this key for this repository, if there was one.
    func deliveryAnswer(provider: GitProvider, repositoryID: Int64?, key: String) async throws(StoreError) -> DeliveryAnswer?
    /// Stores each delivery with its builds and their jobs, all in one transaction, and
    /// answers one result per delivery, in order.
    ///
    /// Each delivery is written in its own savepoint: one that fails leaves the others
    /// stored. A delivery whose provider, repository and key were stored before (or earlier
    /// in the same batch) writes nothing and answers that delivery's answer with `duplicate` set.
    func recordDeliveries(_ deliveries: [DeliveryWrite]) async -> [Result<DeliveryAnswer, StoreError>]
}

extension DeliveryStore {
    /// Stores one delivery, its builds and their jobs in one transaction and returns the answer.
    /// - Parameter answer: Builds the response from the new delivery id and build ids.
    public func recordDelivery(
        _ delivery: IncomingDelivery, builds: [BuildDraft],
        answer: @escaping @Sendable (_ deliveryID: Int64, _ buildIDs: [Int64]) -> DeliveryAnswer
    ) async throws(StoreError) -> DeliveryAnswer {
        let results = await recordDeliveries([try DeliveryWrite(delivery: delivery, builds: builds, answer: answer)])
        guard let result = results.first else { throw StoreError.database("the delivery write gave no result") }
        return try result.get()
    }
}

/// One delivery to store with the builds it triggers, encoded ahead of the write.
public struct DeliveryWrite: Sendable {
    /// The delivery as received.
    public let delivery: IncomingDelivery
    /// The request headers as a JSON object.
    package let headers: String
    /// The builds it starts.
    public let builds: [EncodedBuildDraft]
    /// Builds the response from the new delivery id and build ids.
    public let answer: @Sendable (_ deliveryID: Int64, _ buildIDs: [Int64]) -> DeliveryAnswer

    /// Describes one delivery write, encoding its JSON columns now (outside the transaction).
    /// - Throws: `StoreError.database` if something cannot be encoded.
    public init(delivery: IncomingDelivery, builds: [BuildDraft], answer: @escaping @Sendable (_ deliveryID: Int64, _ buildIDs: [Int64]) -> DeliveryAnswer) throws(StoreError) {
        self.delivery = delivery
        headers = JSONText.object(delivery.headers)
        var encoded: [EncodedBuildDraft] = []
        for build in builds { encoded.append(try EncodedBuildDraft(build)) }
        self.builds = encoded
        self.answer = answer
    }
}

/// A webhook delivery as received, before storage.
@MemberwiseInit(.public)
public struct IncomingDelivery: Sendable {
    /// The git host.
    public var provider: GitProvider
    /// The provider's delivery id.
    public var key: String
    /// The event name header's value.
    public var event: String
    /// The repository it concerns, once identified.
    public var repositoryID: Int64?
    /// Request headers (lower-cased names).
    public var headers: [String: String]
    /// The raw body.
    public var body: [UInt8]
}

/// The HTTP answer to a delivery, stored so a redelivery gets the same one.
@MemberwiseInit(.public)
public struct DeliveryAnswer: Sendable, Equatable {
    /// HTTP status (202 for a new delivery).
    public var status: Int
    /// JSON body, e.g. `{"delivery": 7, "builds": [12, 13]}`.
    public var body: String
    /// Whether this answer is replayed from an earlier delivery.
    public var duplicate: Bool = false
}
