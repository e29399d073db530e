/// Who may call each operation of the HTTP API: one line per operation, one column per kind of
/// credential a request can carry, and what the server answers.
///
/// A second statement, kept by hand, of what each operation's `x-mobile-ops-scope` says (made
/// from each route's scope and caller, `OpenAPIAccess`), so that a mistake in one is caught by
/// the other: the server never reads this table; `Tests/ServerTests/AccessMatrixTests.swift`
/// checks that it covers exactly the document's operations and agrees with their scopes, then
/// calls every route with every credential below and compares the status with it. docs/api.md
/// explains it.
///
/// Columns, the credential sent:
/// - `none`: no `Authorization` header;
/// - `malformed`: `Bearer` alone, a valid token followed by another word, the `Basic` or `Token`
///   scheme, or a well-formed token value (API, agent or registration) the server never issued;
///   on the build cache's routes (`/cache/…`, which take the token as a Basic password) the
///   `Basic` credential carries the admin token and gets what the `admin` column says;
/// - `revoked`: a revoked admin API token, the token of an agent whose registration token was
///   revoked, a revoked registration token;
/// - `read`, `write`, `admin`: a valid API token of that scope (`mo_…`);
/// - `agent`: a registered agent's own token (`moa_…`);
/// - `register`: an agent registration token (`mor_…`).
///
/// Outcomes: `ok` lets the request through (its answer then depends on the request: 2xx, or
/// 400, 404 or 409 for bad input or state); `401` refuses it as unauthenticated, with
/// `WWW-Authenticate: Bearer` except on webhooks (their credential is the delivery's signature,
/// which no bearer token replaces) and on the build cache's routes (`Basic realm="mobile-ops"`,
/// the challenge Gradle's HTTP client answers); `403` refuses a valid API token lacking the scope.
enum OpenAPIAccessMatrix {
    /// The table: a header line, then `METHOD /path` and one outcome per column.
    static let table = """
        METHOD PATH                                      none malformed revoked read write admin agent register
        GET    /                                         ok   ok        ok      ok   ok    ok    ok    ok
        POST   /api/v1/agent/jobs/next                   401  401       401     401  401   401   ok    401
        PUT    /api/v1/agent/jobs/{id}/artifacts         401  401       401     401  401   401   ok    401
        POST   /api/v1/agent/jobs/{id}/checkout          401  401       401     401  401   401   ok    401
        POST   /api/v1/agent/jobs/{id}/device-batches/next 401  401       401     401  401   401   ok    401
        POST   /api/v1/agent/jobs/{id}/device-batches/{batch}/result 401  401   401     401  401   401   ok    401
        POST   /api/v1/agent/jobs/{id}/device-tests      401  401       401     401  401   401   ok    401
        POST   /api/v1/agent/jobs/{id}/findings          401  401       401     401  401   401   ok    401
        POST   /api/v1/agent/jobs/{id}/finish            401  401       401     401  401   401   ok    401
        POST   /api/v1/agent/jobs/{id}/heartbeat         401  401       401     401  401   401   ok    401
        POST   /api/v1/agent/jobs/{id}/impact            401  401       401     401  401   401   ok    401
        POST   /api/v1/agent/jobs/{id}/log               401  401       401     401  401   401   ok    401
        POST   /api/v1/agent/jobs/{id}/metrics           401  401       401     401  401   401   ok    401
        POST   /api/v1/agent/jobs/{id}/secrets           401  401       401     401  401   401   ok    401
        POST   /api/v1/agent/jobs/{id}/start             401  401       401     401  401   401   ok    401
        POST   /api/v1/agent/devices/readmit             401  401       401     401  401   401   ok    401
        POST   /api/v1/agent/stop                        401  401       401     401  401   401   ok    401
        GET    /api/v1/agents                            401  401       401     403  403   ok    401   401
        POST   /api/v1/agents/register                   401  401       401     401  401   401   401   ok
        GET    /api/v1/agents/tokens                     401  401       401     403  403   ok    401   401
        POST   /api/v1/agents/tokens                     401  401       401     403  403   ok    401   401
        DELETE /api/v1/agents/tokens/{id}                401  401       401     403  403   ok    401   401
        DELETE /api/v1/agents/{id}                       401  401       401     403  403   ok    401   401
        GET    /api/v1/artifacts/{id}                    401  401       401     ok   ok    ok    401   401
        GET    /api/v1/audit                             401  401       401     403  403   ok    401   401
        GET    /api/v1/builds                            401  401       401     ok   ok    ok    401   401
        POST   /api/v1/builds                            401  401       401     403  ok    ok    401   401
        GET    /api/v1/builds/{id}                       401  401       401     ok   ok    ok    401   401
        GET    /api/v1/builds/{id}/cache                 401  401       401     ok   ok    ok    401   401
        POST   /api/v1/builds/{id}/cancel                401  401       401     403  ok    ok    401   401
        GET    /api/v1/builds/{id}/device-runs           401  401       401     ok   ok    ok    401   401
        POST   /api/v1/builds/{id}/findings              401  401       401     403  ok    ok    401   401
        GET    /api/v1/builds/{id}/findings              401  401       401     ok   ok    ok    401   401
        GET    /api/v1/builds/{id}/impact                401  401       401     ok   ok    ok    401   401
        POST   /api/v1/builds/{id}/retry                 401  401       401     403  ok    ok    401   401
        GET    /api/v1/builds/{id}/tests                 401  401       401     ok   ok    ok    401   401
        GET    /api/v1/cache/stats                       401  401       401     ok   ok    ok    401   401
        GET    /api/v1/cache/stats/daily                 401  401       401     ok   ok    ok    401   401
        POST   /api/v1/checks/deps                       401  401       401     ok   ok    ok    401   401
        GET    /api/v1/dashboard                         401  401       401     ok   ok    ok    401   401
        GET    /api/v1/devices                           401  401       401     ok   ok    ok    401   401
        POST   /api/v1/devices/readmit                   401  401       401     403  ok    ok    401   401
        POST   /api/v1/impact                            401  401       401     ok   ok    ok    401   401
        GET    /api/v1/jobs/{id}                         401  401       401     ok   ok    ok    401   401
        GET    /api/v1/jobs/{id}/artifacts               401  401       401     ok   ok    ok    401   401
        GET    /api/v1/jobs/{id}/log                     401  401       401     ok   ok    ok    401   401
        POST   /api/v1/jobs/{id}/retry                   401  401       401     403  ok    ok    401   401
        GET    /api/v1/me                                401  401       401     ok   ok    ok    401   401
        POST   /api/v1/metrics/builds                    401  401       401     403  ok    ok    401   401
        GET    /api/v1/metrics/cache                     401  401       401     ok   ok    ok    401   401
        GET    /api/v1/metrics/findings                  401  401       401     ok   ok    ok    401   401
        GET    /api/v1/metrics/regressions               401  401       401     ok   ok    ok    401   401
        GET    /api/v1/metrics/summary                   401  401       401     ok   ok    ok    401   401
        GET    /api/v1/metrics/tests/flaky               401  401       401     ok   ok    ok    401   401
        GET    /api/v1/metrics/tests/regressed           401  401       401     ok   ok    ok    401   401
        GET    /api/v1/metrics/tests/slowest             401  401       401     ok   ok    ok    401   401
        GET    /api/v1/openapi.json                      ok   ok        ok      ok   ok    ok    ok    ok
        GET    /api/v1/outbox                            401  401       401     403  403   ok    401   401
        POST   /api/v1/outbox/{id}/retry                 401  401       401     403  403   ok    401   401
        GET    /api/v1/pipelines                         401  401       401     ok   ok    ok    401   401
        POST   /api/v1/pipelines/reload                  401  401       401     403  403   ok    401   401
        GET    /api/v1/releases                          401  401       401     ok   ok    ok    401   401
        POST   /api/v1/releases                          401  401       401     403  ok    ok    401   401
        GET    /api/v1/releases/{id}                     401  401       401     ok   ok    ok    401   401
        GET    /api/v1/releases/{id}/notes               401  401       401     ok   ok    ok    401   401
        POST   /api/v1/releases/{id}/{action}            401  401       401     403  ok    ok    401   401
        GET    /api/v1/repositories                      401  401       401     ok   ok    ok    401   401
        POST   /api/v1/repositories                      401  401       401     403  403   ok    401   401
        DELETE /api/v1/repositories/{id}                 401  401       401     403  403   ok    401   401
        GET    /api/v1/repositories/{id}                 401  401       401     ok   ok    ok    401   401
        POST   /api/v1/repositories/{id}/rotate-secret   401  401       401     403  403   ok    401   401
        GET    /api/v1/repositories/{id}/secrets         401  401       401     403  403   ok    401   401
        DELETE /api/v1/repositories/{id}/secrets/{name}  401  401       401     403  403   ok    401   401
        PUT    /api/v1/repositories/{id}/secrets/{name}  401  401       401     403  403   ok    401   401
        GET    /api/v1/system/graph                      401  401       401     ok   ok    ok    401   401
        POST   /api/v1/tests/mute                        401  401       401     403  ok    ok    401   401
        GET    /api/v1/tests/muted                       401  401       401     ok   ok    ok    401   401
        POST   /api/v1/tests/unmute                      401  401       401     403  ok    ok    401   401
        GET    /api/v1/tokens                            401  401       401     403  403   ok    401   401
        POST   /api/v1/tokens                            401  401       401     403  403   ok    401   401
        DELETE /api/v1/tokens/{id}                       401  401       401     403  403   ok    401   401
        GET    /api/v1/trains                            401  401       401     ok   ok    ok    401   401
        POST   /api/v1/trains                            401  401       401     403  403   ok    401   401
        GET    /api/v1/trains/{id}                       401  401       401     ok   ok    ok    401   401
        POST   /api/v1/webhooks/bitbucket                401  401       401     401  401   401   401   401
        POST   /api/v1/webhooks/github                   401  401       401     401  401   401   401   401
        POST   /api/v1/webhooks/gitlab                   401  401       401     401  401   401   401   401
        GET    /agents                                   ok   ok        ok      ok   ok    ok    ok    ok
        GET    /audit                                    ok   ok        ok      ok   ok    ok    ok    ok
        GET    /builds                                   ok   ok        ok      ok   ok    ok    ok    ok
        GET    /builds/{id}                              ok   ok        ok      ok   ok    ok    ok    ok
        GET    /cache/bazel/{namespace}/ac/{hash}        401  401       401     ok   ok    ok    401   401
        HEAD   /cache/bazel/{namespace}/ac/{hash}        401  401       401     ok   ok    ok    401   401
        PUT    /cache/bazel/{namespace}/ac/{hash}        401  401       401     403  ok    ok    401   401
        GET    /cache/bazel/{namespace}/cas/{hash}       401  401       401     ok   ok    ok    401   401
        HEAD   /cache/bazel/{namespace}/cas/{hash}       401  401       401     ok   ok    ok    401   401
        PUT    /cache/bazel/{namespace}/cas/{hash}       401  401       401     403  ok    ok    401   401
        DELETE /cache/ccache/{namespace}/{path}          401  401       401     403  ok    ok    401   401
        GET    /cache/ccache/{namespace}/{path}          401  401       401     ok   ok    ok    401   401
        HEAD   /cache/ccache/{namespace}/{path}          401  401       401     ok   ok    ok    401   401
        PUT    /cache/ccache/{namespace}/{path}          401  401       401     403  ok    ok    401   401
        GET    /cache/gradle/{namespace}/{key}           401  401       401     ok   ok    ok    401   401
        PUT    /cache/gradle/{namespace}/{key}           401  401       401     403  ok    ok    401   401
        HEAD   /cache/xcode/{namespace}/nginx-health     401  401       401     ok   ok    ok    401   401
        GET    /cache/xcode/{namespace}/{kind}/{name}    401  401       401     ok   ok    ok    401   401
        HEAD   /cache/xcode/{namespace}/{kind}/{name}    401  401       401     ok   ok    ok    401   401
        PUT    /cache/xcode/{namespace}/{kind}/{name}    401  401       401     403  ok    ok    401   401
        GET    /devices                                  ok   ok        ok      ok   ok    ok    ok    ok
        GET    /feed.json                                401  401       401     ok   ok    ok    401   401
        GET    /healthz                                  ok   ok        ok      ok   ok    ok    ok    ok
        GET    /metrics                                  ok   ok        ok      ok   ok    ok    ok    ok
        GET    /outbox                                   ok   ok        ok      ok   ok    ok    ok    ok
        GET    /pipelines                                ok   ok        ok      ok   ok    ok    ok    ok
        GET    /queue                                    ok   ok        ok      ok   ok    ok    ok    ok
        GET    /readyz                                   ok   ok        ok      ok   ok    ok    ok    ok
        GET    /releases                                 ok   ok        ok      ok   ok    ok    ok    ok
        GET    /releases/{id}                            ok   ok        ok      ok   ok    ok    ok    ok
        """
}
