import Foundation
import YAMLReading
import Yams

/// The pipelines the server knows: every valid definition from the pipelines folder.
///
/// A value: reloading builds a new catalog (see `PipelineLibrary` for the shared, reloadable
/// holder). One broken file never hides the others; it is reported and left out.
public struct PipelineCatalog: Sendable, Equatable {
    /// The pipelines, sorted by name.
    public private(set) var pipelines: [PipelineDefinition]

    /// A catalog of already-validated pipelines (names are assumed unique; the first wins).
    public init(pipelines: [PipelineDefinition]) {
        var seen: Set<String> = []
        self.pipelines = pipelines.filter { seen.insert($0.name).inserted }.sorted { $0.name < $1.name }
    }

    /// A catalog with no pipelines.
    public static let empty = PipelineCatalog(pipelines: [])

    // MARK: Loading

    /// Loads every `*.yml` and `*.yaml` directly in `directory` (hidden files skipped), in
    /// name order. Files with errors are left out and reported; a pipeline name already used
    /// by an earlier file is an error at the later file's `name`.
    public static func load(directory: String) -> (catalog: PipelineCatalog, diagnostics: [PipelineDiagnostic]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            let message = "cannot read the pipelines folder: it is missing or not a readable directory"
            return (.empty, [PipelineDiagnostic(file: directory, line: 1, column: 1, message: message)])
        }
        var sources: [(file: String, yaml: String)] = []
        var diagnostics: [PipelineDiagnostic] = []
        let base = URL(fileURLWithPath: directory, isDirectory: true)
        for name in names.sorted() where isPipelineFileName(name) {
            let path = base.appendingPathComponent(name).path
            guard let data = FileManager.default.contents(atPath: path),
                  let yaml = String(data: data, encoding: .utf8)
            else {
                diagnostics.append(PipelineDiagnostic(file: path, line: 1, column: 1, message: "cannot read the file as UTF-8 text"))
                continue
            }
            sources.append((path, yaml))
        }
        let loaded = load(sources: sources)
        return (loaded.catalog, (diagnostics + loaded.diagnostics).sorted())
    }

    /// Parses in-memory files, in the order given, with the same rules as `load(directory:)`.
    public static func load(sources: [(file: String, yaml: String)]) -> (catalog: PipelineCatalog, diagnostics: [PipelineDiagnostic]) {
        var pipelines: [PipelineDefinition] = []
        var diagnostics: [PipelineDiagnostic] = []
        for source in sources {
            switch PipelineParser.parseLocated(yaml: source.yaml, file: source.file) {
            case .failure(let failure):
                diagnostics += failure.diagnostics
            case .success(let parsed):
                if let earlier = pipelines.first(where: { $0.name == parsed.definition.name }) {
                    let mark = parsed.nameMark
                    diagnostics.append(PipelineDiagnostic(
                        file: source.file, line: mark?.line ?? 1, column: mark?.column ?? 1,
                        message: "pipeline name '\(parsed.definition.name)' is already used by \(earlier.file); names must be unique"
                    ))
                } else {
                    pipelines.append(parsed.definition)
                }
            }
        }
        return (PipelineCatalog(pipelines: pipelines), diagnostics.sorted())
    }

    private static func isPipelineFileName(_ name: String) -> Bool {
        !name.hasPrefix(".") && (name.hasSuffix(".yml") || name.hasSuffix(".yaml"))
    }

    // MARK: Queries

    /// The pipeline called `name`, if any.
    public func pipeline(named name: String) -> PipelineDefinition? {
        pipelines.first { $0.name == name }
    }

    /// The pipelines that `trigger` starts in `repository`, highest priority first (then by
    /// name, so the order is stable).
    public func matching(_ trigger: TriggerContext, repository: String) -> [PipelineDefinition] {
        pipelines
            .filter { $0.isTriggered(by: trigger, repository: repository) }
            .sorted { ($1.priority, $0.name) < ($0.priority, $1.name) }
    }

    /// Pipelines with a `schedule`, for the component that fires nightly builds.
    public var scheduled: [PipelineDefinition] {
        pipelines.filter { !$0.triggers.schedule.isEmpty }
    }
}
