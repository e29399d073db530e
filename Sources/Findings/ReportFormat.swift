import Foundation

/// The report formats MobileOps reads, and how each is recognised from its first bytes.
public enum ReportFormat: String, Codable, Sendable, CaseIterable {
    /// SARIF 2.1.0 (CodeQL, SwiftLint `--reporter sarif`, Detekt `--report sarif`, Android Lint `sarif`).
    case sarif
    /// Checkstyle XML (SwiftLint `--reporter checkstyle`, Detekt `--report xml`, ktlint `--reporter=checkstyle`).
    case checkstyle
    /// Android Lint's `lint-results.xml` (`<issues format="6">`).
    case androidLint
    /// SwiftLint `--reporter json`: an array of violations.
    case swiftLintJSON
    /// GitLab Code Quality (`gl-code-quality-report.json`): Code Climate's array of issues, as
    /// GitLab's code quality engines, SwiftLint `--reporter codeclimate` and many formatters
    /// for GitLab write it.
    case codeClimate

    /// The name used in error messages.
    public var displayName: String {
        switch self {
        case .sarif: "SARIF"
        case .checkstyle: "Checkstyle XML"
        case .androidLint: "Android Lint XML"
        case .swiftLintJSON: "SwiftLint JSON"
        case .codeClimate: "GitLab Code Quality JSON"
        }
    }

    /// How many leading bytes ``detect(_:)`` looks at: enough for an XML prolog, a DOCTYPE and a
    /// SARIF `$schema`, and small enough to read before deciding how to read the rest.
    public static let detectionWindow = 8_192

    /// Members of a Code Climate issue that a SwiftLint violation never has; `content`,
    /// `location` and `other_locations` too, since an issue that opens with `type` and a long
    /// `content.body` may show no other member within the window.
    private static let codeClimateKeys = [
        "check_name", "engine_name", "fingerprint", "description", "categories", "remediation_points", "location", "content",
        "other_locations",
    ]

    /// The format of a report whose first bytes (up to ``detectionWindow``) are `head`.
    ///
    /// Content decides, not the file name: `report.xml` is Checkstyle or Android Lint, and a
    /// SARIF file is often called `results.json`.
    public static func detect(_ head: some Collection<UInt8>) throws(FindingsError) -> ReportFormat {
        var bytes = Array(head.prefix(detectionWindow))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let start = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw .unknownFormat("the report is empty")
        }
        let first = bytes[start]
        let text = String(decoding: bytes, as: UTF8.self)
        switch first {
        case UInt8(ascii: "<"):
            if text.contains("<checkstyle") { return .checkstyle }
            if text.contains("<issues") { return .androidLint }
            throw .unknownFormat("XML without a <checkstyle> or <issues> root element")
        case UInt8(ascii: "{"):
            if text.contains("\"runs\"") || text.lowercased().contains("sarif") { return .sarif }
            throw .unknownFormat("a JSON object without SARIF's \"runs\" or \"$schema\"")
        case UInt8(ascii: "["):
            // SwiftLint writes `[]` when nothing is wrong, else objects with sorted keys:
            // `character`, `file`, `line`, `reason`, `rule_id`…; a long `reason` can push
            // `rule_id` past the window, so `reason` counts too (the parser still needs both).
            // A quoted key cannot occur inside a JSON string, whose quotes are escaped.
            if text.contains("\"rule_id\"") { return .swiftLintJSON }
            // Code Climate issues: engines put a long `content.body` anywhere among the keys,
            // so any one of the keys SwiftLint never writes will do.
            if codeClimateKeys.contains(where: { text.contains("\"\($0)\"") }) { return .codeClimate }
            let compact = text.filter { !$0.isWhitespace }
            if compact.hasPrefix("[]") || text.contains("\"reason\"") { return .swiftLintJSON }
            throw .unknownFormat("a JSON array whose elements have neither SwiftLint's \"rule_id\" nor Code Climate's \"check_name\"")
        default:
            // Named by its offset in the file, a byte-order mark counted, as reading errors are.
            let offset = start + (head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
            let shown = first < 0x80 && first >= 0x20 ? "'\(Unicode.Scalar(first))'" : String(format: "0x%02X", first)
            throw .unknownFormat("the report starts with neither '<', '{' nor '[': \(shown) at byte \(offset)")
        }
    }
}
