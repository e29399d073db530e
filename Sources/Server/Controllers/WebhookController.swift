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
            Route(
                .post, "/api/v1/webhooks/\(provider.rawValue)", scope: nil, readsBodyBeforeCredential: true, openAPI: Self.operation(provider)
            ) { request, _ in
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

    /// What the OpenAPI document says of `provider`'s webhook route.
    private static func operation(_ provider: GitProvider) -> OpenAPIOperation {
        OpenAPIOperation(
            "A \(provider.rawValue) webhook delivery", tag: "webhooks", caller: .signature(scheme: signatureScheme(provider)),
            body: .json(.ref("Document")),
            answers: [
                .json(200, "A ping, or a redelivery answered with the first answer; the body says what the delivery did (docs/webhooks.md).", .ref("WebhookAnswer")),
                .json(202, "Accepted and stored with the builds it started.", .ref("WebhookAnswer")),
                .error(401, "A missing or wrong signature, or a payload naming a repository not registered with this provider: the same answer for each, so a stranger cannot tell which repositories are registered (no `WWW-Authenticate`)."),
            ],
            errors: [.badRequest, .requestTimeout, .webhookUnavailable]
        )
    }

    /// The security scheme (`components.securitySchemes`) of `provider`'s deliveries: the
    /// header its signature or secret comes in.
    private static func signatureScheme(_ provider: GitProvider) -> String {
        switch provider {
        case .github: "githubSignature"
        case .gitlab: "gitlabToken"
        case .bitbucket: "bitbucketSignature"
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
