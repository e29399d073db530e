import Core
import Foundation
import Logging
import MemberwiseInit
import Pipelines
import ReleaseTrain
import Store
import YAMLReading

// MARK: - TrainCatalog

/// Train definitions: parsed with ``TrainParser`` (YAML or JSON, with positioned errors),
/// stored as JSON, and read back as ``TrainDefinition`` values.
///
/// At start every `*.yml` / `*.yaml` file in the trains folder (`<pipelines>/trains` by
/// default) is loaded and stored with source `file:<path>`, replacing an earlier definition
/// of the same name; a file with errors is logged and skipped, never fatal.
///
/// A train names a registered repository and a loaded pipeline: a posted train that does not
/// is refused; a file train is loaded and its problem logged (its repository may be registered
/// once the server runs), and ``problems(of:)`` says what is still unknown at any time.
@MemberwiseInit(.public)
public struct TrainCatalog: Sendable {
    /// The stored trains.
    public let store: any ReleaseStore
    /// The clock every time-based decision reads.
    public let clock: any TimeSource
    /// The registered repositories a train may name.
    let repositories: any RepositoryStore
    /// The loaded pipelines a train's `rc_pipeline` may name.
    let pipelines: PipelineLibrary

    /// One train with its definition decoded.
    public struct Entry: Sendable {
        /// The train as stored.
        public var stored: StoredTrain
        /// Its decoded definition.
        public var definition: TrainDefinition
    }

    // MARK: Loading

    /// Loads the folder; answers the problems (also logged).
    @discardableResult
    public func loadFolder(_ path: String, logger: Logger) async -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            logger.info("no trains folder", metadata: ["folder": "\(path)"])
            return []
        }
        var problems: [String] = []
        var loaded = 0
        for name in names.sorted() where !name.hasPrefix(".") && (name.hasSuffix(".yml") || name.hasSuffix(".yaml")) {
            let file = (path as NSString).appendingPathComponent(name)
            // Read once: the parse and the reference check see the same text.
            let text = FileManager.default.contents(atPath: file).flatMap { String(data: $0, encoding: .utf8) }
            switch text.map({ TrainParser.parse(yaml: $0, file: file) }) ?? TrainParser.parse(contentsOf: file) {
            case .failure(let diagnostics):
                problems.append(diagnostics.description)
                logger.warning("train definition problem", metadata: ["problem": "\(diagnostics)"])
            case .success(let definition):
                do {
                    for unknown in try await unknownReferences(in: text ?? "", file: file, definition: definition) {
                        problems.append(unknown.description)
                        logger.warning("train definition problem", metadata: ["problem": "\(unknown)"])
                    }
                    // An unchanged file is not saved again: a restart is not an edit to audit.
                    let source = "file:\(file)"
                    let json = try Self.json(definition)
                    if let stored = try await store.train(named: definition.name), stored.source == source, stored.definition == json {
                        loaded += 1
                        continue
                    }
                    _ = try await save(definition, source: source, actor: "system")
                    loaded += 1
                } catch {
                    problems.append("\(file): \(error)")
                    logger.error("train could not be stored", metadata: ["file": "\(file)", "error": "\(error)"])
                }
            }
        }
        logger.info("trains loaded", metadata: ["count": "\(loaded)", "folder": "\(path)"])
        return problems
    }

    /// Parses `text` (YAML or JSON) and stores it; `file` names the text in problems (the
    /// train file's name the client sent it from, else `request body`).
    /// - Throws: `ServiceError` 400 `invalid_train` listing every problem as `file:line:column: message`,
    ///   an unregistered repository and an unknown `rc_pipeline` among them.
    ///
    /// The parse runs in a detached task at utility priority, not on the request's own task:
    /// it is CPU work sized by the caller's text, and must not hold up other requests.
    public func create(text: String, file: String = "request body", actor: String) async throws -> Entry {
        let parsed = await Task.detached(priority: .utility) { TrainParser.parse(yaml: text, file: file) }.value
        switch parsed {
        case .failure(let diagnostics):
            throw ServiceError.badRequest(diagnostics.description, code: "invalid_train")
        case .success(let definition):
            let unknown = try await unknownReferences(in: text, file: file, definition: definition)
            guard unknown.isEmpty else { throw ServiceError.badRequest(TrainDiagnostics(unknown).description, code: "invalid_train") }
            return try await save(definition, source: "api", actor: actor)
        }
    }

    // MARK: Checking against the server

    /// What the server knows of the names `definition` refers to.
    func references(of definition: TrainDefinition) async throws -> TrainReferences {
        TrainReferences(
            repositoryRegistered: try await repositories.repository(named: definition.repository) != nil,
            pipelines: pipelines.catalog.pipelines.map(\.name)
        )
    }

    private func unknownReferences(in text: String, file: String, definition: TrainDefinition) async throws -> [TrainDiagnostic] {
        let known = try await references(of: definition)
        return TrainParser.unknownReferences(in: text, file: file, definition: definition, known: known)
    }

    /// What the train names that the server does not know now: its repository not registered,
    /// its RC pipeline not loaded. Empty when the train can run.
    public func problems(of entry: Entry) async throws -> [String] {
        let known = try await references(of: entry.definition)
        var problems: [String] = []
        if !known.repositoryRegistered {
            problems.append("repository \(entry.definition.repository) is not registered; add it with `mobile-ops repos add \(entry.definition.repository) --provider … --clone-url …`")
        }
        if !known.pipelines.contains(entry.definition.rcPipeline) {
            problems.append("rc_pipeline \(entry.definition.rcPipeline) is not a loaded pipeline")
        }
        return problems
    }

    // MARK: Storing

    /// The definition as stored: JSON with sorted keys, so an unchanged train stores the same text.
    static func json(_ definition: TrainDefinition) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(definition), as: UTF8.self)
    }

    private func save(_ definition: TrainDefinition, source: String, actor: String) async throws -> Entry {
        let json = try Self.json(definition)
        let stored = try await store.saveTrain(
            name: definition.name, definition: json, source: source,
            audit: AuditEvent(occurredAt: clock.now, actor: actor, action: "train.save", subject: "train", detail: definition.name)
        )
        return Entry(stored: stored, definition: definition)
    }

    // MARK: Reading

    /// Every train whose definition this server can read.
    public func all() async throws -> [Entry] {
        try await store.trains().compactMap { try? entry($0) }
    }

    /// A train by id or name.
    /// - Throws: `ServiceError` 404.
    public func train(_ reference: String) async throws -> Entry {
        let found: StoredTrain?
        if let id = Int64(reference) {
            found = try await store.train(id: id)
        } else {
            found = try await store.train(named: reference)
        }
        guard let found else { throw ServiceError.notFound("no train \(reference)") }
        return try entry(found)
    }

    /// A train by id.
    public func train(id: Int64) async throws -> Entry {
        guard let found = try await store.train(id: id) else { throw ServiceError.notFound("no train with id \(id)") }
        return try entry(found)
    }

    private func entry(_ stored: StoredTrain) throws -> Entry {
        do {
            return Entry(stored: stored, definition: try JSONDecoder().decode(TrainDefinition.self, from: Data(stored.definition.utf8)))
        } catch {
            throw ServiceError(.internalFailure, code: "unreadable_train", message: "train \(stored.name) is stored in a form this server cannot read; post it again")
        }
    }
}
