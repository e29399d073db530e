import Synchronization

/// The server's current pipelines, loaded from a folder at start and reloadable while it runs.
///
/// On reload, a file that has become broken keeps serving its last good pipelines (so a typo
/// pushed to the pipelines folder does not stop builds), unless another file now uses the
/// name; a file that was deleted is dropped. Every problem is returned to be reported.
public final class PipelineLibrary: Sendable {
    /// The folder pipelines are read from.
    public let directory: String
    // A Mutex (not an actor) so request handlers can read the catalog synchronously.
    private let state = Mutex(PipelineCatalog.empty)

    /// Creates a library for `directory`; nothing is read until `reload()`.
    public init(directory: String) {
        self.directory = directory
    }

    /// The pipelines in force now.
    public var catalog: PipelineCatalog {
        state.withLock { $0 }
    }

    // MARK: Reloading

    /// Reads the folder again and swaps in the result; returns every problem found (empty when
    /// all files are valid). Safe to call concurrently with readers and other reloads.
    @discardableResult
    public func reload() -> [PipelineDiagnostic] {
        let (fresh, diagnostics) = PipelineCatalog.load(directory: directory)
        let brokenFiles = Set(diagnostics.map(\.file))
        state.withLock { current in
            current = PipelineLibrary.merge(fresh: fresh, previous: current, brokenFiles: brokenFiles)
        }
        return diagnostics
    }

    /// `fresh`, plus previous pipelines from files that failed this time and produced nothing
    /// new, as long as their names are still free.
    static func merge(fresh: PipelineCatalog, previous: PipelineCatalog, brokenFiles: Set<String>) -> PipelineCatalog {
        let freshFiles = Set(fresh.pipelines.map(\.file))
        let kept = previous.pipelines.filter { old in
            brokenFiles.contains(old.file) && !freshFiles.contains(old.file) && fresh.pipeline(named: old.name) == nil
        }
        return PipelineCatalog(pipelines: fresh.pipelines + kept)
    }
}
