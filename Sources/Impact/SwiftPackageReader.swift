import Foundation

/// Builds a ``ModuleGraph`` from a Swift package: from `swift package dump-package` JSON, or by
/// running that command in the package folder.
///
/// Every non-test target is a module rooted at its path (`Sources/<name>` by default, its
/// `path:` when set, narrowed to its `sources:` when listed). Every test target is a suite:
/// `…UITests` ui, `…SnapshotTests` snapshot, others unit. Local path packages inside the project
/// become modules too, reached through product dependencies.
public struct SwiftPackageReader: Sendable {
    private let runner: CommandRunner

    /// A reader that runs the `swift` found on PATH (or on `searchPath` when given).
    public init(searchPath: String? = nil) {
        self.runner = CommandRunner(searchPath: searchPath)
    }

    /// Whether `swift` can be run here.
    public var canDumpPackages: Bool { runner.locate("swift") != nil }

    /// Runs `swift package dump-package` in `projectDirectory` and reads its output.
    public func graph(projectDirectory: String) throws(ImpactError) -> ModuleGraph {
        // Absolute, because the command runs inside the folder: a relative `--package-path`
        // (`--project ios-app`) would be taken from there, as `ios-app/ios-app`.
        let folder = URL(fileURLWithPath: projectDirectory).standardizedFileURL.path
        let output = try runner.run("swift", ["package", "dump-package", "--package-path", folder], in: folder)
        return try graph(fromDumpPackage: output, projectDirectory: projectDirectory, source: "swift package dump-package")
    }

    /// Reads dump-package JSON. With `projectDirectory`, default target folders are probed on
    /// disk the way SwiftPM does (`Sources`, `Source`, `src`, `srcs`); without, `Sources/<name>`
    /// and `Tests/<name>` are assumed.
    public func graph(fromDumpPackage data: Data, projectDirectory: String? = nil, source: String = "dump-package JSON") throws(ImpactError) -> ModuleGraph {
        let manifest: DumpPackageManifest
        do {
            manifest = try JSONDecoder().decode(DumpPackageManifest.self, from: data)
        } catch {
            throw .unrecognizedGraphDocument(path: source, reason: "\(error)")
        }
        return graph(from: manifest, projectDirectory: projectDirectory)
    }

    // MARK: Mapping

    func graph(from manifest: DumpPackageManifest, projectDirectory: String?) -> ModuleGraph {
        // Dump paths are absolute from where the dump ran, which may not be this machine.
        let roots = manifest.roots + (projectDirectory.map { [$0] } ?? [])
        let localFolders = localPaths(manifest, roots: roots)
        let locals = localPackages(manifest, folders: localFolders)
        let targetNames = Set(manifest.targets.filter { $0.type != "test" }.map(\.name))

        func resolve(_ dependency: DumpPackageManifest.TargetDependency) -> String? {
            switch dependency {
            case let .byName(name):
                if targetNames.contains(name) { return name }
                return locals[name.lowercased()]
            case let .target(name):
                return targetNames.contains(name) ? name : nil
            case let .product(_, package):
                return package.flatMap { locals[$0.lowercased()] }
            case .other:
                return nil
            }
        }

        var modules = Set(locals.values).sorted().map { name in
            Module(name: name, paths: [localFolders[name] ?? name])
        }
        var suites: [TestSuite] = []
        // Probes and the manifest's text stay inside the package folder (a target name is
        // whatever the JSON says, `../..` included).
        let files = projectDirectory.flatMap { try? ProjectFiles(project: $0) }
        let manifestLines = files.flatMap(SwiftManifestLines.init(files:))
        var testDeclarations: [String: [DependencyDeclaration]] = [:]
        for target in manifest.targets {
            let base = target.path.map(ProjectPath.normalize) ?? defaultPath(for: target, files: files)
            let paths = target.sources.map { $0.map { ProjectPath.join(base, $0) } } ?? [base]
            let dependencies = Self.unique(target.dependencies.compactMap(resolve))
            let declarations = declarations(of: target, resolve: resolve, lines: manifestLines)
            if target.type == "test" {
                let module = Self.testedModule(of: target.name, among: dependencies)
                suites.append(TestSuite(
                    name: target.name, module: module, kind: TestKind.guessed(fromTargetName: target.name),
                    paths: paths, dependencies: dependencies.filter { $0 != module }
                ))
                testDeclarations[module, default: []] += declarations.filter { $0.target != module }
            } else {
                modules.append(Module(name: target.name, paths: paths, dependencies: dependencies, declarations: declarations))
            }
        }
        // A test target's dependencies are test edges of the target it tests.
        for index in modules.indices where modules[index].declarations != nil {
            let name = modules[index].name
            modules[index].declarations? += testDeclarations[name] ?? []
        }
        return ModuleGraph(modules: modules, testSuites: suites)
    }

