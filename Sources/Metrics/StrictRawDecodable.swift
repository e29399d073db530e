import Foundation

/// A string enum whose decoding failure names the allowed values, so a report with
/// `"outcome": "ok"` is answered with `tasks[3].outcome: unknown value "ok"; expected one of …`
/// rather than a bare "data corrupted".
public protocol StrictRawDecodable: RawRepresentable, CaseIterable, Decodable where RawValue == String {}

extension StrictRawDecodable {
    /// Decodes the raw string, failing with the list of allowed values.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let value = Self(rawValue: raw) else {
            let allowed = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown value \"\(raw)\"; expected one of: \(allowed)"
            )
        }
        self = value
    }
}
