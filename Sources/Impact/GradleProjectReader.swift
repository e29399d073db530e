import Foundation

/// Builds a ``ModuleGraph`` from a Gradle multi-project build without running Gradle: settings
/// includes and `projectDir` overrides, each module's build script, convention plugins in
/// included builds, version-catalog plugin aliases, and the source sets on disk.
///
/// Every included project is a module named by its path (`:core:data`) rooted at its folder.
/// Test source sets become suites inside it: `src/test*` (and KMP `*Test`) a unit suite
/// `<path>:test`, `src/androidTest*` a ui suite `<path>:androidTest`, `src/screenshotTest` a
/// snapshot suite `<path>:screenshotTest`. Configurations decide edges: `testImplementation`
/// and kin feed the unit suite, `androidTestImplementation` the ui suite, everything else
/// (implementation, api, compileOnly, runtimeOnly, kapt, …) is a production edge.
public struct GradleProjectReader: Sendable {
    /// A reader.
    public init() {}

    /// Reads the build rooted at `projectDirectory` (which holds settings.gradle(.kts)),
    /// opening nothing outside that folder.
    public func graph(projectDirectory root: String) throws(ImpactError) -> ModuleGraph {
        try graph(files: ProjectFiles(project: root))
    }

    /// Reads the build of the project `files` opens. A folder, included build or catalog that
    /// leads outside their boundary is never read: a warning names it, and the modules it could
    /// have added edges to are treated as depending on every module.
    public func graph(files: ProjectFiles) throws(ImpactError) -> ModuleGraph {
        guard let settingsFile = ["settings.gradle.kts", "settings.gradle"].first(where: { files.entry($0) != .missing }) else {
            throw .unreadableFile(path: files.shown("settings.gradle(.kts)"), reason: "no Gradle settings file")
        }
        let settingsShown = files.shown(settingsFile)
        let settings = GradleSettings.parse(try files.read(settingsFile), file: settingsShown, files: files)
        var warnings = settings.warnings
        // Projects included by code the reader could not follow are unknown: any changed file
        // no known module owns may be theirs, so it runs every suite.
        let unknown = settings.unfollowed.first.map { [UnknownModule(path: "", source: "\(settingsShown):\($0.line)")] } ?? []

        var includedBuilds = settings.includedBuilds
        if files.isFolder("buildSrc"), !includedBuilds.contains("buildSrc") { includedBuilds.append("buildSrc") }
        // Convention plugins and catalogs we cannot read may add an edge anywhere.
        var widenAll = false
        var readable: [String] = []
        for build in includedBuilds {
            if files.entry(build) == .outside {
                warnings.append("\(settingsShown): included build '\(build)' leads outside the repository and is not read; every module is treated as depending on every module")
                widenAll = true
            } else {
                readable.append(build)
            }
        }
        let catalogs = Self.catalogSources(files: files, warnings: &warnings)
        widenAll = widenAll || !catalogs.complete
        let catalog = GradleVersionCatalog.parse(catalogs.texts)
        let conventions = GradleConventionPlugins.scan(includedBuilds: readable, files: files, catalog: catalog)
        if !conventions.refused.isEmpty {
            warnings += conventions.refused.map { "\(files.shown($0)): convention plugin source is not read; every module is treated as depending on every module" }
            widenAll = true
        }
        let accessors = Self.accessorTable(for: settings.projects)

        var modules: [Module] = []
        var suites: [TestSuite] = []
        for project in settings.projects {
            let folder = settings.directories[project] ?? GradleSettings.defaultDirectory(of: project)
            var script = GradleBuildScript()
            var widen = widenAll
            if files.entry(folder) == .outside {
                warnings.append("\(project): folder '\(folder)' leads outside the repository and is not read; \(project) is treated as depending on every module")
                widen = true
            } else if let buildFile = Self.buildFile(in: folder, files: files) {
                script = GradleBuildScript.parse(try files.read(buildFile))
                script.file = buildFile
            } else if !files.isFolder(folder) {
                warnings.append("\(project): folder \(folder) does not exist")
            }
            var pluginIDs = script.pluginIDs
            for alias in script.pluginAliases {
                if let id = catalog.pluginID(forAccessor: alias) { pluginIDs.append(id) }
            }
            let declared = script.dependencies + conventions.dependencies(applying: pluginIDs)

            // When in doubt, widen: a declaration we cannot follow may name any project.
            var doubts = script.unreadable.map { (script.file, $0) }
            for plugin in conventions.unreadable(applying: pluginIDs) {
                doubts += plugin.unreadable.map { (plugin.file, $0) }
            }
            widen = widen || !doubts.isEmpty
            for (file, finding) in doubts {
                // Quoting the construct is safe: every file read lies inside the repository.
                warnings.append("\(file):\(finding.line): cannot follow `\(finding.text)`; \(project) is treated as depending on every module")
            }

            var edges: [GradleSourceSetKind: [String]] = [:]
            var declarations: [DependencyDeclaration] = []
            for dependency in declared {
                guard let target = resolve(dependency.target, accessors: accessors, known: settings.directories) else {
                    warnings.append("\(project): dependency on unknown project \(dependency.target); treated as depending on every module")
                    widen = true
                    continue
                }
                guard target != project else { continue }
                let kind = GradleSourceSetKind(configuration: dependency.configuration)
                if edges[kind]?.contains(target) != true { edges[kind, default: []].append(target) }
                let file = dependency.file.isEmpty ? script.file : dependency.file
                declarations.append(DependencyDeclaration(
                    target: target, configuration: dependency.configuration, isTest: kind != .production,
                    file: file, line: dependency.line > 0 ? dependency.line : nil
                ))
            }
            var production = edges[.production] ?? []
            // `com.android.test` (benchmarks, baseline profiles): its tests, in src/main, run
            // against `targetProjectPath`, so they run whenever that app is affected.
            let isTestModule = conventions.appliedIDs(pluginIDs).contains("com.android.test")
            if isTestModule, let app = script.targetProjectPath.map({ $0.hasPrefix(":") ? $0 : ":" + $0 }) {
                if settings.directories[app] != nil, !production.contains(app) {
                    production.append(app)
                    // Test code's target, not a compile-time dependency: dependency rules
                    // look at it only with `include_tests: true` (an app consuming the
                    // module's baseline profile is no cycle).
                    declarations.append(DependencyDeclaration(
                        target: app, configuration: "targetProjectPath", isTest: true, file: script.file
                    ))
                }
            } else if isTestModule {
                warnings.append("\(project): com.android.test module without a readable targetProjectPath; treated as depending on every module")
                widen = true
            }
            if widen { production = settings.projects.filter { $0 != project } }
            modules.append(Module(name: project, paths: [folder], dependencies: production, declarations: declarations))
            if isTestModule {
                let kind: TestKind = project.lowercased().contains("benchmark") || project.lowercased().contains("baselineprofile") ? .benchmark : .ui
                suites.append(TestSuite(name: "\(project):androidTest", module: project, kind: kind, paths: ["\(folder)/src/main"]))
            }

            for (kind, sourceFolders) in Self.testSourceSets(in: folder, files: files) {
                suites.append(TestSuite(
                    name: "\(project):\(kind.suiteSuffix)", module: project, kind: kind.testKind,
                    paths: sourceFolders.map { "\(folder)/src/\($0)" }, dependencies: edges[kind] ?? []
                ))
            }
        }
        let runAll = readable.filter { !$0.hasPrefix("..") }
        return ModuleGraph(modules: modules, testSuites: suites, runAllPaths: runAll, unknownModules: unknown, warnings: warnings)
    }

