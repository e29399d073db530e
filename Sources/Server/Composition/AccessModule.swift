import Access
import Core
import DI
import Store

/// Wires `Access`: the token service and agents' authentication. Apart from the rest so that
/// `reset-admin-token` can compose the store and the tokens without a whole server (see
/// `MobileOpsServer.resetAdminToken`).
struct AccessModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register(TokenService.self, .singleton, TokenService.init(store:clock:logger:signals:))
        builder.register(AgentAuthService.self, .singleton) { (store: any AgentStore, configuration: ServerConfiguration, clock: any TimeSource) in
            AgentAuthService(store: store, leaseSeconds: configuration.leaseSeconds, clock: clock)
        }
    }
}
