import MemberwiseInit
import Synchronization
import YAMLReading

/// The server's current pipelines, loaded from a folder at start and reloadable while it runs.
///
/// On reload, a file that has become broken keeps serving its last good pipelines (so a typo
/// pushed to the pipelines folder does not stop builds), unless another file now uses the
/// name; a file that was deleted is dropped. Every problem is returned to be reported.
@MemberwiseInit(.public)
public final class PipelineLibrary: Sendable {
    /// The folder pipelines are read from.
    public let directory: String
    // A Mutex (not an actor) so request handlers can read the catalog synchronously.
    private let state = Mutex(Loaded(catalog: .empty, diagnostics: []))

    /// What the last load produced: the pipelines in force and the problems it found.
    private struct Loaded: Sendable {
        var catalog: PipelineCatalog
        var diagnostics: [PipelineDiagnostic]
    }

    /// The pipelines in force now.
    public var catalog: PipelineCatalog {
        state.withLock { $0.catalog }
    }

    /// The problems the last load found, by file; empty when every file was valid. Kept
    /// until the next load, so a listing shows them as long as they are in force.
    public var diagnostics: [PipelineDiagnostic] {
        state.withLock { $0.diagnostics }
    }

    /// Whether `pipeline` is the last good version of a file that failed the last load
    /// (served because a broken file must not stop builds).
    public func isLastGoodVersion(_ pipeline: PipelineDefinition) -> Bool {
        state.withLock { loaded in loaded.diagnostics.contains { $0.file == pipeline.file } }
    }

    // MARK: Reloading

    /// Reads the folder again and swaps in the result; returns every problem found (empty when
    /// all files are valid). Safe to call concurrently with readers and other reloads.
    @discardableResult
    public func reload() -> [PipelineDiagnostic] {
        let (fresh, diagnostics) = PipelineCatalog.load(directory: directory)
        let brokenFiles = Set(diagnostics.map(\.file))
        state.withLock { current in
            current = Loaded(
                catalog: PipelineLibrary.merge(fresh: fresh, previous: current.catalog, brokenFiles: brokenFiles),
                diagnostics: diagnostics)
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