    // MARK: Resolution

    private func resolve(_ target: GradleBuildScript.Target, accessors: [String: String], known: [String: String]) -> String? {
        switch target {
        case let .path(path):
            let normalized = path.hasPrefix(":") ? path : ":" + path
            return known[normalized] == nil ? nil : normalized
        case let .accessor(accessor):
            return accessors[accessor] ?? accessors[Self.looseKey(accessor)]
        }
    }

    /// Type-safe accessor (`core.data`, `featureLogin`) → project path, exact and loose forms.
    static func accessorTable(for projects: [String]) -> [String: String] {
        var table: [String: String] = [:]
        for project in projects {
            let accessor = project.split(separator: ":").map { camelCase(String($0)) }.joined(separator: ".")
            table[accessor] = project
            if table[looseKey(accessor)] == nil { table[looseKey(accessor)] = project }
        }
        return table
    }

    /// `feature-login` → `featureLogin`, Gradle's rule for accessor names.
    static func camelCase(_ name: String) -> String {
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
        guard let first = words.first else { return name }
        return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Lower-cased, separators dropped: the best-effort match when exact spelling differs.
    static func looseKey(_ accessor: String) -> String {
        "~" + accessor.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "." }
    }

    // MARK: Files

    /// Test source-set folders under `module/src`, grouped by kind, sorted.
    static func testSourceSets(in module: String, files: ProjectFiles) -> [(GradleSourceSetKind, [String])] {
        let source = ProjectPath.join(module, "src")
        var grouped: [GradleSourceSetKind: [String]] = [:]
        for name in files.list(source) where files.isFolder(source + "/" + name) {
            let kind = GradleSourceSetKind(sourceSet: name)
            if kind != .production { grouped[kind, default: []].append(name) }
        }
        return grouped.sorted { $0.key.suiteSuffix < $1.key.suiteSuffix }.map { ($0.key, $0.value) }
    }

    /// The module's build file: `build.gradle.kts` or `build.gradle`, else the one script a
    /// settings `buildFileName` may have named (`core.gradle.kts`, `vpn-build.gradle`).
    static func buildFile(in folder: String, files: ProjectFiles) -> String? {
        if let standard = ["build.gradle.kts", "build.gradle"].map({ ProjectPath.join(folder, $0) }).first(where: { files.entry($0) != .missing }) {
            return standard
        }
        let scripts = files.list(folder).filter { ($0.hasSuffix(".gradle.kts") || $0.hasSuffix(".gradle")) && !$0.hasPrefix("settings.gradle") }
        let named = (folder.split(separator: "/").last).map { String($0) }
        let chosen = scripts.count == 1 ? scripts.first : scripts.first { $0 == "\(named ?? "").gradle.kts" || $0 == "\(named ?? "").gradle" }
        return chosen.map { ProjectPath.join(folder, $0) }
    }

    /// The texts of `gradle/*.versions.toml`; `complete` is false when one was refused or
    /// unreadable (each such file adds a warning).
    private static func catalogSources(files: ProjectFiles, warnings: inout [String]) -> (texts: [String], complete: Bool) {
        if files.entry("gradle") == .outside {
            warnings.append("'gradle' leads outside the repository and is not read; its version catalogs are unknown, so every module is treated as depending on every module")
            return ([], false)
        }
        var texts: [String] = []
        var complete = true
        for name in files.list("gradle") where name.hasSuffix(".versions.toml") {
            var problems: [String] = []
            if let text = files.readIfPresent("gradle/" + name, warnings: &problems) { texts.append(text) }
            if !problems.isEmpty {
                complete = false
                warnings += problems.map { "\($0); every module is treated as depending on every module" }
            }
        }
        return (texts, complete)
    }
}
