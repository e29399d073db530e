import Core
import Crypto
import Foundation
import Logging
import Store
import Webhooks

/// Receives a git host's webhook delivery: identify, verify, deduplicate, store, build.
///
/// The order matters. Only the repository's identity is read before the signature is
/// checked with that repository's secret; nothing unverified is parsed further or stored.
/// The delivery, its raw headers and body, the builds it triggers and the answer are then
/// written in one transaction, so `202` means all of it is durable. Deliveries arriving
/// together share that transaction (``GroupCommit``): one commit for a burst.
public struct WebhookIntake: Sendable {
    private let repositories: RepositoryService
    private let commits: GroupCommit<DeliveryWrite, DeliveryAnswer>
    private let planner: BuildPlanner
    private let dispatcher: JobDispatcher
    private let logger: Logger

    /// Creates the intake.
    public init(repositories: RepositoryService, deliveries: any DeliveryStore, planner: BuildPlanner, dispatcher: JobDispatcher, logger: Logger) {
        self.repositories = repositories
        self.commits = GroupCommit(label: "webhook-deliveries") { writes in
            await deliveries.recordDeliveries(writes).map { $0.mapError { $0 } }
        }
        self.planner = planner
        self.dispatcher = dispatcher
        self.logger = logger
    }

    /// Handles one delivery and returns the HTTP status and JSON body to answer with, and
    /// what happened to it (for the metrics).
    /// - Throws: `ServiceError` 400 (unreadable payload), 401 (a signature that does not verify,
    ///   an unknown repository or another provider's: the same answer for all three).
    public func receive(
        provider: GitProvider, headers: [String: String], body: [UInt8]
    ) async throws -> (status: Int, body: String, outcome: WebhookOutcome) {
        let adapter = WebhookProviders.adapter(for: provider)
        let request = WebhookRequest(headers: headers, body: body)
        let identity: RepositoryIdentity
        do {
            identity = try adapter.repositoryIdentity(request)
        } catch {
            throw ServiceError.badRequest(error.description, code: error.code)
        }
        // An unknown repository, another provider's repository and a wrong secret answer alike:
        // a delivery that does not verify must not learn which repositories are registered.
        // The operator finds the reason in the log.
        let found = try await findRepository(identity)
        guard let repository = found, repository.provider == provider else {
            let reason = found.map { "\($0.name) is registered as a \($0.provider.rawValue) repository; its webhooks go to /api/v1/webhooks/\($0.provider.rawValue)" }
                ?? "no repository \(identity.fullName ?? identity.cloneURLs.first ?? "unknown") is registered"
            logger.info("webhook refused", metadata: ["provider": "\(provider.rawValue)", "reason": "\(reason)"])
            // Checked against a secret nobody has: the same outcome a wrong secret gets.
            throw Self.refusal(adapter.checkSignature(request, secret: UUID().uuidString + UUID().uuidString))
        }
        let secret = try await repositories.webhookSecret(repositoryID: repository.id) ?? ""
        let check = adapter.checkSignature(request, secret: secret)
        guard check.isValid else {
            logger.info("webhook refused", metadata: ["provider": "\(provider.rawValue)", "repository": "\(repository.name)", "reason": "\(check.description)"])
            throw Self.refusal(check)
        }
        let event = adapter.eventName(request) ?? "unknown"
        // A delivery without an id is keyed by its body's SHA-256: a resend of the same bytes
        // is then recognised as one, where a random key started another build each time.
        // A redelivery is recognised where it is written (same transaction as the first
        // answer), so the common case costs no extra read.
        let key = adapter.deliveryID(request).flatMap { $0.isEmpty ? nil : $0 } ?? "sha256:\(Hex.encode(SHA256.hash(data: body)))"
        let events: [WebhookEvent]
        do {
            events = try adapter.parseEvents(request)
        } catch {
            throw ServiceError.badRequest(error.description, code: error.code)
        }
        let isPing = events.contains { $0 == .ping }
        let drafts = events.flatMap { event -> [BuildDraft] in
            guard let trigger = event.buildTrigger else { return [] }
            return planner.drafts(for: trigger, repository: repository, message: Self.message(of: event), author: Self.author(of: event))
        }
        let incoming = IncomingDelivery(provider: provider, key: key, event: event, repositoryID: repository.id, headers: request.headers, body: body)
        let answer = try await commits.submit(try DeliveryWrite(delivery: incoming, builds: drafts) { deliveryID, buildIDs in
            let list = buildIDs.map(String.init).joined(separator: ",")
            return DeliveryAnswer(status: isPing ? 200 : 202, body: "{\"builds\":[\(list)],\"delivery\":\(deliveryID)}")
        })
        if answer.duplicate { return (200, answer.body, .duplicate) }
        if !drafts.isEmpty { dispatcher.wake() }
        logger.info("webhook delivery", metadata: ["provider": "\(provider.rawValue)", "event": "\(event)", "repository": "\(repository.name)", "builds": "\(drafts.count)"])
        return (answer.status, answer.body, isPing ? .ping : .accepted)
    }

    /// The 401 for a delivery that does not verify. Only what the request alone decides (a
    /// missing or malformed signature header) is told apart; every other reason reads the same.
    private static func refusal(_ check: SignatureCheck) -> ServiceError {
        let message: String
        switch check {
        case .missingHeader, .malformedHeader:
            message = check.description
        default:
            message = "the signature does not verify for a repository registered with this provider; "
                + "check the repository's name and provider, and that the secret on the hook is its webhook secret"
        }
        return ServiceError(.unauthenticated, code: "invalid_signature", message: message)
    }

    private func findRepository(_ identity: RepositoryIdentity) async throws(StoreError) -> Repository? {
        let snapshot = try await repositories.list()
        if let name = identity.fullName, let found = snapshot.repository(named: name) { return found }
        guard !identity.cloneURLs.isEmpty else { return nil }
        return snapshot.repositories.first { identity.matches(name: $0.name, cloneURL: $0.cloneURL) }
    }

    private static func message(of event: WebhookEvent) -> String? {
        switch event {
        case let .push(push): push.headCommit?.message
        case let .pullRequest(pr): pr.title
        default: nil
        }
    }

    private static func author(of event: WebhookEvent) -> String? {
        switch event {
        case let .push(push): push.pusher ?? push.headCommit?.authorName
        case let .pullRequest(pr): pr.author
        default: nil
        }
    }
}
