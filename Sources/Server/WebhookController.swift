import Core
import Foundation
import Hummingbird
import Scheduling

/// `POST /api/v1/webhooks/{github,gitlab,bitbucket}`: authenticated by signature, not token.
struct WebhookController: APIController {
    let intake: WebhookIntake
    let metrics: ServerMetrics
    let bodyLimit: Int

    var routes: [Route] {
        GitProvider.allCases.map { provider in
            Route(.post, "/api/v1/webhooks/\(provider.rawValue)", scope: nil, readsBodyBeforeCredential: true) { request, _ in
                let buffer: ByteBuffer
                do { buffer = try await request.collectBody(limit: bodyLimit) } catch {
                    metrics.webhookReceived(provider: provider.rawValue, outcome: .init(errorStatus: Self.status(of: error, otherwise: 400)))
                    throw error
                }
                var headers: [String: String] = [:]
                for field in request.headers {
                    let name = field.name.canonicalName
                    headers[name] = headers[name].map { "\($0),\(field.value)" } ?? field.value
                }
                let status: Int
                let body: String
                let outcome: WebhookOutcome
                do {
                    (status, body, outcome) = try await intake.receive(provider: provider, headers: headers, body: Array(buffer.readableBytesView))
                } catch {
                    metrics.webhookReceived(provider: provider.rawValue, outcome: .init(errorStatus: Self.status(of: error, otherwise: 500)))
                    throw error
                }
                // The intake says what happened: a status alone cannot tell a ping from a redelivery.
                metrics.webhookReceived(provider: provider.rawValue, outcome: outcome)
                return Response(
                    status: .init(code: status),
                    headers: [.contentType: "application/json; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(string: body))
                )
            }
        }
    }

    /// The status an error is answered with, for the deliveries counter's outcome.
    private static func status(of error: any Error, otherwise: Int) -> Int {
        switch error {
        case let error as APIError: error.status.code
        case let error as ServiceError: APIError(error).status.code
        default: otherwise
        }
    }
}
