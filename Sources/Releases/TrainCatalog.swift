import Core
import Foundation
import Logging
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
public struct TrainCatalog: Sendable {
    /// The stored trains.
    public let store: any ReleaseStore
    /// The clock every time-based decision reads.
    public let clock: any TimeSource

    /// Creates the catalog over the stored trains.
    public init(store: any ReleaseStore, clock: any TimeSource) {
        self.store = store
        self.clock = clock
    }

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
            switch TrainParser.parse(contentsOf: file) {
            case .failure(let diagnostics):
                problems.append(diagnostics.description)
                logger.warning("train definition problem", metadata: ["problem": "\(diagnostics)"])
            case .success(let definition):
                do {
                    _ = try await save(definition, source: "file:\(file)", actor: "system")
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

    /// Parses `text` (YAML or JSON) and stores it.
    /// - Throws: `ServiceError` 400 `invalid_train` listing every problem as `file:line:column: message`.
    ///
    /// The parse runs in a detached task at utility priority, not on the request's own task:
    /// it is CPU work sized by the caller's text, and must not hold up other requests.
    public func create(text: String, actor: String) async throws -> Entry {
        let parsed = await Task.detached(priority: .utility) { TrainParser.parse(yaml: text, file: "request body") }.value
        switch parsed {
        case .failure(let diagnostics):
            throw ServiceError.badRequest(diagnostics.description, code: "invalid_train")
        case .success(let definition):
            return try await save(definition, source: "api", actor: actor)
        }
    }

    private func save(_ definition: TrainDefinition, source: String, actor: String) async throws -> Entry {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(definition), as: UTF8.self)
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
