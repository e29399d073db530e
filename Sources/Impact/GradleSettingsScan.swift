import Foundation

/// The statements of a settings script that shape its projects, found once: includes,
/// `projectDir` assignments, bindings, calls of functions the script defines, folder walks
/// (`listFiles()`, `eachDir`, `eachFile(DIRECTORIES)`, `eachDirMatch`, `walk().maxDepth(n)`),
/// `rootProject.children` loops, and the constructs that shape projects in ways the evaluator
/// does not model. Each belongs to the innermost walk or function body holding it.
struct GradleSettingsScan {
    /// A loop over folders or projects.
    struct Walk {
        enum Source {
            /// Folders below the folder `base` evaluates to, `depth` levels deep, named by `pattern`.
            case folders(base: String, depth: Int, pattern: String?)
            /// The projects included so far directly under the root.
            case children
        }
        var source: Source
        var variable: String
        /// Whether the walk keeps only folders with a build file (its text names one).
        var needsBuildFile = false
    }

    /// A function the script defines.
    struct Function {
        var parameters: [(name: String, defaultValue: String?)]
        var body: Range<Int>
    }

    enum Kind {
        case include(arguments: String)
        case projectDir(project: String?, variable: String?, value: String)
        case binding(name: String, value: String)
        case call(name: String, arguments: String)
        case walk(Walk, body: Range<Int>)
        case unfollowable
    }

    /// One statement, at its offset, in its container (the body range of a walk or function; nil at top level).
    struct Statement {
        var offset: Int
        var kind: Kind
        var container: Range<Int>?
    }

    let text: GradleSettingsText
    /// The functions the script defines, by name (set by ``scanFunctions()``).
    var functions: [String: Function] = [:]
    private(set) var statements: [Statement] = []
    /// The statements of each container (nil: the top level), in order.
    private(set) var statementsIn: [Range<Int>?: [Statement]] = [:]
    /// The functions whose body, or a function it calls, holds an include, a `projectDir`
    /// assignment, a walk or a statement the evaluator cannot follow. Calling any other
    /// function shapes no project, whatever its arguments.
    private(set) var shapingFunctions: Set<String> = []

    init(_ text: GradleSettingsText) {
        self.text = text
        scanFunctions()
        var found: [(Int, Kind, Range<Int>?)] = []
        let walks = scanWalks()
        found += walks.map { ($0.offset, Kind.walk($0.walk, body: $0.body), nil) }
        found += scanIncludes()
        found += scanAssignments()
        found += scanCalls()
        // Bodies that hold statements: walks and functions, innermost first.
        let bodies = (walks.map(\.body) + functions.values.map(\.body)).sorted { $0.count < $1.count }
        statements = found.map { offset, kind, _ in
            Statement(offset: offset, kind: kind, container: bodies.first { $0.contains(offset) })
        }.sorted { $0.offset < $1.offset }
        for statement in statements { statementsIn[statement.container, default: []].append(statement) }
        shapingFunctions = findShapingFunctions()
    }

    // MARK: Walks

