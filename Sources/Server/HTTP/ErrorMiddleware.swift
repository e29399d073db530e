import Core
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import Store

/// Turns every failure into the contract's error shape with the right status.
///
/// Handlers throw whatever is natural (`APIError`, a service's `ServiceError`, `ValidationFailure`, `StoreError`,
/// Hummingbird's `HTTPError`); this is the one place that decides what the client sees.
/// Unexpected errors are logged with the request id and answered 500 without details.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// Known routes, to answer 405 instead of 404 for a wrong method.
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let apiError = translate(error, request: request, context: context)
            return try apiError.response(from: request, context: context)
        }
    }

    private func translate(_ error: any Error, request: Request, context: Context) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as ServiceError:
            return APIError(error)
        case let error as ValidationFailure:
            return APIError.badRequest(error.message, code: "invalid_\(error.field.snakeCased)")
        case let error as StoreError:
            return translate(error, context: context)
        case let error as HTTPError:
            return translate(error, request: request)
        case is NIOTooManyBytesError:
            return APIError(.contentTooLarge, code: "payload_too_large", message: "the request body is larger than the server's limit")
        case let error as HTTPParserError:
            // The client sent something that is not HTTP (a bad chunk size, say): its fault.
            return APIError.badRequest("the request is not valid HTTP: \(error)", code: "invalid_http")
        default:
            context.logger.error("unhandled error", metadata: ["error": "\(String(reflecting: error))"])
            return .internalError(requestID: context.requestID)
        }
    }

    private func translate(_ error: StoreError, context: Context) -> APIError {
        switch error {
        case let .conflict(message): return .conflict(message)
        case let .notFound(message): return .notFound(message)
        case .jobNotHeld: return APIError(.conflict, code: "job_not_held", message: error.description)
        case .lastAdminToken: return APIError(.conflict, code: "last_admin_token", message: error.description)
        case .storageFull:
            // One line per refused request, with what failed; the client is told only that
            // the server's disk is full (no paths) and when to try again.
            context.logger.error("storage full: write refused", metadata: ["error": "\(error)"])
            return .storageFull
        case .unreachable:
            context.logger.error("database unreachable: request refused", metadata: ["error": "\(error)"])
            return .databaseUnavailable
        default:
            context.logger.error("store error", metadata: ["error": "\(error)"])
            return .internalError(requestID: context.requestID)
        }
    }

    private func translate(_ error: HTTPError, request: Request) -> APIError {
        switch error.status {
        case .notFound:
            let allowed = routes.allowedMethods(for: request.uri.path)
            guard allowed.isEmpty else {
                return APIError(
                    .methodNotAllowed, code: "method_not_allowed",
                    message: "\(request.method.rawValue) is not allowed on \(request.uri.path); use \(allowed.joined(separator: ", "))",
                    headers: [.allow: allowed.joined(separator: ", ")]
                )
            }
            return APIError(.notFound, code: "not_found", message: "no endpoint \(request.method.rawValue) \(request.uri.path); see the API list in the README")
        case .contentTooLarge:
            return APIError(.contentTooLarge, code: "payload_too_large", message: error.body ?? "the request body is too large")
        default:
            let code = error.status.reasonPhrase.snakeCased
            return APIError(error.status, code: code.isEmpty ? "http_error" : code, message: error.body ?? error.status.reasonPhrase, headers: error.headers)
        }
    }
}

extension String {
    /// `Content Too Large` → `content_too_large`; `cloneURL` → `clone_url`.
    var snakeCased: String {
        var result = ""
        var previousWasLower = false
        for character in self {
            if character.isLetter || character.isNumber {
                if character.isUppercase, previousWasLower { result.append("_") }
                result.append(Character(character.lowercased()))
                previousWasLower = character.isLowercase || character.isNumber
            } else {
                if !result.isEmpty, result.last != "_" { result.append("_") }
                previousWasLower = false
            }
        }
        return result.hasSuffix("_") ? String(result.dropLast()) : result
    }
}
