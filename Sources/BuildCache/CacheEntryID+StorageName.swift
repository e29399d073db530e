import Crypto
import Foundation

extension CacheEntryID {
    /// Where the entry is kept below the storage's root: `<protocol>/<namespace>/<xx>/<sha256
    /// of its key>`. The key's hash, not the key, names it, so no key can reach outside its
    /// namespace and a ccache path (`ab/cdef…`) and a flat key (`ab`) never collide as file
    /// and folder.
    public var storageName: String {
        let digest = SHA256.hash(data: Data(key.utf8)).map { String(format: "%02x", $0) }.joined()
        return "\(self.protocol.rawValue)/\(namespace)/\(digest.prefix(2))/\(digest)"
    }
}
