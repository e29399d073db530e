import Foundation

/// What `settings.gradle(.kts)` says: the included projects, where each lives, and the
/// included builds (convention plugins, composite builds).
struct GradleSettings: Sendable, Equatable {
    /// Gradle project paths (`:core:data`) in the order included, without duplicates.
    var projects: [String] = []
    /// Project path → project-relative folder, for every project.
    var directories: [String: String] = [:]
    /// Project-relative folders of `includeBuild(…)` builds.
    var includedBuilds: [String] = []
    /// What could not be read (a computed `include`).
    var warnings: [String] = []

    // MARK: Parsing

    /// Reads a settings script's text (`file` names it in warnings).
    static func parse(_ source: String, file: String) -> GradleSettings {
        let text = BuildScriptText.strippingComments(source)
        var settings = GradleSettings()
        var seen = Set<String>()

        // `include(":a", ":b")`, `include ':a', ':b'`, `include(listOf(":a"))`: every string
        // literal in the call's argument list (or on the rest of the line without parentheses).
        for (offset, _) in BuildScriptText.locatedMatches(#"(?<![\w.])include(?!Build|Flat)\b"#, in: text) {
            let utf16 = text.utf16
            guard let start = utf16.index(utf16.startIndex, offsetBy: offset + "include".utf16.count, limitedBy: utf16.endIndex) else { continue }
            let rest = text[start...]
            let trimmed = rest.drop { $0 == " " || $0 == "\t" }
            let arguments: String
            if trimmed.first == "(" {
                arguments = BuildScriptText.parenthesized(in: text, from: trimmed.startIndex) ?? ""
            } else {
                arguments = String(rest.prefix { $0 != "\n" })
            }
            for literal in BuildScriptText.stringLiterals(in: arguments) {
                if literal.contains("$") {
                    settings.warnings.append("\(file): cannot read the computed include \"\(literal)\"")
                    continue
                }
                let path = literal.hasPrefix(":") ? literal : ":" + literal
                if seen.insert(path).inserted {
                    settings.projects.append(path)
                    settings.directories[path] = defaultDirectory(of: path)
                }
            }
        }

        // `project(":x").projectDir = file("dir")` / `new File(settingsDir, "dir")` / `File(rootDir, "dir")`.
        let override = #"project\s*\(\s*["']([^"']+)["']\s*\)\s*\.projectDir\s*=\s*(?:file\s*\(|new\s+File\s*\(|File\s*\()\s*(?:(?:rootDir|settingsDir|rootProject\.projectDir)\s*,\s*)?["']([^"']+)["']"#
        for groups in BuildScriptText.matches(override, in: text) {
            let path = groups[0].hasPrefix(":") ? groups[0] : ":" + groups[0]
            settings.directories[path] = ProjectPath.normalize(groups[1])
        }

        // `includeBuild("build-logic")`, `includeBuild 'plugins'`.
        for groups in BuildScriptText.matches(#"\bincludeBuild\s*\(?\s*["']([^"']+)["']"#, in: text) {
            let folder = ProjectPath.normalize(groups[0])
            if !settings.includedBuilds.contains(folder) { settings.includedBuilds.append(folder) }
        }
        return settings
    }

    /// `:core:data` → `core/data`, Gradle's default.
    static func defaultDirectory(of path: String) -> String {
        path.split(separator: ":").joined(separator: "/")
    }
}
