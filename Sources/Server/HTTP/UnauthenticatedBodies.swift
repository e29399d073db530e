import Hummingbird
import Synchronization

/// Bounds what strangers can hold with request bodies on routes that must read the body
/// before they can check any credential (webhooks: the signature covers the body).
///
/// Elsewhere a caller without a token is answered 401 before its body is read. Here anyone
/// can send a head and then trickle the body a byte at a time: neither the header timeout
/// (the head is complete) nor the idle timeout (every byte resets it) ends that, so enough
/// such connections take every place under the connection cap. So such a body must arrive
/// whole within ``deadline``, and at most ``limit`` of them are read at once, a share of the
/// cap (`MOBILE_OPS_UNAUTHENTICATED_CONNECTIONS_PERCENT`): past it a new one is refused with
/// 503 and `Retry-After` at once, and the rest of the places stay for agents and users.
final class UnauthenticatedBodies: Sendable {
    /// Most bodies read at once.
    let limit: Int
    /// Longest the whole body may take to arrive, from the handler's start.
    let deadline: Duration
    /// Bodies being read now.
    private let reading = Mutex(0)

    /// A share (`percent`) of `maxConnections`, at least one, each with `deadline`.
    init(maxConnections: Int, percent: Int, deadline: Duration) {
        // Divided first, so a cap near Int.max cannot overflow.
        self.limit = max(1, maxConnections / 100 * percent + maxConnections % 100 * percent / 100)
        self.deadline = deadline
    }

    /// How many bodies are being read now.
    var count: Int { reading.withLock { $0 } }

    /// Reads the request's whole body (at most `byteLimit` bytes) within the deadline, if a
    /// place is free, and answers the request with it in memory.
    /// - Throws: 503 `server_busy` when ``limit`` bodies are being read already; 408
    ///   `request_timeout` when the body is not complete in time; 413 past `byteLimit`.
    func read(_ request: Request, byteLimit: Int) async throws -> Request {
        let admitted = reading.withLock { count -> Bool in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard admitted else { throw APIError.serverBusy(limit: limit) }
        defer { reading.withLock { $0 -= 1 } }
        let deadline = self.deadline
        let buffer = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await request.collectBody(limit: byteLimit) }
            group.addTask {
                try await Task.sleep(for: deadline)
                return nil
            }
            // The first to finish decides; the other is cancelled (a body stream ends at once
            // when its reading task is cancelled).
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let buffer else { throw APIError.bodyTimeout(deadline) }
        var complete = request
        complete.body = RequestBody(buffer: buffer)
        return complete
    }
}

extension APIError {
    /// 503 `server_busy`: too many strangers' bodies are being read; retry shortly.
    static func serverBusy(limit: Int) -> APIError {
        APIError(
            .serviceUnavailable, code: "server_busy",
            message: "the server is reading as many unauthenticated request bodies as it allows at once (\(limit)); retry shortly",
            headers: [.retryAfter: "5"])
    }

    /// 408 `request_timeout`: the body did not arrive in time; nothing was done.
    static func bodyTimeout(_ deadline: Duration) -> APIError {
        APIError(
            .requestTimeout, code: "request_timeout",
            message: "the request body did not arrive within \(Self.seconds(deadline)); send it whole at once")
    }

    /// `20 s`, `0.5 s`.
    private static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
