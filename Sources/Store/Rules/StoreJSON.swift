import Core
import Foundation

/// JSON as the stores write it into text columns and outbox payloads: compact, keys sorted, so
/// equal values give equal text on every backend.
package enum StoreJSON {
    /// `value` as compact, key-sorted JSON text. Dates are written with `dates` (ISO 8601 in
    /// payloads other programs read, such as outbox messages).
    package static func encode(_ value: some Encodable, dates: JSONEncoder.DateEncodingStrategy = .deferredToDate) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = dates
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Canonical JSON for requirements: sorted keys and values, so equal needs give equal keys.
    package static func requirementsKey(_ requirements: AgentRequirements) -> String {
        let canonical = AgentRequirements(requirements.tags.mapValues { $0.sorted() })
        return (try? encode(canonical)) ?? "{}"
    }
}