    /// How `target` declares each dependency the graph knows, with its line in Package.swift.
    private func declarations(
        of target: DumpPackageManifest.Target, resolve: (DumpPackageManifest.TargetDependency) -> String?, lines: SwiftManifestLines?
    ) -> [DependencyDeclaration] {
        var seen = Set<String>()
        return target.dependencies.compactMap { dependency in
            guard let name = resolve(dependency) ?? Self.external(dependency), seen.insert(name).inserted else { return nil }
            let (configuration, written): (String, String) = switch dependency {
            case let .byName(text): ("byName", text)
            case let .target(text): ("target", text)
            case let .product(text, _): ("product", text)
            case .other: ("dependency", name)
            }
            return DependencyDeclaration(
                target: name, configuration: configuration, isTest: target.type == "test",
                file: lines == nil ? nil : "Package.swift", line: lines?.line(target: target.name, dependency: written)
            )
        }
    }

    /// A library product from another package (`.product(name: "GRDB", package: "GRDB.swift")`,
    /// or a name that is no target here and no local package's), as dependency rules name it:
    /// `external:GRDB`. Impact analysis never follows it (it is no module).
    static func external(_ dependency: DumpPackageManifest.TargetDependency) -> String? {
        switch dependency {
        case let .byName(name), let .product(name, _): DependencyDeclaration.externalPrefix + name
        case .target, .other: nil
        }
    }

    /// `FooUITests`, `FooSnapshotTests`, `FooTests` test `Foo` when they depend on it; otherwise
    /// their first dependency; a suite depending on nothing stands for itself.
    static func testedModule(of name: String, among dependencies: [String]) -> String {
        for suffix in ["UITests", "SnapshotTests", "IntegrationTests", "Tests"] where name.hasSuffix(suffix) {
            let stem = String(name.dropLast(suffix.count))
            if dependencies.contains(stem) { return stem }
        }
        return dependencies.first ?? name
    }

    private func defaultPath(for target: DumpPackageManifest.Target, files: ProjectFiles?) -> String {
        let folders: [String] = switch target.type {
        case "test": ["Tests", "Sources", "Source", "src", "srcs"]
        case "plugin": ["Plugins"]
        default: ["Sources", "Source", "src", "srcs"]
        }
        if let files {
            for folder in folders where files.isFolder("\(folder)/\(target.name)") {
                return "\(folder)/\(target.name)"
            }
        }
        return "\(folders[0])/\(target.name)"
    }

    // MARK: Local packages

    /// Lower-cased identity and folder name → module name, for path dependencies inside the root.
    private func localPackages(_ manifest: DumpPackageManifest, folders: [String: String]) -> [String: String] {
        var names: [String: String] = [:]
        for name in folders.keys {
            names[name.lowercased()] = name
        }
        for dependency in manifest.dependencies {
            guard let path = dependency.localPath, let identity = dependency.identity else { continue }
            let name = URL(fileURLWithPath: path).lastPathComponent
            if names[name.lowercased()] != nil { names[identity.lowercased()] = name }
        }
        return names
    }

    /// Module name (the folder's name) → project-relative folder of each local package inside the root.
    private func localPaths(_ manifest: DumpPackageManifest, roots: [String]) -> [String: String] {
        var paths: [String: String] = [:]
        for dependency in manifest.dependencies {
            guard let path = dependency.localPath else { continue }
            let relative = path.hasPrefix("/")
                ? roots.lazy.compactMap { ProjectPath.relative(path, to: $0) }.first
                : ProjectPath.normalize(path)
            guard let relative, !relative.isEmpty, !relative.hasPrefix("..") else { continue }
            paths[URL(fileURLWithPath: relative).lastPathComponent] = relative
        }
        return paths
    }

    /// `names` without repeats, first occurrence kept.
    static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
