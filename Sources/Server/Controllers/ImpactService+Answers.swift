import Foundation
import Hummingbird
import Insights
import ServiceLifecycle

/// How the impact and dependency-check routes run an analysis: stopped when the server starts
/// to shut down, and answered 503/504 when it could not run or finish.
extension ImpactService {
    /// `body`'s result. A graceful shutdown stops every analysis in flight (its git killed)
    /// instead of waiting for it; ``AnalysisUnavailable`` becomes its status and code.
    func answering<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await withGracefulShutdownHandler {
                try await body()
            } onGracefulShutdown: {
                self.stopAll()
            }
        } catch let refusal as AnalysisUnavailable {
            // Busy or shutting down passes; a timeout would only recur.
            let headers: HTTPFields = refusal.status == 503 ? [.retryAfter: "5"] : [:]
            throw APIError(HTTPResponse.Status(code: refusal.status), code: refusal.code, message: refusal.description, headers: headers)
        }
    }
}
