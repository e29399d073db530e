import Foundation
import JSONScanning

extension BuildReport {
    // MARK: Coders

    /// A decoder for reports: ISO 8601 dates with or without fractional seconds.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601Dates.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not an ISO 8601 time like 2026-11-21T10:00:00Z")
            }
            return date
        }
        return decoder
    }

    /// An encoder for reports: ISO 8601 UTC dates, sorted keys (stable output for storage and tests).
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Dates.format(date))
        }
        return encoder
    }

    // MARK: Decode and validate

    /// Decodes a report from JSON and validates it; any problem rejects the report whole.
    public static func decode(_ data: Data) throws(BuildReportError) -> BuildReport {
        if let report = BuildReportFastDecoder.decode(data) {
            try report.validate()
            return report
        }
        // Unknown enum values are collected rather than thrown, so they are listed with the
        // report's other problems (see StrictRawDecodable).
        let collector = ReportProblemCollector()
        let decoder = makeDecoder()
        decoder.userInfo[ReportProblemCollector.key] = collector
        let report: BuildReport
        do {
            report = try decoder.decode(BuildReport.self, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let failure = syntaxFailure(data) {
                throw .malformed(path: "", message: "not valid JSON: \(failure.message)")
            }
            throw BuildReportError.from(error)
        } catch {
            throw .malformed(path: "", message: "not valid JSON: \(error.localizedDescription)")
        }
        let problems = collector.problems + report.problems
        if !problems.isEmpty { throw .invalid(problems) }
        return report
    }

    /// Why `data` is not JSON, by the byte, or nil if the scanner reads it.
    ///
    /// Consulted only once `JSONDecoder` has refused the body: on Linux it says "The given
    /// data was not valid JSON." for every syntax error, 100,000 nested `[` included, which
    /// tells the sender nothing. What is accepted is still `JSONDecoder`'s decision.
    private static func syntaxFailure(_ data: Data) -> JSONScanner.Failure? {
        data.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes)
            do throws(JSONScanner.Failure) {
                scanner.skipWhitespace()
                try scanner.skipValue()
                try scanner.expectEnd()
                return nil
            } catch {
                return error
            }
        }
    }

    /// The report as JSON, in the same shape ``decode(_:)`` reads.
    public func encoded() throws -> Data {
        try Self.makeEncoder().encode(self)
    }
}

/// ISO 8601 parsing that accepts fractional seconds, which `JSONDecoder.iso8601` rejects.
enum ISO8601Dates {
    /// Parses `2026-11-21T10:00:00Z`, `…T10:00:00.123Z` or `…T10:00:00+02:00`.
    static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// `2026-11-21T10:00:00Z`, or with milliseconds when the date has a fraction.
    static func format(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        return whole
            ? date.formatted(Date.ISO8601FormatStyle())
            : date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
