import Access
import DI

/// Registers the token service: on its own so that `reset-admin-token` can compose the store
/// and the tokens without the rest of a server (see `MobileOpsServer.resetAdminToken`).
struct TokenModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register(TokenService.self, .singleton, TokenService.init(store:clock:logger:signals:))
    }
}
