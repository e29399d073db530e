import Foundation

// MARK: - JSONCoding

/// The JSON settings the agent shares with the server: default (camelCase) keys,
/// ISO 8601 dates.
enum JSONCoding {
    /// Encodes request bodies.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// Decodes response bodies.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// `value` as JSON bytes.
    static func encode(_ value: some Encodable) throws -> [UInt8] {
        Array(try encoder.encode(value))
    }

    /// `T` decoded from `bytes`.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try decoder.decode(type, from: Data(bytes))
    }
}

// MARK: - Decoding from byte arrays

extension JSONDecoder {
    /// Decodes `type` from a byte array.
    func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try self.decode(type, from: Data(bytes))
    }
}
