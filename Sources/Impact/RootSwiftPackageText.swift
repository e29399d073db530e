import Foundation

/// The root `Package.swift` of a repository that also holds an app description (a tools
/// package next to `project.yml` or a Gradle build), read from its text where running it is
/// not allowed (the server's ``ManifestPolicy/parseOnly``).
///
/// Names match what `swift package dump-package` gives (``SwiftPackageReader``), so a suite is
/// called the same on the server as in the CLI: each target a module, each test target a
/// suite, each `.package(path:)` inside the repository a module owning its folder. Whatever the
/// text does not say plainly widens, with a warning naming the manifest:
/// - a target whose `path:` is computed owns the repository root (every file no other module
///   claims reaches it);
/// - a target with dependencies the reader cannot follow depends on every library target and
///   local package;
/// - a target list built by code makes the default target folders (`Sources`, `Tests`) run-all
///   paths, because the suites behind them are unknown.
enum RootSwiftPackageText {
    static let manifest = "Package.swift"

    /// The package of the project `files` opens as a graph; an unreadable manifest (or one
    /// leading outside the repository) widens like a computed one.
    static func graph(files: ProjectFiles) -> ModuleGraph {
        let source: String
        do {
            source = try files.read(manifest)
        } catch {
            return widenedToRunAll(because: error.description)
        }
        let text = SwiftPackageManifestText.parse(source) { files.isFolder($0) }
        guard text.isComplete else {
            return widenedToRunAll(because: text.notes.joined(separator: "; "))
        }
        var warnings = text.notes.map { "\(manifest): \($0); widened" }
        let locals = localPackageFolders(in: BuildScriptText.strippingComments(source))
        var modules = locals.sorted { $0.key < $1.key }.map { Module(name: $0.key, paths: [$0.value]) }
        let libraries = text.targets.filter { !$0.isTest }.map(\.name)
        let declared = Set(libraries)
        var suites: [TestSuite] = []

        for target in text.targets {
            var dependencies = target.targets.filter(declared.contains)
            dependencies += target.packages.compactMap { package in locals.keys.first { $0.lowercased() == package.lowercased() } }
            if !target.dependenciesCertain {
                warnings.append("\(manifest): target \(target.name) has dependencies this reader cannot follow; it is treated as depending on every target and local package")
                dependencies += libraries.filter { $0 != target.name } + locals.keys.sorted()
            }
            var paths = target.paths
            if paths.isEmpty {
                warnings.append("\(manifest): target \(target.name) has a computed path; every file no other module owns is treated as its")
                paths = [""]
            }
            dependencies = SwiftPackageReader.unique(dependencies)
            if target.isTest {
                let module = SwiftPackageReader.testedModule(of: target.name, among: dependencies)
                suites.append(TestSuite(
                    name: target.name, module: module, kind: TestKind.guessed(fromTargetName: target.name),
                    paths: paths, dependencies: dependencies.filter { $0 != module }
                ))
            } else {
                modules.append(Module(name: target.name, paths: paths, dependencies: dependencies))
            }
        }
        return ModuleGraph(modules: modules, testSuites: suites, warnings: warnings)
    }

    /// No targets known: the folders SwiftPM reads targets from by default run every suite.
    private static func widenedToRunAll(because reason: String) -> ModuleGraph {
        ModuleGraph(
            modules: [], runAllPaths: ["Sources", "Tests"],
            warnings: ["\(manifest): \(reason); its targets are unknown, so a change under Sources/ or Tests/ runs every suite"]
        )
    }

    /// `.package(path: "…")` literals inside the repository: folder name → folder.
    private static func localPackageFolders(in text: String) -> [String: String] {
        var folders: [String: String] = [:]
        for groups in BuildScriptText.matches(#"\.package\s*\((?:\s*name\s*:\s*"[^"]*"\s*,)?\s*path\s*:\s*"([^"\\]+)""#, in: text) {
            let folder = ProjectPath.normalize(groups[0])
            guard !folder.isEmpty, !folder.hasPrefix(".."), !folder.hasPrefix("/"),
                  let name = folder.split(separator: "/").last.map(String.init) else { continue }
            folders[name] = folder
        }
        return folders
    }
}
