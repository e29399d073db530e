import Foundation

/// Printing helpers: raw JSON for `--json`, aligned tables for people.
enum Output {
    /// Prints the server's JSON as it came, pretty-printed when possible.
    static func json(_ body: [UInt8]) {
        if let object = try? JSONSerialization.jsonObject(with: Data(body)),
           let pretty = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) {
            print(String(decoding: pretty, as: UTF8.self))
        } else {
            print(String(decoding: body, as: UTF8.self))
        }
    }

    /// Prints rows under a header, each column as wide as its widest cell.
    static func table(_ header: [String], _ rows: [[String]]) {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        print(line(header))
        for row in rows { print(line(row)) }
        if rows.isEmpty { print("(none)") }
    }

    /// `2026-11-21T10:00:00Z` style, the contract's time format.
    static func time(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