    private func scanWalks() -> [(offset: Int, walk: Walk, body: Range<Int>)] {
        var result: [(Int, Walk, Range<Int>)] = []
        let walkers = #"\.\s*(?:(listFiles)\s*\(\s*\)|(eachDir)\b(?!Match)|(eachFile)\s*\(\s*(?:groovy\.io\.)?FileType\.DIRECTORIES\s*\)|eachDirMatch\s*\(\s*~?/((?:[^/\n\\]|\\.)*)/\s*\)|(walk|walkTopDown)\s*\(\s*\))"#
        for match in text.matches(walkers) {
            let start = text.expressionStart(before: match.range.lowerBound)
            let base = text.string(start..<match.range.lowerBound).trimmingCharacters(in: .whitespaces)
            guard !base.isEmpty else { continue }
            var walk = Walk(source: .folders(base: base, depth: 1, pattern: match.groups[3].map(text.string)), variable: "it")
            var chainText = ""
            var cursor = match.range.upperBound
            var bodyOpen: Int?
            if match.groups[4] != nil { walk.source = .folders(base: base, depth: 3, pattern: nil) }
            // `for (dir in base.listFiles()…) {`
            let head = text.string(max(0, start - 40)..<start)
            let forLoop = BuildScriptText.matches(#"\bfor\s*\(\s*(\w+)\s+in\s*$"#, in: head).first?[0]
            chainLoop: while true {
                cursor = text.skipSpace(cursor)
                guard cursor < text.units.count else { break }
                if text.units[cursor] == 0x7B, forLoop == nil {
                    bodyOpen = cursor
                    break
                }
                if text.units[cursor] == 0x29, forLoop != nil {
                    cursor = text.skipSpace(cursor + 1)
                    if cursor < text.units.count, text.units[cursor] == 0x7B { bodyOpen = cursor }
                    break
                }
                var next = cursor
                if text.units[next] == 0x3F { next += 1 }
                guard next < text.units.count, text.units[next] == 0x2E else { break }
                next = text.skipSpace(next + 1)
                var end = next
                while end < text.units.count, GradleSettingsText.isNameUnit(text.units[end]) { end += 1 }
                let member = text.string(next..<end)
                cursor = text.skipSpace(end)
                var arguments = ""
                if cursor < text.units.count, text.units[cursor] == 0x28, let close = text.close(cursor) {
                    arguments = text.string((cursor + 1)..<(close - 1))
                    cursor = close
                }
                switch member {
                case "orEmpty", "sorted", "toList", "asSequence", "filterNotNull":
                    continue chainLoop
                case "maxDepth":
                    if let depth = Int(arguments.trimmingCharacters(in: .whitespaces)), match.groups[4] != nil {
                        walk.source = .folders(base: base, depth: max(1, min(depth, 6)), pattern: nil)
                    }
                case "filter", "filterNot", "sortedBy":
                    let lambda = text.skipSpace(cursor)
                    if lambda < text.units.count, text.units[lambda] == 0x7B, let close = text.close(lambda) {
                        chainText += text.string(lambda..<close)
                        cursor = close
                    }
                case "forEach", "each":
                    let lambda = text.skipSpace(cursor)
                    if forLoop == nil, lambda < text.units.count, text.units[lambda] == 0x7B { bodyOpen = lambda }
                    break chainLoop
                default:
                    // A step this reader does not model (`getChunk`, `flatMap`, `map`): no walk.
                    bodyOpen = nil
                    break chainLoop
                }
            }
            guard let open = bodyOpen, let close = text.close(open) else { continue }
            let body = (open + 1)..<(close - 1)
            if let forLoop {
                walk.variable = forLoop
            } else if let parameter = BuildScriptText.matches(#"^\s*(?:(?:final\s+)?[A-Z]\w*\s+)?(\w+)\s*->"#, in: text.string(body)).first?[0] {
                walk.variable = parameter
            }
            walk.needsBuildFile = (chainText + text.string(body)).contains("build.gradle")
            result.append((start, walk, body))
        }
        // `for (p in rootProject.children) {`, `rootProject.children.each { p -> `.
        for match in text.matches(#"\bfor\s*\(\s*(\w+)\s+in\s+rootProject\s*\.\s*children\s*\)\s*\{|\brootProject\s*\.\s*children\s*\.\s*(?:each|forEach)\s*\{"#) {
            let open = match.range.upperBound - 1
            guard let close = text.close(open) else { continue }
            let body = (open + 1)..<(close - 1)
            var variable = match.groups[0].map(text.string) ?? "it"
            if match.groups[0] == nil, let parameter = BuildScriptText.matches(#"^\s*(?:\w+\s+)?(\w+)\s*->"#, in: text.string(body)).first?[0] {
                variable = parameter
            }
            result.append((match.range.lowerBound, Walk(source: .children, variable: variable), body))
        }
        // A walk's build-file test is its own: a nested walk's text says nothing of the outer one.
        return result.map { entry in
            var own = text.string(entry.2)
            for other in result where other.2 != entry.2 && entry.2.contains(other.0) {
                own = own.replacingOccurrences(of: text.string(other.0..<other.2.upperBound), with: "")
            }
            var walk = entry.1
            if case .folders = walk.source { walk.needsBuildFile = walk.needsBuildFile && (own.contains("build.gradle") || ownChain(entry)) }
            return (entry.0, walk, entry.2)
        }
    }

    private func ownChain(_ entry: (Int, Walk, Range<Int>)) -> Bool {
        text.string(entry.0..<entry.2.lowerBound).contains("build.gradle")
    }

    // MARK: Statements

    private func scanIncludes() -> [(Int, Kind, Range<Int>?)] {
        // `fileTree(…) { include '**/*.gradle' }` filters files; it includes no project.
        var patternBlocks: [Range<Int>] = []
        for match in text.matches(#"\bfileTree\s*\(|\bmatching\s*\{"#) {
            var cursor = match.range.upperBound - 1
            if text.units[cursor] == 0x28, let close = text.close(cursor) { cursor = text.skipSpace(close) }
            if cursor < text.units.count, text.units[cursor] == 0x7B, let close = text.close(cursor) { patternBlocks.append(cursor..<close) }
        }
        var result: [(Int, Kind, Range<Int>?)] = []
        for match in text.matches(#"(?<![\w.$])(?:settings\s*\.\s*)?include\b(?!Build|Flat)"#) {
            guard !patternBlocks.contains(where: { $0.contains(match.range.lowerBound) }) else { continue }
            var cursor = match.range.upperBound
            while cursor < text.units.count, text.units[cursor] == 0x20 || text.units[cursor] == 0x09 { cursor += 1 }
            let arguments: String
            if cursor < text.units.count, text.units[cursor] == 0x28, let close = text.close(cursor) {
                arguments = text.string((cursor + 1)..<(close - 1))
            } else {
                arguments = text.string(cursor..<text.statementEnd(cursor))
            }
            result.append((match.range.lowerBound, .include(arguments: arguments), nil))
        }
        return result
    }

    private func scanAssignments() -> [(Int, Kind, Range<Int>?)] {
        var result: [(Int, Kind, Range<Int>?)] = []
        for match in text.matches(#"(?<![\w.])(?:project|findProject)\s*\("#) {
            guard let close = text.close(match.range.upperBound - 1) else { continue }
            let rest = text.string(close..<text.statementEnd(close))
            let project = text.string(match.range.upperBound..<(close - 1))
            if let value = BuildScriptText.matches(#"^\s*(?:!!|\?)?\s*\.\s*projectDir\s*=(?!=)\s*([\s\S]+)$"#, in: rest).first?[0] {
                result.append((match.range.lowerBound, .projectDir(project: project, variable: nil, value: value), nil))
            } else if BuildScriptText.matches(#"^\s*(?:!!|\?)?\s*\.\s*(?:name\s*=(?!=)|children\b)"#, in: rest).first != nil {
                result.append((match.range.lowerBound, .unfollowable, nil))
            }
        }
        for match in text.matches(#"(?<![\w.])(\w+)\s*\.\s*projectDir\s*=(?!=)"#) {
            guard let name = match.groups[0].map(text.string), name != "rootProject" else { continue }
            let value = text.string(match.range.upperBound..<text.statementEnd(match.range.upperBound))
            result.append((match.range.lowerBound, .projectDir(project: nil, variable: name, value: value), nil))
        }
        // Renames (`it.name = "x-${it.name}"`), applied scripts, included builds named by code,
        // and `children` used other than in a `rootProject.children` loop.
        let unfollowable = #"(?<!rootProject)\s*\.\s*name\s*=(?!=)|\bapply\s*\(\s*from\b|\bapply\s+from\s*:|\bincludeBuild\s*(?:\(\s*)?(?=[^\s"'(])|(?<!rootProject)\.\s*children\b(?!\s*\.\s*(?:each|forEach)\b)"#
        for match in text.matches(unfollowable) where !(text.string(max(0, match.range.lowerBound - 12)..<match.range.lowerBound).hasSuffix("rootProject")) {
            result.append((match.range.lowerBound, .unfollowable, nil))
        }
        for match in text.matches(#"(?<![\w.])(?:val|var|def|String|File|final\s+String)\s+(\w+)\s*(?::\s*[\w?<>]+)?\s*=(?!=)"#) {
            guard let name = match.groups[0].map(text.string) else { continue }
            let value = text.string(match.range.upperBound..<text.statementEnd(match.range.upperBound))
            result.append((match.range.lowerBound, .binding(name: name, value: value), nil))
        }
        return result
    }

    /// Calls named like `include…` that include no project: Gradle's own includes (read
    /// elsewhere) and the content filters of a repository (`google { content {
    /// includeGroupByRegex("com\\.android.*") } }`, Android Studio's new-project template).
    static let notProjectIncludes: Set<String> = [
        "include", "includeBuild", "includeFlat",
        "includeGroup", "includeGroupByRegex", "includeGroupAndSubgroups",
        "includeModule", "includeModuleByRegex", "includeVersion", "includeVersionByRegex",
    ]

    private func scanCalls() -> [(Int, Kind, Range<Int>?)] {
        var result: [(Int, Kind, Range<Int>?)] = []
        for match in text.matches(#"(?<![\w.$])(\w+)\s*\("#) {
            guard let name = match.groups[0].map(text.string), let close = text.close(match.range.upperBound - 1) else { continue }
            let before = text.string(max(0, match.range.lowerBound - 5)..<match.range.lowerBound)
            guard !before.hasSuffix("fun ") && !before.hasSuffix("def ") && !before.hasSuffix("void ") else { continue }
            if functions[name] != nil {
                result.append((match.range.lowerBound, .call(name: name, arguments: text.string(match.range.upperBound..<(close - 1))), nil))
            } else if name.hasPrefix("include"), !Self.notProjectIncludes.contains(name) {
                // A helper named like include, defined where this reader cannot see.
                result.append((match.range.lowerBound, .unfollowable, nil))
            }
        }
        return result
    }

    /// Top-level comma-separated parts of an argument list.
    static func split(_ arguments: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var quote: Character?
        var current = ""
        for character in arguments {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
            } else if character == ",", depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
                current = ""
                continue
            }
            current.append(character)
        }
        let last = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !last.isEmpty { parts.append(last) }
        return parts
    }
}
