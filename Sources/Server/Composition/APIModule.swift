import Access
import Core
import DI
import Logging
import Scheduling
import Store

/// Registers the HTTP-facing services and every controller.
///
/// Controllers are contributed to the `APIController` multi-binding in the order their
/// routes should be registered; `RouterFactory` receives them all as one array and adds the
/// OpenAPI document's route, made from theirs.
struct APIModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register(Authenticator.self, .singleton, Authenticator.init(tokens:))
        builder.register(RepositoryService.self, .singleton, RepositoryService.init(store:clock:signals:))

        builder.contribute((any APIController).self, .singleton) { (database: any StoreDatabase) -> any APIController in
            HealthController(database: database)
        }
        builder.contribute((any APIController).self, .singleton) { (tokens: TokenService, configuration: ServerConfiguration) -> any APIController in
            TokenController(tokens: tokens, bodyLimit: configuration.maxBodySize)
        }
        builder.contribute((any APIController).self, .singleton) { (service: RepositoryService, configuration: ServerConfiguration) -> any APIController in
            RepositoryController(repositories: service, bodyLimit: configuration.maxBodySize)
        }
        builder.contribute((any APIController).self, .singleton) { (log: any AuditLog) -> any APIController in
            AuditController(log: log)
        }

        builder.register(RouterFactory.self, .singleton, RouterFactory.init(controllers:authenticator:configuration:))
        builder.entryPoint(RouterFactory.self)
        builder.entryPoint(TokenService.self)
    }
}
