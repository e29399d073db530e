import Foundation
import Testing
import Yams

/// The repository's deployment files and the server facts they must agree with, read from
/// the files the server's own behaviour is documented and defined in.
enum DeployFiles {
    /// The repository root: `Tests/DeployTests/<file>` is three levels below it.
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// `deploy/kubernetes`.
    static let kubernetes = root + "/deploy/kubernetes"

    /// The text of a file under the repository root.
    static func text(_ relativePath: String) throws -> String {
        try String(contentsOfFile: root + "/" + relativePath, encoding: .utf8)
    }

    /// A YAML file under the repository root as a map (merge keys applied).
    static func map(_ relativePath: String) throws -> [String: Any] {
        try #require(try Yams.load(yaml: text(relativePath)) as? [String: Any], "\(relativePath) is not a YAML map")
    }

    /// The longest an agent's poll is held open, in seconds: `ServerConfiguration.pollSeconds`.
    static func longPollSeconds() throws -> Double {
        let source = try text("Sources/Server/Composition/ServerConfiguration.swift")
        let match = try #require(source.firstMatch(of: /public var pollSeconds: Double = ([0-9.]+)/), "pollSeconds not found in ServerConfiguration.swift")
        return try #require(Double(match.1))
    }

    /// The variables the server reads, by the configuration reference: every `MOBILE_OPS_…`
    /// name in docs/configuration.md before its agent and CLI sections.
    static func documentedServerVariables() throws -> Set<String> {
        let reference = try text("docs/configuration.md")
        let serverPart = try #require(reference.components(separatedBy: "\n## Agent").first)
        return Set(serverPart.matches(of: /`(MOBILE_OPS_[A-Z0-9_]+)`/).map { String($0.1) })
    }

    /// Every Swift source under Sources/, concatenated: a variable the server reads is named
    /// there as a string literal.
    static func serverSources() throws -> String {
        let base = root + "/Sources"
        let files = try #require(FileManager.default.enumerator(atPath: base)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        return try files.map { try String(contentsOfFile: base + "/" + $0, encoding: .utf8) }.joined(separator: "\n")
    }

    /// The default of a variable in docs/configuration.md's tables: its row's backticked number.
    static func documentedDefault(of variable: String) throws -> Int {
        let reference = try text("docs/configuration.md")
        let row = try #require(reference.split(separator: "\n").first { $0.contains("`\(variable)`") }, "\(variable) has no row")
        let match = try #require(row.firstMatch(of: /\| `([0-9]+)`/), "\(variable)'s row has no numeric default")
        return try #require(Int(match.1))
    }

    /// Names that are neither documented nor read by the server, out of `names`.
    static func unknownVariables(_ names: some Sequence<String>) throws -> [String] {
        let documented = try documentedServerVariables()
        let sources = try serverSources()
        return names.filter { !documented.contains($0) || !sources.contains("\"\($0)\"") }.sorted()
    }

    /// Seconds in a duration as compose and nginx write them: `40s`, `1h`, `2m30s`, `60`.
    static func seconds(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        if let plain = Double(text) { return plain }
        var total = 0.0
        var number = ""
        for character in text {
            if character.isNumber || character == "." {
                number.append(character)
            } else {
                guard let unit = units[character], let value = Double(number) else { return nil }
                total += value * unit
                number = ""
            }
        }
        return number.isEmpty ? total : nil
    }
}
