import Foundation

/// Convention plugins found in included builds (`build-logic/`), and the project dependencies
/// each adds to every module applying it, following plugins that apply other plugins.
///
/// Two plugin shapes are read: classes registered in `gradlePlugin { plugins { register(…) {
/// id = …; implementationClass = … } } }`, and precompiled script plugins
/// (`src/main/kotlin/myapp.android.feature.gradle.kts`, whose file name is the id).
struct GradleConventionPlugins: Sendable {
    /// Plugin id → what its own source says.
    private(set) var plugins: [String: GradleBuildScript] = [:]
    /// Plugin sources that could not be read (a symlink leading outside the repository, a
    /// file that is not text, a walk cut short): their plugins are unknown.
    private(set) var refused: [String] = []

    // MARK: Discovery

    /// Scans each included build folder (project-relative) for plugin declarations and
    /// sources, through `files`. `catalog` resolves registrations whose id is a catalog entry
    /// (`id = libs.plugins.acme.android.feature.impl.get().pluginId`), the shape nowinandroid uses.
    static func scan(includedBuilds: [String], files: ProjectFiles, catalog: GradleVersionCatalog = GradleVersionCatalog()) -> GradleConventionPlugins {
        var result = GradleConventionPlugins()
        for build in includedBuilds {
            let (found, refused, complete) = sourceFiles(under: build, files: files)
            result.refused += refused
            if !complete { result.refused.append(build) }
            var texts: [String: String] = [:]
            for file in found {
                var problems: [String] = []
                if let text = files.readIfPresent(file, warnings: &problems) { texts[file] = text }
                if !problems.isEmpty { result.refused.append(file) }
            }
            var classSources: [String: (file: String, text: String)] = [:]
            for file in found where [".kt", ".groovy", ".java"].contains(where: file.hasSuffix) {
                guard let text = texts[file] else { continue }
                for groups in BuildScriptText.matches(#"\bclass\s+(\w+)"#, in: text) where classSources[groups[0]] == nil {
                    classSources[groups[0]] = (file, text)
                }
            }
            for file in found where file.hasSuffix("build.gradle.kts") || file.hasSuffix("build.gradle") {
                guard let text = texts[file] else { continue }
                for (id, implementation) in registrations(in: BuildScriptText.strippingComments(text), catalog: catalog) {
                    let simpleName = implementation.split(separator: ".").last.map(String.init) ?? implementation
                    if let source = classSources[simpleName] {
                        var script = GradleBuildScript.parse(source.text)
                        script.file = source.file
                        result.plugins[id] = script
                    } else {
                        // A plugin whose code we cannot see may add any dependency: widen.
                        var script = GradleBuildScript()
                        script.file = file
                        script.unreadable = [.init(line: 1, text: "plugin \(id): class \(implementation) not found")]
                        result.plugins[id] = script
                    }
                }
            }
            for file in found where file.contains("/src/main/") && (file.hasSuffix(".gradle.kts") || file.hasSuffix(".gradle")) {
                guard let text = texts[file] else { continue }
                let name = URL(fileURLWithPath: file).lastPathComponent
                let stem = name.hasSuffix(".gradle.kts") ? String(name.dropLast(".gradle.kts".count)) : String(name.dropLast(".gradle".count))
                let package = BuildScriptText.matches(#"(?m)^\s*package\s+([\w.]+)"#, in: text).first?[0]
                var script = GradleBuildScript.parse(text)
                script.file = file
                result.plugins[package.map { "\($0).\(stem)" } ?? stem] = script
            }
        }
        return result
    }

    /// `(id, implementationClass)` pairs, in the order the registrations appear.
    static func registrations(in text: String, catalog: GradleVersionCatalog = GradleVersionCatalog()) -> [(String, String)] {
        let literalIDs = BuildScriptText.locatedMatches(#"\bid\s*(?:=|\.set\s*\()\s*["']([^"']+)["']"#, in: text).map { ($0.offset, true, $0.groups[0]) }
        // `id = libs.plugins.x.y.get().pluginId` and `….x.asProvider().get().pluginId`.
        let catalogIDs = BuildScriptText.locatedMatches(#"\bid\s*(?:=|\.set\s*\()\s*\w+\.plugins\.([\w.]+?)(?:\.asProvider\(\))?\.get\(\)\.pluginId"#, in: text)
            .map { ($0.offset, true, catalog.pluginID(forAccessor: $0.groups[0]) ?? $0.groups[0]) }
        let ids = literalIDs + catalogIDs
        let classes = BuildScriptText.locatedMatches(#"\bimplementationClass\s*(?:=|\.set\s*\()\s*["']([^"']+)["']"#, in: text).map { ($0.offset, false, $0.groups[0]) }
        var pairs: [(String, String)] = []
        var pendingID: String?
        var pendingClass: String?
        // Each registration block holds one id and one class, in either order.
        for (_, isID, value) in (ids + classes).sorted(by: { $0.0 < $1.0 }) {
            if isID { pendingID = value } else { pendingClass = value }
            if let id = pendingID, let implementation = pendingClass {
                pairs.append((id, implementation))
                pendingID = nil
                pendingClass = nil
            }
        }
        return pairs
    }

    /// The files of an included build, build outputs and caches left out (they can be huge
    /// and hold generated copies of the sources).
    private static func sourceFiles(under folder: String, files: ProjectFiles) -> (files: [String], refused: [String], complete: Bool) {
        files.walk(folder) { relative in
            relative == "build" || relative.hasSuffix("/build") || relative.hasPrefix(".gradle")
        }
    }

    // MARK: Applying

    /// `ids` and every plugin they apply, transitively (to see `com.android.test` behind a convention).
    func appliedIDs(_ ids: [String]) -> Set<String> {
        var visited = Set<String>()
        var stack = ids
        while let id = stack.popLast() {
            guard visited.insert(id).inserted else { continue }
            stack += plugins[id]?.pluginIDs ?? []
        }
        return visited
    }

    /// The applied plugins (transitively) with declarations the reader cannot follow.
    func unreadable(applying ids: [String]) -> [GradleBuildScript] {
        appliedIDs(ids).sorted().compactMap { plugins[$0] }.filter { !$0.unreadable.isEmpty }
    }

    /// The project dependencies that applying `ids` adds, following plugins that apply others.
    func dependencies(applying ids: [String]) -> [GradleBuildScript.ProjectDependency] {
        var visited = Set<String>()
        var result: [GradleBuildScript.ProjectDependency] = []
        var stack = ids.reversed().map { $0 }
        while let id = stack.popLast() {
            guard visited.insert(id).inserted, let plugin = plugins[id] else { continue }
            result += plugin.dependencies.map { dependency in
                var located = dependency
                located.file = plugin.file
                return located
            }
            stack += plugin.pluginIDs.reversed()
        }
        return result
    }
}
