import Foundation

/// Runs the project-shaping statements of a settings script (``GradleSettingsScan``) without
/// Gradle: includes with literal or templated paths, `projectDir` assignments, local bindings,
/// calls of functions the script defines (recursion included), walks over folders on disk and
/// `rootProject.children` fix-ups.
///
/// Conditions are not evaluated: both branches of an `if` run, so the projects found are a
/// superset of Gradle's. The one filter honoured is "this folder has a build file", which a
/// walk applies to its includes when its own text names `build.gradle`. A statement that shapes
/// projects in a form the evaluator cannot follow is recorded with its line: the caller then
/// treats the project as holding modules it does not know.
struct GradleSettingsEvaluator {
    /// Folder names a walk never yields: hidden folders, build outputs, `buildSrc`, source roots.
    static let skippedFolders: Set<String> = ["build", "buildSrc", "src", "node_modules", "gradle"]
    /// The deepest chain of calls followed (recursive helpers walk folders this deep at most);
    /// a call beyond it is not followed.
    static let callLimit = 8
    /// The deepest nesting of walks and calls followed: a hostile script nesting thousands of
    /// walks must not exhaust the stack.
    static let nestingLimit = 64
    /// The most folder entries and calls one evaluation visits, as many as a walk of the
    /// project's files (``ProjectFiles/walkLimit``): nested walks and fan-out recursion grow
    /// exponentially, and settings come from any branch anyone can push.
    static let workLimit = ProjectFiles.walkLimit

    let scan: GradleSettingsScan
    let files: ProjectFiles?
    let isGroovy: Bool

    /// Project paths in the order included.
    private(set) var projects: [String] = []
    /// Project path → folder, for every project whose folder was set.
    private(set) var directories: [String: String] = [:]
    /// Offsets of statements that could not be followed.
    private(set) var unfollowed: [Int] = []
    /// Folder entries and calls visited so far (``workLimit``).
    private var work = 0
    /// ``projects`` and ``unfollowed`` as sets, so a script of many statements stays linear.
    private var included = Set<String>()
    private var failed = Set<Int>()

    init(scan: GradleSettingsScan, files: ProjectFiles?, isGroovy: Bool) {
        self.scan = scan
        self.files = files
        self.isGroovy = isGroovy
    }

    /// Runs the top level.
    mutating func run() {
        run(container: nil, environment: [:], shapes: true, depth: 0, nesting: 0)
    }

    // MARK: Statements

    /// `depth` counts calls (``callLimit``), `nesting` calls and walks (``nestingLimit``);
    /// `shapes` is false inside a walk that keeps only folders with a build file, for a folder without one.
    private mutating func run(container: Range<Int>?, environment start: [String: GradleSettingsExpression.Value], shapes: Bool, depth: Int, nesting: Int) {
        var expression = GradleSettingsExpression(environment: start, isGroovy: isGroovy)
        // A statement belongs here when this is its innermost container.
        for statement in scan.statementsIn[container] ?? [] {
            // Out of budget: the statement that ran out is already marked not followed (the
            // caller widens); the rest is left, never half-read silently.
            guard work <= Self.workLimit else { return }
            switch statement.kind {
            case let .include(arguments):
                guard let paths = includedPaths(arguments, expression) else { fail(statement.offset); continue }
                guard shapes else { continue }
                for path in paths where included.insert(path).inserted { projects.append(path) }
            case let .projectDir(project, variable, value):
                var path: String?
                if let project, case let .string(text)? = expression.evaluate(project) { path = Self.projectPath(text) }
                if let variable, case let .project(name)? = expression.environment[variable] { path = name }
                guard let path, let folder = folder(expression.evaluate(value.trimmingCharacters(in: .whitespacesAndNewlines))) else {
                    fail(statement.offset)
                    continue
                }
                guard shapes else { continue }
                directories[path] = folder
            case let .binding(name, value):
                expression.environment[name] = expression.evaluate(value.trimmingCharacters(in: .whitespacesAndNewlines))
            case let .call(name, arguments):
                // A function that includes nothing (nor calls one that does) shapes no project,
                // whatever its arguments.
                guard let function = scan.functions[name], scan.shapingFunctions.contains(name) else { continue }
                work += 1
                guard work <= Self.workLimit, depth < Self.callLimit, nesting < Self.nestingLimit, let bound = bind(function, arguments, expression) else {
                    fail(statement.offset)
                    continue
                }
                run(container: function.body, environment: bound, shapes: true, depth: depth + 1, nesting: nesting + 1)
            case let .walk(walk, body):
                guard nesting < Self.nestingLimit, let items = items(of: walk, expression) else { fail(statement.offset); continue }
                for (value, folder) in items {
                    var inner = expression.environment
                    inner[walk.variable] = value
                    // The walk's filter, listed once per folder rather than at each include.
                    let shapes = !walk.needsBuildFile || hasBuildFile(folder)
                    run(container: body, environment: inner, shapes: shapes, depth: depth, nesting: nesting + 1)
                    guard work <= Self.workLimit else { break }
                }
            case .unfollowable:
                fail(statement.offset)
            }
        }
    }

