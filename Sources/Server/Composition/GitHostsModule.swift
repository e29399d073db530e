import DI
import GitHosts
import HTTPClient

/// Wires `GitHosts`: the one factory of git host clients, used by the notifiers (commit
/// statuses, findings reports) and the release driver (branch cuts, release notes).
struct GitHostsModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register(GitHostClients.self, .singleton) { (configuration: ServerConfiguration, http: any HTTPExecuting) in
            GitHostClients(configuration: configuration.notifier, http: http)
        }
    }
}
