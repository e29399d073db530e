import Foundation

/// Builds a ``ModuleGraph`` from an XcodeGen `project.yml` and its `include:` files.
///
/// Every target that is not a test bundle is a module rooted at its `sources`; every
/// `bundle.ui-testing` target is a ui suite and every `bundle.unit-test` target a unit suite
/// (snapshot when named `…SnapshotTests`). `target:` dependencies and `package:` dependencies
/// on local packages (`packages: {Name: {path: …}}`, read by ``LocalSwiftPackages`` into a
/// module per package and per target, and a suite per test target) are the edges.
/// The spec and its include files are run-all triggers.
public struct XcodeGenReader: Sendable {
    /// A reader.
    public init() {}

    /// Reads `project.yml` (or `specFile`, relative to `projectDirectory`), opening nothing
    /// outside that folder.
    public func graph(projectDirectory root: String, specFile: String = "project.yml") throws(ImpactError) -> ModuleGraph {
        try graph(files: ProjectFiles(project: root), specFile: specFile)
    }

    /// Reads `project.yml` (or `specFile`) of the project `files` opens, and nothing outside
    /// their boundary.
    public func graph(files: ProjectFiles, specFile: String = "project.yml") throws(ImpactError) -> ModuleGraph {
        let (spec, includes) = try XcodeGenSpecLoader(files: files).load(specFile)
        var warnings: [String] = []

        var localPackages: [String: String] = [:]
        for (name, value) in (spec["packages"] as? [String: Any]) ?? [:] {
            if let path = (value as? [String: Any])?["path"] as? String { localPackages[name] = ProjectPath.normalize(path) }
        }
        let targets = (spec["targets"] as? [String: Any]) ?? [:]
        let packages = LocalSwiftPackages(packages: localPackages, files: files)
        var modules = packages.modules
        var suites = packages.suites
        warnings += packages.warnings

        let lines = XcodeGenDeclarationLines(files: files, names: [specFile] + includes)
        var testDeclarations: [String: [DependencyDeclaration]] = [:]
        for name in targets.keys.sorted() {
            guard let target = targets[name] as? [String: Any] else {
                warnings.append("target \(name) is not a mapping")
                continue
            }
            if target["templates"] != nil { warnings.append("target \(name) uses templates, whose sources are not read") }
            let paths = target["sources"].map(Self.sourcePaths) ?? []
            let type = (target["type"] as? String) ?? ""
            let isTestBundle = type.hasPrefix("bundle.ui-testing") || type.hasPrefix("bundle.unit-test")
            var declarations: [DependencyDeclaration] = []
            let dependencies = ((target["dependencies"] as? [Any]) ?? []).flatMap { item -> [String] in
                guard let dependency = item as? [String: Any] else { return [] }
                let found: [String]
                let key: String
                if let other = dependency["target"] as? String, targets[other] != nil {
                    (found, key) = ([other], "target")
                } else if let package = dependency["package"] as? String, localPackages[package] != nil {
                    (found, key) = (packages.products[package] ?? [package], "package")
                } else {
                    return []
                }
                let value = (dependency[key] as? String) ?? ""
                let location = lines.location(target: name, key: key, value: value)
                declarations += found.map {
                    DependencyDeclaration(target: $0, configuration: key, isTest: isTestBundle, file: location?.file ?? specFile, line: location?.line)
                }
                return found
            }
            if isTestBundle {
                let kind: TestKind = type.hasPrefix("bundle.ui-testing") ? .ui : (TestKind.guessed(fromTargetName: name) == .snapshot ? .snapshot : .unit)
                let module = testedModule(of: name, dependencies: dependencies, targets: targets)
                suites.append(TestSuite(name: name, module: module, kind: kind, paths: paths, dependencies: dependencies.filter { $0 != module }))
                // A test bundle's dependencies are test edges of the module it tests.
                testDeclarations[module, default: []] += declarations.filter { $0.target != module }
            } else {
                modules.append(Module(name: name, paths: paths, dependencies: dependencies, declarations: declarations))
            }
        }
        for index in modules.indices where modules[index].declarations != nil {
            let name = modules[index].name
            modules[index].declarations? += testDeclarations[name] ?? []
        }
        return ModuleGraph(modules: modules, testSuites: suites, runAllPaths: includes, warnings: warnings)
    }

    // MARK: Helpers

    /// `sources: App`, `sources: [App, {path: Shared}]` → paths.
    static func sourcePaths(_ value: Any) -> [String] {
        let items: [Any] = (value as? [Any]) ?? [value]
        return items.compactMap { item in
            if let path = item as? String { return ProjectPath.normalize(path) }
            if let mapping = item as? [String: Any], let path = mapping["path"] as? String { return ProjectPath.normalize(path) }
            return nil
        }
    }

    /// The first target a test bundle depends on (its host app or the framework under test),
    /// else the target its name points at (`AppTests` → `App`), else itself.
    private func testedModule(of name: String, dependencies: [String], targets: [String: Any]) -> String {
        if let first = dependencies.first(where: { targets[$0] != nil }) { return first }
        for suffix in ["UITests", "SnapshotTests", "Tests"] where name.hasSuffix(suffix) {
            let stem = String(name.dropLast(suffix.count))
            if targets[stem] != nil { return stem }
        }
        return name
    }
}
