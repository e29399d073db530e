import Core
import Foundation

/// The one entry point: a report file or body in, its format and fingerprinted findings out.
///
/// The format is detected from the content (``ReportFormat/detect(_:)``). SARIF and GitLab Code
/// Quality are streamed from the file (``SARIFStreamReader``, ``CodeClimateStreamReader``); the
/// XML formats and SwiftLint JSON are read whole.
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
        if var reader = streamReader(for: format) {
            return Report(format: format, findings: fingerprinted(try reader.read(fileAt: path)))
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
        case .sarif: findings = try Self.whole(data, SARIFStreamReader(root: repositoryRoot, maximumFindings: maximumFindings))
        case .codeClimate: findings = try Self.whole(data, CodeClimateStreamReader(root: repositoryRoot, maximumFindings: maximumFindings))
        case .checkstyle: findings = try CheckstyleParser.parse(data, root: repositoryRoot, maximumFindings: maximumFindings)
        case .androidLint: findings = try AndroidLintParser.parse(data, root: repositoryRoot, maximumFindings: maximumFindings)
        case .swiftLintJSON: findings = try SwiftLintJSONParser.parse(data, root: repositoryRoot, maximumFindings: maximumFindings)
        }
        return Report(format: format, findings: fingerprinted(findings))
    }

    /// `data` fed to `reader` in one piece.
    private static func whole(_ data: Data, _ reader: some ReportStreamReader) throws(FindingsError) -> [Finding] {
        var reader = reader
        try reader.feed(data)
        return try reader.finish()
    }

    /// The streaming reader of `format`, if it has one.
    private func streamReader(for format: ReportFormat) -> (any ReportStreamReader)? {
        switch format {
        case .sarif: SARIFStreamReader(root: repositoryRoot, maximumFindings: maximumFindings)
        case .codeClimate: CodeClimateStreamReader(root: repositoryRoot, maximumFindings: maximumFindings)
        case .checkstyle, .androidLint, .swiftLintJSON: nil
        }
    }

    private func fingerprinted(_ findings: [Finding]) -> [Finding] {
        Fingerprinter(sourceRoot: readsSources ? repositoryRoot : nil).fingerprint(findings)
    }
}
