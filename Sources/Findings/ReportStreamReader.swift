import Foundation

/// A reader that takes a report in pieces (``SARIFStreamReader``, ``CodeClimateStreamReader``),
/// so a report on disk is read a chunk at a time, never whole.
public protocol ReportStreamReader {
    /// Reads the next piece of the report.
    mutating func feed(_ bytes: some Collection<UInt8>) throws(FindingsError)
    /// Ends the report: its findings, or why it is incomplete.
    mutating func finish() throws(FindingsError) -> [Finding]
}

extension ReportStreamReader {
    /// Feeds the file at `path` to the reader, `chunkBytes` at a time, and finishes it.
    public mutating func read(fileAt path: String, chunkBytes: Int = 1 << 20) throws(FindingsError) -> [Finding] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: "no such file or not readable")
        }
        defer { try? handle.close() }
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: chunkBytes) } catch { throw .unreadable(path: path, reason: "\(error)") }
            guard let chunk, !chunk.isEmpty else { break }
            try feed(chunk)
        }
        return try finish()
    }
}
