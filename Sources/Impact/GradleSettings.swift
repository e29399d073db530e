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
    /// Statements shaping projects that the reader could not follow, by line: the build may
    /// hold projects the graph does not know.
    var unfollowed: [(line: Int, text: String)] = []
    /// Warnings, one per statement not followed.
    var warnings: [String] = []

    static func == (lhs: GradleSettings, rhs: GradleSettings) -> Bool {
        lhs.projects == rhs.projects && lhs.directories == rhs.directories && lhs.includedBuilds == rhs.includedBuilds
            && lhs.warnings == rhs.warnings
    }

    // MARK: Parsing

    /// Reads a settings script's text (`file` names it in warnings). `files`, when given, lets
    /// folder walks (`listFiles()`, `eachDir`, recursive include helpers) be evaluated on disk;
    /// without it they count as not followed.
    static func parse(_ source: String, file: String, files: ProjectFiles? = nil) -> GradleSettings {
        let text = GradleSettingsText(source)
        var evaluator = GradleSettingsEvaluator(scan: GradleSettingsScan(text), files: files, isGroovy: !file.hasSuffix(".kts"))
        evaluator.run()
        var settings = GradleSettings()
        settings.projects = evaluator.projects
        for project in settings.projects { settings.directories[project] = defaultDirectory(of: project) }
        for (project, folder) in evaluator.directories { settings.directories[project] = folder }
        var lines = Set<Int>()
        for offset in evaluator.unfollowed.sorted() where lines.insert(text.line(of: offset)).inserted {
            let line = text.line(of: offset)
            settings.unfollowed.append((line, text.excerpt(at: offset)))
            settings.warnings.append("\(file):\(line): cannot follow `\(text.excerpt(at: offset))`; the build may include projects the graph does not know, so a changed file no known module owns runs every suite")
        }

        // `includeBuild("build-logic")`, `includeBuild 'plugins'`.
        for groups in BuildScriptText.matches(#"\bincludeBuild\s*\(?\s*["']([^"']+)["']"#, in: text.text) {
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
