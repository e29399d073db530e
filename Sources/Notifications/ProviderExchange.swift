import Foundation
import HTTPClient

// MARK: - ProviderExchange

/// The requests of one delivery that takes several (a check run and its annotation batches, a
/// note and a status): each is sent in turn, and the first that fails stops the delivery with
/// the outcome its response or error deserves, named after the step that failed.
struct ProviderExchange: Sendable {
    let http: any HTTPExecuting

    /// The response of `request` when it succeeded (2xx).
    /// - Throws: ``DeliveryStop`` with the classified outcome, `step` leading its message.
    func send(_ request: HTTPRequest, step: String) async throws(DeliveryStop) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try await http.execute(request)
        } catch {
            throw DeliveryStop(Self.named(OutboxDeliveryOutcome.classify(error), step: step))
        }
        guard response.isSuccess else {
            throw DeliveryStop(Self.named(OutboxDeliveryOutcome.classify(response), step: step), response: response)
        }
        return response
    }

    /// The body of a successful response decoded as `type`; a body the docs say cannot be
    /// (another server answering at that URL) is a permanent failure.
    static func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse, step: String) throws(DeliveryStop) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(response.body))
        } catch {
            throw DeliveryStop(.permanentFailure("\(step): unexpected answer: \(OutboxDeliveryOutcome.bodyExcerpt(response.bodyText))"))
        }
    }

    /// A request from a builder that refuses malformed repository names, as a permanent stop.
    static func built(_ make: () throws(CommitStatusError) -> HTTPRequest) throws(DeliveryStop) -> HTTPRequest {
        do {
            return try make()
        } catch {
            throw DeliveryStop(.permanentFailure(error.description))
        }
    }

    /// `outcome` with `step` before its message.
    static func named(_ outcome: OutboxDeliveryOutcome, step: String) -> OutboxDeliveryOutcome {
        switch outcome {
        case .retry(let error, let retryAfter): .retry("\(step): \(error)", retryAfter: retryAfter)
        case .permanentFailure(let error): .permanentFailure("\(step): \(error)")
        case .skipped(let reason): .skipped("\(step): \(reason)")
        case .delivered, .interrupted: outcome
        }
    }
}

// MARK: - DeliveryStop

/// Why a delivery stopped before its last request: the outcome to record, and the response
/// that caused it when there was one (GitHub's 403 for a token that may not write checks).
struct DeliveryStop: Error {
    let outcome: OutboxDeliveryOutcome
    let response: HTTPResponse?

    init(_ outcome: OutboxDeliveryOutcome, response: HTTPResponse? = nil) {
        self.outcome = outcome
        self.response = response
    }
}
