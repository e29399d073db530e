import Hummingbird

/// `bare-hello [PORT]`: serves `GET /hello` → `Hello` on 127.0.0.1:PORT (default 8081).
///
/// No middleware, no per-request logging (Hummingbird logs requests at debug level only),
/// no JSON: the baseline that `run.sh` compares the server's routes against.
/// Stops on SIGTERM or SIGINT.
@main
struct BareHello {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count <= 1, let port = Int(arguments.first ?? "8081"), (0...65535).contains(port) else {
            print("usage: bare-hello [PORT]")
            throw UsageError()
        }
        let router = Router()
        router.get("/hello") { _, _ in "Hello" }

        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "bare-hello"),
            onServerRunning: { channel in
                print("listening on 127.0.0.1:\(channel.localAddress?.port ?? port)")
            }
        )
        try await app.runService()
    }

    /// A bad command line.
    struct UsageError: Error {}
}
