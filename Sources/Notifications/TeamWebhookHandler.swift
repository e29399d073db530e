import Foundation
import HTTPClient
import MemberwiseInit
import Store

/// Delivers the team's announcements from the outbox — `regression` (build metrics) and
/// `release_step` (every release-train transition) — by POSTing
/// `{"kind": <kind>, "<kind>": <payload>}` to `MOBILE_OPS_NOTIFY_WEBHOOK_URL` (a chat bot's
/// incoming webhook, a team's automation), with `X-MobileOps-Event: <kind>`.
///
/// Without a URL the message is marked delivered with the note "skipped: …": the same facts
/// are in the API, the dashboard and the feed, and a message nobody can receive must neither
/// pile up as pending nor end up dead.
@MemberwiseInit(.public)
public struct TeamWebhookHandler: OutboxHandler {
    private let url: String?
    private let http: any HTTPExecuting
    private let userAgent: String

    /// POSTs the message to the team's URL and says how it went.
    public func deliver(_ message: OutboxMessage) async -> OutboxDeliveryOutcome {
        guard let url else { return .skipped("no MOBILE_OPS_NOTIFY_WEBHOOK_URL configured") }
        guard (try? JSONSerialization.jsonObject(with: Data(message.payload.utf8))) != nil else {
            return .permanentFailure("the \(message.kind) payload is not JSON")
        }
        let request = HTTPRequest(
            method: .post, url: url,
            headers: ["Content-Type": "application/json", "User-Agent": userAgent, "X-MobileOps-Event": message.kind],
            text: #"{"kind":"\#(message.kind)","\#(message.kind)":"# + message.payload + "}")
        do {
            return OutboxDeliveryOutcome.classify(try await http.execute(request))
        } catch {
            return OutboxDeliveryOutcome.classify(error)
        }
    }
}
