import Foundation

extension FolderCacheStorage {
    /// Deletes the files of `tmp/` last written before `cutoff`: uploads a stopped server left.
    public func removeStagedFiles(writtenBefore cutoff: Date) async throws(CacheRequestError) -> Int {
        try await CacheFolderListing.removeFiles(in: temporaryFolder, writtenBefore: cutoff, threadPool: threadPool)
    }

    /// Deletes the entry files last written before `cutoff` that `recorded` does not name,
    /// one namespace at a time and, within it, one `<xx>` folder at a time. Only files named
    /// as entries are looked at; a namespace whose keys cannot be read is left alone.
    public func removeUnrecordedEntries(
        writtenBefore cutoff: Date, recorded: (CacheProtocol, String) async -> RecordedCacheEntries?
    ) async throws(CacheRequestError) -> Int {
        var removed = 0
        do {
            for cacheProtocol in CacheProtocol.allCases {
                let protocolFolder = "\(directory)/entries/\(cacheProtocol.rawValue)"
                let namespaces = try await CacheFolderListing.folders(in: protocolFolder, threadPool: threadPool)
                for namespace in namespaces where CacheEntryID.problem(withNamespace: namespace) == nil {
                    guard !Task.isCancelled else { return removed }
                    let namespaceFolder = protocolFolder + "/" + namespace
                    let shards = try await CacheFolderListing.folders(in: namespaceFolder, threadPool: threadPool)
                    guard !shards.isEmpty, let known = await recorded(cacheProtocol, namespace) else { continue }
                    for shard in shards {
                        let folder = namespaceFolder + "/" + shard
                        let unrecorded = try await CacheFolderListing.files(in: folder, writtenBefore: cutoff, threadPool: threadPool).filter { name in
                            RecordedCacheEntries.prefix(ofFileName: name) != nil && !known.contains(fileName: name)
                        }
                        removed += try await CacheFolderListing.remove(unrecorded.map { folder + "/" + $0 }, writtenBefore: cutoff, threadPool: threadPool)
                    }
                }
            }
        } catch {
            throw .unavailable("cannot sweep \(directory)/entries: \(error)")
        }
        return removed
    }
}
