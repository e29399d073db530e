import Foundation

/// Evaluates the expressions settings scripts build project paths and folders from:
/// string literals with `${…}` and `$name` templates, `+`, folder values and their `name`,
/// `parentFile`, `relativeTo(rootDir).path`, `replace(…)`, `File(…)`/`file(…)` and integers.
/// Anything else is nil: the caller then says it cannot follow the statement.
struct GradleSettingsExpression {
    /// What an expression may be worth.
    enum Value: Equatable {
        case string(String)
        /// A project-relative folder ("" is the root).
        case folder(String)
        case int(Int)
        /// An included project, by path (a `rootProject.children` loop variable).
        case project(String)
    }

    /// Names bound in the current scope.
    var environment: [String: Value] = [:]
    /// Groovy reads `"$a.b"` as the property `a.b`; Kotlin as `a` followed by `.b`.
    var isGroovy = false

    /// Marks a folder written into a string (`"${rootDir}/libs"`), so `file(…)` can read it
    /// back and a project path never silently holds one.
    static let folderMark: Character = "\u{1}"

    /// The deepest nesting of brackets, calls and `${…}` templates followed; deeper is not
    /// followed, so a hostile script cannot exhaust the stack.
    static let nestingLimit = 64
    /// The longest string built: project paths and folders are short, and bindings that
    /// double a string each (`val b = "$a$a"`) must not exhaust memory.
    static let lengthLimit = 4096

    /// The value of `source`, or nil when it uses anything this evaluator does not model.
    func evaluate(_ source: String) -> Value? {
        evaluate(source, nesting: 0)
    }

    /// ``evaluate(_:)`` inside `nesting` levels of brackets and templates.
    private func evaluate(_ source: String, nesting: Int) -> Value? {
        var parser = Parser(characters: Array(source), evaluator: self, nesting: nesting)
        guard let value = parser.sum(), parser.atEnd else { return nil }
        return value
    }

    /// `text` as a value; nil when longer than ``lengthLimit``.
    private static func bounded(_ text: String) -> Value? {
        text.utf8.count <= lengthLimit ? .string(text) : nil
    }

    /// The value as a string: a folder written with ``folderMark``.
    static func text(_ value: Value) -> String {
        switch value {
        case let .string(text): text
        case let .int(number): String(number)
        case let .folder(path): String(folderMark) + path
        case let .project(path): path
        }
    }

