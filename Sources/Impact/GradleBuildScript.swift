import Foundation

/// What a module's `build.gradle(.kts)` (or a convention plugin's source) says about the build
/// graph: the plugins it applies and its dependencies on other projects.
struct GradleBuildScript: Sendable, Equatable {
    /// A dependency on another project, by configuration.
    struct ProjectDependency: Sendable, Hashable {
        /// The configuration, e.g. `implementation`, `androidTestImplementation`.
        var configuration: String
        /// The target: `:a:b` for `project(":a:b")`, or the accessor `a.b` for `projects.a.b`.
        var target: Target
        /// The 1-based line of the declaration (not part of its identity: the same dependency
        /// declared twice is one dependency, first line kept).
        var line: Int = 0
        /// The declaring file when it is not the module's own build file (a convention plugin).
        var file: String = ""

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.configuration == rhs.configuration && lhs.target == rhs.target
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(configuration)
            hasher.combine(target)
        }
    }

    /// How a dependency names its project.
    enum Target: Sendable, Hashable {
        case path(String)
        case accessor(String)
    }

    /// Plugin ids applied with `id(…)`, `apply(plugin = …)`, `pluginManager.apply(…)`, or `kotlin(…)`.
    var pluginIDs: [String] = []
    /// Version catalog plugin accessors applied with `alias(libs.plugins.x.y)`: `x.y`.
    var pluginAliases: [String] = []
    /// Project dependencies in source order.
    var dependencies: [ProjectDependency] = []
    /// `targetProjectPath` of a `com.android.test` module: the app its instrumented tests run against.
    var targetProjectPath: String?
    /// Dependency declarations this reader cannot follow (the module is widened for them).
    var unreadable: [GradleUnreadableDependencies.Finding] = []
    /// The file the script was read from, for warnings (set by the caller).
    var file: String = ""

    // MARK: Parsing

    /// Reads a build script or Kotlin/Groovy plugin source.
    static func parse(_ source: String) -> GradleBuildScript {
        let text = BuildScriptText.strippingComments(source)
        var script = GradleBuildScript()

        for body in BuildScriptText.blocks(named: "plugins", in: text) {
            script.pluginIDs += BuildScriptText.matches(#"\bid\s*\(?\s*["']([^"']+)["']"#, in: body).map { $0[0] }
            script.pluginIDs += BuildScriptText.matches(#"\bkotlin\s*\(\s*["']([^"']+)["']"#, in: body).map { "org.jetbrains.kotlin." + $0[0] }
            script.pluginIDs += BuildScriptText.matches(#"`([^`]+)`"#, in: body).map { $0[0] }
            script.pluginAliases += BuildScriptText.matches(#"\balias\s*\(\s*\w+\.plugins\.([\w.]+)"#, in: body).map { $0[0] }
        }
        // `apply plugin: 'x'`, `apply(plugin = "x")`, `pluginManager.apply("x")`, `with(pluginManager) { apply("x") }`.
        script.pluginIDs += BuildScriptText.matches(#"\bapply\s*\(?\s*(?:plugin\s*[:=]\s*)?["']([^"']+)["']"#, in: text).map { $0[0] }

        let wrapper = #"(?:(?:platform|enforcedPlatform|testFixtures)\s*\(\s*)?"#
        let pathArgument = #"project\s*\(\s*(?:path\s*[:=]\s*)?["']([^"']+)["']"#
        let accessorArgument = #"projects\.([A-Za-z_][\w.]*)"#
        let forms: [(String, (String) -> Target)] = [
            // implementation(project(":x")), implementation project(':x')
            (#"\b([A-Za-z_]\w*)\s*\(?\s*"# + wrapper + pathArgument, { .path($0) }),
            // "implementation"(project(":x")), add("implementation", project(":x"))
            (#"["']([A-Za-z_]\w*)["']\s*[(,]\s*"# + wrapper + pathArgument, { .path($0) }),
            (#"\b([A-Za-z_]\w*)\s*\(?\s*"# + wrapper + accessorArgument, { .accessor($0) }),
            (#"["']([A-Za-z_]\w*)["']\s*[(,]\s*"# + wrapper + accessorArgument, { .accessor($0) }),
        ]
        var found: [(Int, ProjectDependency)] = []
        for (pattern, makeTarget) in forms {
            for (offset, groups) in BuildScriptText.locatedMatches(pattern, in: text) {
                let configuration = groups[0]
                // `project(":x")` as a bare call (e.g. in `evaluationDependsOn`) names no configuration.
                guard !["project", "projects", "path", "add", "platform", "enforcedPlatform", "testFixtures"].contains(configuration) else { continue }
                var target = makeTarget(groups[1])
                if case let .accessor(name) = target { target = .accessor(trimAccessor(name)) }
                found.append((offset, ProjectDependency(configuration: configuration, target: target)))
            }
        }
        // `targetProjectPath = ":app"`, `targetProjectPath.set(":app")`, Groovy `targetProjectPath ':app'`.
        script.targetProjectPath = BuildScriptText.matches(#"\btargetProjectPath\s*(?:=|\.set\s*\(|\s)\s*["']([^"']+)["']"#, in: text).first?[0]
        script.unreadable = GradleUnreadableDependencies.findings(in: text)
        var seen = Set<ProjectDependency>()
        let lines = found.isEmpty ? nil : LineTable(text)
        script.dependencies = found.sorted { $0.0 < $1.0 }.map { offset, dependency in
            var located = dependency
            located.line = lines?.line(ofUTF16Offset: offset) ?? 0
            return located
        }.filter { seen.insert($0).inserted }
        return script
    }

    /// `core.data.dependencyProject` → `core.data`: drops trailing members that are not project names.
    private static func trimAccessor(_ accessor: String) -> String {
        var parts = accessor.split(separator: ".").map(String.init)
        while let last = parts.last, ["dependencyProject", "path", "name"].contains(last) { parts.removeLast() }
        return parts.joined(separator: ".")
    }
}
