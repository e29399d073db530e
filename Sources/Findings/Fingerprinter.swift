import Core
import Crypto
import Foundation
import MemberwiseInit

/// Gives each finding of one report a fingerprint that recognises it in another build.
///
/// What is hashed (SHA-256, hex), after the tool, rule and file:
/// 1. the tool's own fingerprint when the report has one (SARIF `primaryLocationLineHash` or
///    `fingerprints`, Code Quality's `fingerprint`) and no other finding of the report's tool,
///    rule and file has the same: the tool knows best what makes two results the same, unless it hashes too little
///    (SwiftLint's Code Quality reporter hashes only the file and rule, so two issues of a rule
///    in one file would share one, and an issue added above the others would make the wrong
///    one new);
/// 2. else the text of the flagged line and of one line either side, each with its whitespace
///    collapsed, read from the source tree: code moving up or down (lines inserted above,
///    a function reordered) keeps its fingerprint, while editing the flagged lines makes a new
///    finding;
/// 3. else (no source tree, the file or line not in it) the message: the line number is left
///    out on purpose, since it changes whenever code above moves.
///
/// Findings with the same hashed identity in one report (two `force_cast`s on identical lines
/// of a file) are told apart by an occurrence index, in line order, which lines inserted above
/// both do not change.
@MemberwiseInit(.public)
public struct Fingerprinter: Sendable {
    /// Lines either side of the flagged one that are part of its identity.
    public static let contextRadius = 1
    /// Larger source files are not read (their findings fall back to the message).
    public static let maximumSourceBytes = 16 << 20

    /// The checkout the report's paths are relative to; nil when there is none (a report
    /// posted from another CI).
    public let sourceRoot: String?

    /// `findings` with ``Finding/fingerprint`` set, in the same order.
    public func fingerprint(_ findings: [Finding]) -> [Finding] {
        var sources: [String: [Substring]?] = [:]
        // A tool fingerprint is shared when findings of one tool, rule and file have the same
        // (results of two rules on one line may share a line hash, and are told apart anyway).
        var sharing: [String: Int] = [:]
        for finding in findings where finding.toolFingerprint != nil { sharing[Self.toolIdentity(of: finding), default: 0] += 1 }
        let identities = findings.map { finding in
            identity(of: finding, usingToolFingerprint: sharing[Self.toolIdentity(of: finding)] == 1, sources: &sources)
        }
        // Occurrence indices follow line order within each identity.
        let order = findings.indices.sorted { a, b in
            (findings[a].startLine, findings[a].column ?? 0, a) < (findings[b].startLine, findings[b].column ?? 0, b)
        }
        var seen: [String: Int] = [:]
        var result = findings
        for index in order {
            let identity = identities[index]
            let occurrence = seen[identity, default: 0]
            seen[identity] = occurrence + 1
            result[index].fingerprint = Self.hash("\(identity)\u{0}\(occurrence)")
        }
        return result
    }

    /// The text a finding's fingerprint is made from, before its occurrence index: the tool's
    /// fingerprint only when `usingToolFingerprint` (no other finding of its tool, rule and file
    /// in the report shares it).
    func identity(of finding: Finding, usingToolFingerprint: Bool, sources: inout [String: [Substring]?]) -> String {
        if usingToolFingerprint, finding.toolFingerprint != nil { return Self.toolIdentity(of: finding) }
        let prefix = "v1\u{0}\(finding.tool)\u{0}\(finding.ruleID)\u{0}\(finding.path)\u{0}"
        if let context = context(of: finding, sources: &sources) { return prefix + "lines\u{0}" + context }
        return prefix + "message\u{0}" + finding.message
    }

    /// The identity the tool's own fingerprint gives (empty for a finding without one).
    static func toolIdentity(of finding: Finding) -> String {
        guard let toolFingerprint = finding.toolFingerprint else { return "" }
        return "v1\u{0}\(finding.tool)\u{0}\(finding.ruleID)\u{0}\(finding.path)\u{0}tool\u{0}" + toolFingerprint
    }

    /// The flagged line and its neighbours, whitespace collapsed; nil when they cannot be read.
    private func context(of finding: Finding, sources: inout [String: [Substring]?]) -> String? {
        guard let sourceRoot, finding.startLine > 0, CheckoutPath.staysInside(finding.path) else { return nil }
        if sources[finding.path] == nil { sources[finding.path] = .some(Self.lines(of: sourceRoot + "/" + finding.path)) }
        guard let lines = sources[finding.path] ?? nil, finding.startLine <= lines.count else { return nil }
        let first = finding.startLine - 1 - Self.contextRadius
        let last = finding.startLine - 1 + Self.contextRadius
        return (first...last).map { $0 >= 0 && $0 < lines.count ? Self.collapse(lines[$0]) : "" }.joined(separator: "\n")
    }

    /// The lines of a source file; nil when it cannot be read or is too large.
    static func lines(of path: String) -> [Substring]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              (attributes[.size] as? Int ?? Int.max) <= maximumSourceBytes,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// `line` with leading and trailing whitespace gone and inner runs of it made one space, so
    /// re-indenting or reformatting spaces does not make a finding new.
    static func collapse(_ line: Substring) -> String {
        line.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// SHA-256 of `text`'s UTF-8, as 64 lowercase hex digits.
    static func hash(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(text.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
