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

    /// Writes `bytes` (a log, as it came) to standard output after whatever `print` buffered.
    ///
    /// `print` goes through C's buffered `stdout`, which holds output back when it is a pipe or
    /// a file, while a `FileHandle` write goes out at once: flushing first keeps lines printed
    /// before the bytes above them (job headers above their logs in `builds logs > file`).
    static func raw(_ bytes: some Sequence<UInt8>) {
        fflush(nil)
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// A line on standard error: progress and notices, kept out of what a pipe collects.
    static func notice(_ line: String) {
        fflush(nil)
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Prints rows under a header, each column as wide as its widest cell.
    static func table(_ header: [String], _ rows: [[String]]) {
        let widths = columnWidths(header, rows)
        print(line(header, widths: widths))
        for row in rows { print(line(row, widths: widths)) }
        if rows.isEmpty { print("(none)") }
    }

    /// The table, or only `sentence` when there are no rows: `No muted tests.` says more than a
    /// header over `(none)`.
    static func table(_ header: [String], _ rows: [[String]], ifEmpty sentence: String) {
        guard !rows.isEmpty else { return print(sentence) }
        table(header, rows)
    }

    /// Each column's width: its widest cell among the header and `rows`.
    static func columnWidths(_ header: [String], _ rows: [[String]]) -> [Int] {
        header.indices.map { column in
            ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
    }

    /// One table line: every cell but the last padded to its column's width, two spaces apart.
    static func line(_ cells: [String], widths: [Int]) -> String {
        cells.enumerated().map { index, cell in
            index == cells.count - 1 || !widths.indices.contains(index)
                ? cell : cell.padding(toLength: max(widths[index], cell.count), withPad: " ", startingAt: 0)
        }.joined(separator: "  ")
    }

    /// `2026-11-21T10:00:00Z` style, the contract's time format.
    static func time(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
