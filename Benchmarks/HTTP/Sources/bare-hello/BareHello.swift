import Hummingbird

/// `bare-hello [PORT [BYTES]]`: the framework's ceiling for `run.sh`, on 127.0.0.1 only.
///
/// - `GET /hello` → `Hello`: no middleware, no per-request logging (Hummingbird logs requests
///   at debug level only), no JSON.
/// - `GET /body` → a fixed `application/json` body of BYTES bytes (default 0: route absent),
///   built once at start: what any route returning a response of that size costs at best.
///
/// Stops on SIGTERM or SIGINT.
@main
struct BareHello {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count <= 2,
              let port = Int(arguments.first ?? "8081"), (0...65535).contains(port),
              let bytes = Int(arguments.count == 2 ? arguments[1] : "0"), (0...(64 << 20)).contains(bytes)
        else {
            print("usage: bare-hello [PORT [BYTES]]")
            throw UsageError()
        }

        let router = Router()
        router.get("/hello") { _, _ in "Hello" }
        if bytes > 0 {
            let body = ByteBuffer(bytes: Self.jsonBody(bytes: bytes))
            router.get("/body") { _, _ in
                Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
            }
        }

        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "bare-hello"),
            onServerRunning: { channel in
                print("listening on 127.0.0.1:\(channel.localAddress?.port ?? port)")
            }
        )
        try await app.runService()
    }

    /// `{"data":"xxx…"}`, exactly `bytes` long (at least 11).
    static func jsonBody(bytes: Int) -> [UInt8] {
        let frame = Array(#"{"data":""}"#.utf8)
        let filler = max(0, bytes - frame.count)
        return Array(frame.prefix(9)) + Array(repeating: UInt8(ascii: "x"), count: filler) + Array(frame.suffix(2))
    }

    /// A bad command line.
    struct UsageError: Error {}
}