    private mutating func fail(_ offset: Int) {
        if failed.insert(offset).inserted { unfollowed.append(offset) }
    }

    // MARK: Values

    /// The project paths an `include` names; nil when one cannot be evaluated.
    private func includedPaths(_ arguments: String, _ expression: GradleSettingsExpression) -> [String]? {
        var paths: [String] = []
        for argument in GradleSettingsScan.split(arguments) {
            var elements = [argument]
            // `include(listOf(":a", ":b"))`, Groovy `include([':a', ':b'])`.
            if let inner = BuildScriptText.matches(#"^(?:listOf|arrayOf|setOf|mutableListOf)\s*\(([\s\S]*)\)$|^\[([\s\S]*)\]$"#, in: argument).first {
                elements = GradleSettingsScan.split(inner[0].isEmpty ? inner[1] : inner[0])
            }
            for element in elements {
                guard case let .string(text)? = expression.evaluate(element), let path = Self.projectPath(text) else { return nil }
                paths.append(path)
            }
        }
        return paths
    }

    /// `":a:b"` or `"a:b"` as a project path; nil for an empty one or one holding a folder.
    static func projectPath(_ text: String) -> String? {
        guard !text.isEmpty, !text.contains(GradleSettingsExpression.folderMark), !text.contains("/") else { return nil }
        return text.hasPrefix(":") ? text : ":" + text
    }

    private func folder(_ value: GradleSettingsExpression.Value?) -> String? {
        switch value {
        case let .folder(path)?: path
        case let .string(text)?: GradleSettingsExpression.folder(from: text)
        default: nil
        }
    }

    /// Parameters bound to a call's arguments (positional or `name = value`), defaults filled in.
    private func bind(_ function: GradleSettingsScan.Function, _ arguments: String, _ expression: GradleSettingsExpression) -> [String: GradleSettingsExpression.Value]? {
        var bound: [String: GradleSettingsExpression.Value] = [:]
        let given = GradleSettingsScan.split(arguments)
        guard given.count <= function.parameters.count else { return nil }
        for (position, argument) in given.enumerated() {
            var name = function.parameters[position].name
            var text = argument
            if let named = BuildScriptText.matches(#"^(\w+)\s*=(?!=)\s*([\s\S]+)$"#, in: argument).first {
                name = named[0]
                text = named[1]
            }
            guard let value = expression.evaluate(text) else { return nil }
            bound[name] = value
        }
        var defaults = GradleSettingsExpression(environment: bound, isGroovy: isGroovy)
        for parameter in function.parameters where bound[parameter.name] == nil {
            guard let text = parameter.defaultValue, let value = defaults.evaluate(text) else { return nil }
            bound[parameter.name] = value
            defaults.environment[parameter.name] = value
        }
        return bound
    }

    // MARK: Walks

    /// What a walk binds its variable to, with the folder its build-file test looks at.
    /// Nil when the walk cannot be evaluated or runs out of ``workLimit``.
    private mutating func items(of walk: GradleSettingsScan.Walk, _ expression: GradleSettingsExpression) -> [(GradleSettingsExpression.Value, String)]? {
        switch walk.source {
        case .children:
            let children = projects.filter { $0.dropFirst().contains(":") == false }
            work += children.count
            guard work <= Self.workLimit else { return nil }
            return children.map { (.project($0), directories[$0] ?? GradleSettings.defaultDirectory(of: $0)) }
        case let .folders(base, depth, pattern):
            guard let files, case let .folder(root)? = expression.evaluate(base) else { return nil }
            guard files.entry(root.isEmpty ? "." : root) != .outside else { return nil }
            let matcher = pattern.flatMap { try? NSRegularExpression(pattern: "^(?:" + $0 + ")$") }
            guard pattern == nil || matcher != nil else { return nil }
            var result: [(GradleSettingsExpression.Value, String)] = []
            var level = [root]
            for _ in 0..<depth {
                var next: [String] = []
                for folder in level {
                    for name in files.list(folder.isEmpty ? "." : folder) where !name.hasPrefix(".") && !Self.skippedFolders.contains(name) {
                        work += 1
                        guard work <= Self.workLimit else { return nil }
                        let child = ProjectPath.join(folder, name)
                        guard files.entry(child) == .folder else { continue }
                        next.append(child)
                        if let matcher, matcher.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) == nil { continue }
                        result.append((.folder(child), child))
                    }
                }
                level = next
            }
            return result
        }
    }

    /// Whether the folder holds a build file (`build.gradle`, `build.gradle.kts`, or a named one
    /// such as `vpn-build.gradle`).
    private func hasBuildFile(_ folder: String) -> Bool {
        guard let files else { return false }
        return files.list(folder.isEmpty ? "." : folder).contains { $0.contains("build.gradle") }
    }
}
