import Foundation

/// The targets of a `Package.swift`, read from its text without running it: enough for a
/// local package of an XcodeGen app, where running the manifest is not allowed (the server)
/// or not worth a toolchain.
///
/// Only literal declarations are trusted: `.target(name: "X", dependencies: ["Y",
/// .product(name: "Z", package: "z")], path: "…")`. A target whose dependencies hold anything
/// else is marked ``Target/dependenciesCertain`` false (the caller widens it to every target of
/// the package); a manifest whose target list is computed is not read at all (``isComplete``).
struct SwiftPackageManifestText: Sendable, Equatable {
    /// One declared target.
    struct Target: Sendable, Equatable {
        /// The target's name.
        var name: String
        /// Whether it is a `.testTarget`.
        var isTest: Bool
        /// Package-relative folders it owns: its `path:` (narrowed to literal `sources:`) or
        /// the default folder; empty when `path:` is not a literal (its files then belong to the
        /// package as a whole).
        var paths: [String]
        /// Names of targets in this package it depends on, by name, `.target` or `.byName`.
        var targets: [String]
        /// Packages named by `.product(name:package:)`.
        var packages: [String]
        /// False when a dependency was written in a form this reader does not follow.
        var dependenciesCertain: Bool
    }

    /// The targets in declaration order.
    var targets: [Target] = []
    /// False when the target list is computed, appended to, or not found: callers must not
    /// trust ``targets`` to be all of them.
    var isComplete = true
    /// Why the manifest or a target was widened.
    var notes: [String] = []

    private static let kinds = ["target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget"]

    // MARK: Parsing

    /// Reads manifest `source`; `folderExists` answers for package-relative folders (default
    /// target folders are probed the way SwiftPM does).
    static func parse(_ source: String, folderExists: (String) -> Bool) -> SwiftPackageManifestText {
        let text = BuildScriptText.strippingComments(source)
        var manifest = SwiftPackageManifestText()
        if !BuildScriptText.matches(#"\.targets\s*(?:\+=|\.append|\.insert|=[^=])|\btargets\s*:\s*\w"#, in: text).isEmpty {
            manifest.isComplete = false
            manifest.notes.append("its targets are built by code (`package.targets` changes, or a list variable)")
        }
        let lists = BuildScriptText.locatedMatches(#"\btargets\s*:\s*\["#, in: text).compactMap { match in
            bracketed(in: text, fromUTF16: match.offset)
        }
        guard let list = lists.first(where: { elements(of: $0).contains { kindOf($0) != nil } }) else {
            if manifest.isComplete { manifest.notes.append("no literal `targets: [ … ]` list") }
            manifest.isComplete = false
            return manifest
        }
        for element in elements(of: list) {
            guard let kind = kindOf(element), let name = literal("name", in: element) else {
                manifest.isComplete = false
                manifest.notes.append("cannot read the target entry `\(element.prefix(60))`")
                continue
            }
            manifest.targets.append(target(name: name, kind: kind, arguments: element, folderExists: folderExists))
        }
        return manifest
    }

    private static func target(name: String, kind: String, arguments: String, folderExists: (String) -> Bool) -> Target {
        let isTest = kind == "testTarget"
        var paths: [String]
        if arguments.range(of: #"\bpath\s*:"#, options: .regularExpression) != nil {
            paths = literal("path", in: arguments).map { [ProjectPath.normalize($0)] } ?? []
        } else {
            let roots = isTest ? ["Tests", "Sources", "Source", "src", "srcs"] : kind == "plugin" ? ["Plugins"] : ["Sources", "Source", "src", "srcs"]
            let root = roots.first { folderExists("\($0)/\(name)") } ?? roots[0]
            paths = ["\(root)/\(name)"]
        }
        if let base = paths.first, let sources = argumentList("sources", in: arguments) {
            let literals = sources.compactMap { stringLiteral($0) }
            if literals.count == sources.count, !literals.isEmpty { paths = literals.map { ProjectPath.join(base, $0) } }
        }
        var result = Target(name: name, isTest: isTest, paths: paths, targets: [], packages: [], dependenciesCertain: true)
        for dependency in argumentList("dependencies", in: arguments) ?? [] {
            if let name = stringLiteral(dependency) {
                result.targets.append(name)
            } else if dependency.hasPrefix(".target") || dependency.hasPrefix(".byName"), let name = literal("name", in: dependency) {
                result.targets.append(name)
            } else if dependency.hasPrefix(".product"), let package = literal("package", in: dependency) {
                result.packages.append(package)
            } else {
                result.dependenciesCertain = false
            }
        }
        if arguments.range(of: #"\bdependencies\s*:"#, options: .regularExpression) != nil, argumentList("dependencies", in: arguments) == nil {
            result.dependenciesCertain = false
        }
        return result
    }

    // MARK: Text

    /// `.target(` → `target`, for the declaration kinds above.
    private static func kindOf(_ element: String) -> String? {
        let groups = BuildScriptText.matches(#"^\.(\w+)\s*\("#, in: element).first
        return groups.flatMap { kinds.contains($0[0]) ? $0[0] : nil }
    }

    /// The literal value of `label: "…"` in `text`.
    private static func literal(_ label: String, in text: String) -> String? {
        BuildScriptText.matches(#"\b\#(label)\s*:\s*"([^"\\]*)""#, in: text).first?[0]
    }

    /// A whole-element string literal `"X"`.
    private static func stringLiteral(_ element: String) -> String? {
        BuildScriptText.matches(#"^"([^"\\]*)"$"#, in: element).first?[0]
    }

    /// The elements of `label: [ … ]` when the value is a literal array, else nil.
    private static func argumentList(_ label: String, in text: String) -> [String]? {
        guard let match = BuildScriptText.locatedMatches(#"\b\#(label)\s*:\s*\["#, in: text).first,
              let body = bracketed(in: text, fromUTF16: match.offset) else { return nil }
        return elements(of: body)
    }

    /// The text inside the first `[ … ]` at or after a UTF-16 offset, balanced.
    private static func bracketed(in text: String, fromUTF16 offset: Int) -> String? {
        let utf16 = text.utf16
        guard let start = utf16.index(utf16.startIndex, offsetBy: offset, limitedBy: utf16.endIndex),
              let open = text[start...].firstIndex(of: "[") else { return nil }
        var depth = 0
        var cursor = open
        while cursor < text.endIndex {
            let character = text[cursor]
            if character == "[" || character == "(" { depth += 1 }
            if character == "]" || character == ")" {
                depth -= 1
                if depth == 0 { return String(text[text.index(after: open)..<cursor]) }
            }
            cursor = text.index(after: cursor)
        }
        return nil
    }

    /// Comma-separated elements at nesting depth zero, trimmed, empty ones dropped.
    private static func elements(of list: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        for character in list {
            if character == "\"" { inString.toggle() }
            if !inString {
                if "([{".contains(character) { depth += 1 }
                if ")]}".contains(character) { depth -= 1 }
                if character == ",", depth == 0 {
                    parts.append(current)
                    current = ""
                    continue
                }
            }
            current.append(character)
        }
        parts.append(current)
        return parts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
