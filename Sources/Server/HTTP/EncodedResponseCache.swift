import Hummingbird
import Synchronization

/// Keeps the encoded JSON body of one read-mostly response, keyed by the data's version.
///
/// Encoding a hundred repositories costs far more than serving them; while the version is
/// unchanged every request reuses the same bytes (copying a `ByteBuffer` shares its storage).
final class EncodedResponseCache: Sendable {
    private let entry = Mutex<(version: Int, body: ByteBuffer)?>(nil)

    /// The JSON response for `version`, calling `value` and encoding only when the cache is older.
    func response(version: Int, _ value: () throws -> some Encodable) throws -> Response {
        if let cached = entry.withLock({ $0 }), cached.version == version {
            return .json(encoded: cached.body)
        }
        let body = try Response.encodeJSON(value())
        entry.withLock { current in
            if current.map({ $0.version <= version }) ?? true { current = (version, body) }
        }
        return .json(encoded: body)
    }
}
