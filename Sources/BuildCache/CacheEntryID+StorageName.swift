import Core
import Crypto
import Foundation

extension CacheEntryID {
    /// Where the entry is kept below the storage's root: `<protocol>/<namespace>/<xx>/<sha256
    /// of its key>`. The key's hash, not the key, names it, so no key can reach outside its
    /// namespace and a ccache path (`ab/cdef…`) and a flat key (`ab`) never collide as file
    /// and folder.
    public var storageName: String {
        // Hex.encode, not String(format:) per byte: this runs on every request (a tenth of a 4 KiB GET's CPU).
        let digest = SHA256.hash(data: Array(key.utf8)).withUnsafeBytes { Hex.encode($0) }
        return "\(self.protocol.rawValue)/\(namespace)/\(digest.prefix(2))/\(digest)"
    }
}
