import Core
import YAMLReading
import Yams

// MARK: - ui_tests

extension YAMLNodeReader {
    /// Keys allowed under a step's `ui_tests:`.
    static let uiTestKeys = ["project", "graph", "run_all", "kind"]

    /// `ui_tests: true` (the repository root's own build files) or a mapping with `project`
    /// (folder), `graph` (module-graph file), `run_all` (extra path patterns) and `kind` (one
    /// build description when the project has several).
    mutating func uiTestSelection(from node: Node) -> UITestSelection? {
        if case .scalar(let scalar) = node, !YAMLNodeReader.isNull(node) {
            switch scalar.string.lowercased() {
            case "true": return UITestSelection()
            case "false": return nil
            default:
                report("ui_tests must be true, false or a mapping with project, graph and run_all, found \(YAMLNodeReader.describe(node))", at: node)
                return nil
            }
        }
        guard let fields = entries(of: node, "ui_tests", allowed: YAMLNodeReader.uiTestKeys) else { return nil }
        var selection = UITestSelection()
        if let project = fields["project"], let value = nonEmptyText(project, "ui_tests.project") {
            if let problem = Self.relativePathProblem(value) {
                report("ui_tests.project \(problem), found \"\(value)\"", at: project)
            } else {
                selection.project = value
            }
        }
        if let graph = fields["graph"], let value = nonEmptyText(graph, "ui_tests.graph") {
            if let problem = Self.relativePathProblem(value) {
                report("ui_tests.graph \(problem), found \"\(value)\"", at: graph)
            } else {
                selection.graph = value
            }
        }
        if let kind = fields["kind"], let value = nonEmptyText(kind, "ui_tests.kind") {
            if ["gradle", "xcodegen", "spm", "swiftpm", "swiftpackage"].contains(value.lowercased()) {
                selection.kind = value
            } else {
                report("ui_tests.kind must be gradle, xcodegen or spm, found \"\(value)\"", at: kind)
            }
        }
        if let runAll = fields["run_all"], !YAMLNodeReader.isNull(runAll) {
            selection.runAll = textList(runAll, "ui_tests.run_all")?.map(\.value) ?? []
        }
        return selection
    }

    /// Why `path` cannot name something inside the checkout, or nil.
    private static func relativePathProblem(_ path: String) -> String? {
        if path.hasPrefix("/") { return "must be relative to the repository" }
        if path.split(separator: "/").contains("..") { return "must not leave the repository with '..'" }
        return nil
    }
}
