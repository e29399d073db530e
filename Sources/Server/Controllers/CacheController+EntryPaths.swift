import BuildCache

extension CacheController {
    /// A Bazel entry: `folder` is `ac` or `cas`, `hash` its SHA-256 in lower-case hex.
    /// - Throws: ``CacheRequestError/invalidKey(_:)`` for any other hash, or the namespace's error.
    static func bazelEntry(namespace: String, folder: String, hash: String) throws(CacheRequestError) -> CacheEntryID {
        guard hash.utf8.count == 64, hash.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw CacheRequestError.invalidKey("a Bazel key is 64 lower-case hex digits (a SHA-256), not \(hash.debugDescription)")
        }
        return try CacheEntryID(.bazel, namespace: namespace, key: "\(folder)/\(hash)")
    }

    /// An XCRemoteCache entry: `kind` is `file`, `meta` or `marker`.
    /// - Throws: ``CacheRequestError/invalidKey(_:)`` for any other kind, or the namespace's or
    ///   name's error.
    static func xcodeEntry(namespace: String, kind: String, name: String) throws(CacheRequestError) -> CacheEntryID {
        guard ["file", "meta", "marker"].contains(kind) else {
            throw CacheRequestError.invalidKey("an XCRemoteCache path starts with file/, meta/ or marker/, not \(kind)/")
        }
        return try CacheEntryID(.xcode, namespace: namespace, key: "\(kind)/\(name)")
    }

    /// The entry a `GET` of `path` reads, for the shortcut, which answers before the router:
    /// the same entry the cache's routes would read, for paths spelled in letters, digits,
    /// `.`, `_`, `-` and single slashes only. Nil for any other path (a query, an escape, an
    /// empty segment), which the router then reads as it always does.
    static func entry(readBy path: String) -> CacheEntryID? {
        let isPlain = { (byte: UInt8) in
            (97...122).contains(byte) || (65...90).contains(byte) || (48...57).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        let segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        guard path.utf8.first == UInt8(ascii: "/"), segments.count >= 4, segments.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isPlain) }) else {
            return nil
        }
        let words = segments.map { String(decoding: $0, as: UTF8.self) }
        guard words[0] == "cache" else { return nil }
        let namespace = words[2]
        switch (words[1], words.count) {
        case ("gradle", 4): return try? CacheEntryID(.gradle, namespace: namespace, key: words[3])
        case ("bazel", 5) where words[3] == "ac" || words[3] == "cas": return try? bazelEntry(namespace: namespace, folder: words[3], hash: words[4])
        case ("ccache", _): return try? CacheEntryID(.ccache, namespace: namespace, key: words[3...].joined(separator: "/"))
        case ("xcode", 5): return try? xcodeEntry(namespace: namespace, kind: words[3], name: words[4])
        default: return nil
        }
    }
}