    /// A string naming a folder (`"libs/core"`, `"${rootDir}/libs"`) as a project-relative folder.
    static func folder(from text: String) -> String? {
        var path = text
        if path.first == folderMark { path = String(path.dropFirst()).trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        // An absolute or climbing path is kept as written: the reader refuses it with a warning.
        guard !path.contains(folderMark) else { return nil }
        return ProjectPath.normalize(path)
    }

    // MARK: Parsing

    private struct Parser {
        let characters: [Character]
        let evaluator: GradleSettingsExpression
        var index = 0
        /// Levels of ``sum()`` and templates entered (``nestingLimit``).
        var nesting: Int

        init(characters: [Character], evaluator: GradleSettingsExpression, nesting: Int) {
            self.characters = characters
            self.evaluator = evaluator
            self.nesting = nesting
            skip()
        }

        var atEnd: Bool { index >= characters.count }

        mutating func skip() {
            while index < characters.count, characters[index].isWhitespace { index += 1 }
        }

        mutating func eat(_ text: String) -> Bool {
            let wanted = Array(text)
            guard index + wanted.count <= characters.count, Array(characters[index..<index + wanted.count]) == wanted else { return false }
            index += wanted.count
            skip()
            return true
        }

        /// `a + b - 1`: strings concatenate, integers add.
        /// Every bracket, call argument and template goes through here, so the nesting is counted once.
        mutating func sum() -> Value? {
            nesting += 1
            defer { nesting -= 1 }
            guard nesting <= GradleSettingsExpression.nestingLimit, var value = postfix() else { return nil }
            while true {
                if eat("+") {
                    guard let right = postfix() else { return nil }
                    if case let .int(a) = value, case let .int(b) = right {
                        // Overflow is a number this reader cannot follow, never a crash.
                        let (total, overflow) = a.addingReportingOverflow(b)
                        guard !overflow else { return nil }
                        value = .int(total)
                    } else {
                        guard let joined = GradleSettingsExpression.bounded(GradleSettingsExpression.text(value) + GradleSettingsExpression.text(right)) else { return nil }
                        value = joined
                    }
                } else if eat("-") {
                    guard case let .int(a) = value, case let .int(b)? = postfix() else { return nil }
                    let (difference, overflow) = a.subtractingReportingOverflow(b)
                    guard !overflow else { return nil }
                    value = .int(difference)
                } else if eat("as File") {
                    guard let folder = GradleSettingsExpression.folder(from: GradleSettingsExpression.text(value)) else { return nil }
                    value = .folder(folder)
                } else {
                    return value
                }
            }
        }

        mutating func name() -> String? {
            let start = index
            while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" { index += 1 }
            guard index > start else { return nil }
            let word = String(characters[start..<index])
            skip()
            return word
        }

        /// Comma-separated arguments up to `)`.
        mutating func arguments() -> [Value]? {
            var values: [Value] = []
            if eat(")") { return values }
            while true {
                guard let value = sum() else { return nil }
                values.append(value)
                if eat(")") { return values }
                guard eat(",") else { return nil }
            }
        }

        mutating func postfix() -> Value? {
            guard var value = primary() else { return nil }
            while true {
                _ = eat("!!")
                guard eat(".") || eat("?.") else { return value }
                guard let member = name() else { return nil }
                switch (member, value) {
                case let ("name", .folder(path)), let ("name", .project(path)):
                    value = .string(String(path.split(whereSeparator: { $0 == "/" || $0 == ":" }).last ?? ""))
                case let ("parentFile", .folder(path)), let ("parent", .folder(path)):
                    value = .folder(path.split(separator: "/").dropLast().joined(separator: "/"))
                case ("projectDir", .folder), ("absoluteFile", .folder), ("canonicalFile", .folder):
                    break
                case let ("relativeTo", .folder(path)):
                    guard eat("("), case .folder("")? = sum(), eat(")"), eat("."), name() == "path" else { return nil }
                    value = .string(path)
                case let ("toString", current), let ("trim", current):
                    guard eat("("), eat(")") else { return nil }
                    value = .string(GradleSettingsExpression.text(current))
                case let ("replace", .string(text)):
                    guard eat("("), let arguments = arguments(), arguments.count == 2,
                          case let .string(old) = arguments[0], case let .string(new) = arguments[1], !old.isEmpty,
                          let replaced = GradleSettingsExpression.bounded(text.replacingOccurrences(of: old, with: new)) else { return nil }
                    value = replaced
                case let ("substring", .string(text)):
                    guard eat("("), case let .int(start)? = sum(), eat(")"), start >= 0, start <= text.count else { return nil }
                    value = .string(String(text.dropFirst(start)))
                default:
                    return nil
                }
            }
        }

        mutating func primary() -> Value? {
            guard index < characters.count else { return nil }
            let character = characters[index]
            if character == "\"" || character == "'" { return literal(quote: character) }
            if character.isNumber {
                let start = index
                while index < characters.count, characters[index].isNumber { index += 1 }
                let number = Int(String(characters[start..<index]))
                skip()
                return number.map(Value.int)
            }
            if eat("(") {
                let value = sum()
                return eat(")") ? value : nil
            }
            _ = eat("new ")
            guard let word = name() else { return nil }
            // A script's own variable (`file`, `dir`) shadows the functions of the same name.
            if let bound = evaluator.environment[word], index >= characters.count || characters[index] != "(" { return bound }
            switch word {
            case "rootDir", "settingsDir":
                return .folder("")
            case "rootProject":
                guard eat("."), name() == "projectDir" else { return nil }
                return .folder("")
            case "File" where eat("."):
                // `File.separator`, `File.separatorChar`
                guard let member = name(), member.hasPrefix("separator") else { return nil }
                return .string("/")
            case "File", "file":
                guard eat("("), let arguments = arguments() else { return nil }
                return GradleSettingsExpression.file(arguments)
            case "relativePath":
                guard eat("("), let arguments = arguments(), arguments.count == 1, case let .folder(path) = arguments[0] else { return nil }
                return .string(path)
            default:
                return evaluator.environment[word]
            }
        }

        /// A string literal; `"…"` interpolates `${expression}` and `$name`.
        mutating func literal(quote: Character) -> Value? {
            let triple = index + 2 < characters.count && characters[index + 1] == quote && characters[index + 2] == quote
            index += triple ? 3 : 1
            var text = ""
            while index < characters.count {
                let character = characters[index]
                if character == quote, !triple || (index + 2 < characters.count && characters[index + 1] == quote && characters[index + 2] == quote) {
                    index += triple ? 3 : 1
                    skip()
                    return GradleSettingsExpression.bounded(text)
                }
                if character == "\\", index + 1 < characters.count {
                    text.append(characters[index + 1])
                    index += 2
                    continue
                }
                if character == "$", quote == "\"", index + 1 < characters.count {
                    if characters[index + 1] == "{" {
                        var depth = 0
                        var end = index + 1
                        while end < characters.count {
                            if characters[end] == "{" { depth += 1 }
                            if characters[end] == "}" { depth -= 1; if depth == 0 { break } }
                            end += 1
                        }
                        guard end < characters.count, let value = evaluator.evaluate(String(characters[(index + 2)..<end]), nesting: nesting + 1) else { return nil }
                        text += GradleSettingsExpression.text(value)
                        guard text.utf8.count <= GradleSettingsExpression.lengthLimit else { return nil }
                        index = end + 1
                        continue
                    }
                    var end = index + 1
                    while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
                            || (evaluator.isGroovy && characters[end] == "." && end + 1 < characters.count && characters[end + 1].isLetter) {
                        end += 1
                    }
                    guard end > index + 1, let value = evaluator.evaluate(String(characters[(index + 1)..<end]), nesting: nesting + 1) else { return nil }
                    text += GradleSettingsExpression.text(value)
                    guard text.utf8.count <= GradleSettingsExpression.lengthLimit else { return nil }
                    index = end
                    continue
                }
                text.append(character)
                index += 1
            }
            return nil
        }
    }

    /// `File(parent, "child")`, `file("path")`, `File("path")`: a project-relative folder.
    static func file(_ arguments: [Value]) -> Value? {
        switch arguments.count {
        case 1:
            if case let .folder(path) = arguments[0] { return .folder(path) }
            return folder(from: text(arguments[0])).map(Value.folder)
        case 2:
            guard case let .folder(parent) = arguments[0], case let .string(child) = arguments[1],
                  !child.contains(folderMark) else { return nil }
            return .folder(ProjectPath.normalize(ProjectPath.join(parent, child)))
        default:
            return nil
        }
    }
}
