import Foundation

/// Finds the folders of a project that hold a build description no module of its graph
/// describes: a `build.gradle(.kts)` the settings do not include, a `Package.swift` nobody
/// references, a second `project.yml`. Their files belong to no known module, so without this
/// a change there would select nothing, silently; as ``UnknownModule``s they run everything.
///
/// Known module folders are walked too: a module nested in one (`app/wear` in `:app`'s
/// folder) would otherwise be owned by the outer module, and a change there would select
/// only the outer module's suites. The longest-root rule then sends `app/wear/**` to the
/// unknown module and the rest of `app/**` to `:app`.
///
/// Files that belong to no build at all (docs, scripts) are not touched: only a folder with a
/// build file is a module we do not know.
enum UnknownModuleScan {
    /// The file names that make a folder a module of some build.
    static let markers: Set<String> = ["build.gradle", "build.gradle.kts", "Package.swift", "project.yml", "project.yaml"]
    /// Folders never entered: build outputs, dependency caches and tool state, where build
    /// files are copies or downloads, never the project's own modules, and Gradle source
    /// roots, which hold sources, never modules.
    static let skipped: Set<String> = ["build", "node_modules", "Pods", "Carthage", "DerivedData", "src"]
    /// The most unknown folders named one by one in warnings.
    static let namedLimit = 10

    /// `graph` with the unknown folders of the project `files` opens added, each with a warning.
    static func adding(to graph: ModuleGraph, files: ProjectFiles) -> ModuleGraph {
        let modules = Set(graph.modules.flatMap(\.paths).map(ProjectPath.normalize))
        // Everything below these is owned (suites) or runs every suite already (run-all
        // paths, unknown modules): a build file there changes nothing, so they are not entered.
        var settled = Set(graph.testSuites.flatMap(\.paths).map(ProjectPath.normalize))
        settled.formUnion(graph.runAllPaths.map(ProjectPath.normalize))
        settled.formUnion(graph.unknownModules.map { ProjectPath.normalize($0.path) })
        let walk = files.walk(".") { relative in
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            return name.hasPrefix(".") || skipped.contains(name) || settled.contains(relative)
        }
        var result = graph
        var found: [UnknownModule] = []
        var seen = Set<String>()
        for file in walk.files {
            let path = ProjectPath.normalize(file)
            guard let slash = path.lastIndex(of: "/"), markers.contains(String(path[path.index(after: slash)...])) else { continue }
            let folder = String(path[..<slash])
            // A module's own build file, or one the graph names (an XcodeGen `include:` file).
            guard !modules.contains(folder), !settled.contains(folder), !settled.contains(path) else { continue }
            if seen.insert(folder).inserted { found.append(UnknownModule(path: folder, source: path)) }
        }
        for entry in found.prefix(namedLimit) {
            result.warnings.append("\(files.shown(entry.source)): a build file of no module the graph knows; a change under \(files.shown(entry.path)) runs every suite")
        }
        if found.count > namedLimit {
            result.warnings.append("\(found.count - namedLimit) more folders hold build files of no known module; a change under any of them runs every suite")
        }
        result.unknownModules += found
        if !walk.complete {
            result.warnings.append("the project has more than \(ProjectFiles.walkLimit) files outside its source and build folders and was not scanned to the end; a changed file no known module owns runs every suite")
            result.unknownModules.append(UnknownModule(path: "", source: "the unscanned project"))
        }
        return result
    }
}
