import Foundation

/// Loads the project's own fixtures from the test bundle (`Fixtures/`).
enum Fixture {
    /// The bytes of `Fixtures/<name>`.
    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw FixtureError.missing(name)
        }
        return try Data(contentsOf: url)
    }

    /// The first `fraction` of a fixture, as a log cut off mid-write would be.
    static func truncated(_ name: String, keeping fraction: Double) throws -> Data {
        let data = try data(name)
        return data.prefix(Int(Double(data.count) * fraction))
    }

    /// Deterministic bytes that are no format at all (binary noise, stray markup).
    static func garbage(length: Int = 4_096, seed: UInt64 = 1) -> Data {
        var state = seed
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        for _ in 0..<length {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes.append(UInt8(truncatingIfNeeded: state >> 56))
        }
        return Data(bytes) + Data("<testcase name=\"x\" \n> Task :\n** BUILD \n{\"testNodes\": [".utf8)
    }

    enum FixtureError: Error { case missing(String) }
}
