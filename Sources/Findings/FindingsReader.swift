import Core
import Foundation

/// The one entry point: a report file or body in, its format and fingerprinted findings out.
///
/// The format is detected from the content (``ReportFormat/detect(_:)``). SARIF is streamed
/// from the file (``SARIFStreamReader``); the XML formats and SwiftLint JSON are read whole.
public struct FindingsReader: Sendable {
    /// A report's format and findings.
    public struct Report: Equatable, Sendable {
        /// The format the content was detected as.
        public let format: ReportFormat
        /// The findings, fingerprinted, in report order.
        public let findings: [Finding]
    }

    /// The checkout the report was made in: absolute paths under it become relative.
    public let repositoryRoot: String?
    /// Whether fingerprints read source lines under ``repositoryRoot`` (false on the server,
    /// which has no checkout: then they fall back to the message).
    public let readsSources: Bool
    /// The most findings a report may hold: reading stops with
    /// ``FindingsError/tooManyFindings(format:limit:)`` at the first one past it.
    public let maximumFindings: Int

    /// A reader for reports made in `repositoryRoot`.
    public init(repositoryRoot: String?, readsSources: Bool = true, maximumFindings: Int = JobFindings.maximumFindings) {
        self.repositoryRoot = repositoryRoot
        self.readsSources = readsSources
        self.maximumFindings = maximumFindings
    }

    /// Reads the report at `path`.
    public func read(fileAt path: String) throws(FindingsError) -> Report {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(path: path, reason: "no such file or not readable") }
        let head: Data
        do {
            head = try handle.read(upToCount: ReportFormat.detectionWindow) ?? Data()
            try handle.close()
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        let format = try ReportFormat.detect(head)
        if format == .sarif {
            return Report(format: format, findings: fingerprinted(try SARIFStreamReader.read(fileAt: path, root: repositoryRoot, maximumFindings: maximumFindings)))
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path, reason: "not readable") }
        return try read(data, as: format)
    }

    /// Reads a report held in memory (a request body).
    public func read(_ data: Data) throws(FindingsError) -> Report {
        try read(data, as: ReportFormat.detect(data.prefix(ReportFormat.detectionWindow)))
    }

    private func read(_ data: Data, as format: ReportFormat) throws(FindingsError) -> Report {
        let findings: [Finding]
        switch format {
        case .sarif:
            var reader = SARIFStreamReader(root: repositoryRoot, maximumFindings: maximumFindings)
            try reader.feed(data)
            findings = try reader.finish()
        case .checkstyle: findings = try CheckstyleParser.parse(data, root: repositoryRoot, maximumFindings: maximumFindings)
        case .androidLint: findings = try AndroidLintParser.parse(data, root: repositoryRoot, maximumFindings: maximumFindings)
        case .swiftLintJSON: findings = try SwiftLintJSONParser.parse(data, root: repositoryRoot, maximumFindings: maximumFindings)
        }
        return Report(format: format, findings: fingerprinted(findings))
    }

    private func fingerprinted(_ findings: [Finding]) -> [Finding] {
        Fingerprinter(sourceRoot: readsSources ? repositoryRoot : nil).fingerprint(findings)
    }
}
