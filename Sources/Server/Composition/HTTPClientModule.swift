import DI
import HTTPClient

/// Wires `HTTPClient`: one client for every outbound call (git hosts, team webhooks, the app
/// stores), so connections to each host are reused.
struct HTTPClientModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register((any HTTPExecuting).self, .singleton) { () -> any HTTPExecuting in HTTPClient() }
    }
}
