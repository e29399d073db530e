import Foundation

/// The functions a settings script defines, and which of them shape projects.
extension GradleSettingsScan {
    /// Finds every `fun`/`def`/`void` definition with a body: its parameters and body range.
    mutating func scanFunctions() {
        for match in text.matches(#"(?<![\w.])(?:fun|def|void)\s+(?:\w+\s*\.\s*)?(\w+)\s*\("#) {
            guard let nameRange = match.groups[0] else { continue }
            let name = text.string(nameRange)
            // The Kotlin `File.eachDir` extension stands for Groovy's own walk.
            guard name != "eachDir", let close = text.close(match.range.upperBound - 1) else { continue }
            var cursor = text.skipSpace(close)
            // A return type: `: List<File>?`.
            if cursor < text.units.count, text.units[cursor] == 0x3A {
                while cursor < text.units.count, ![0x7B, 0x3D, 0x0A].contains(text.units[cursor]) { cursor += 1 }
                cursor = text.skipSpace(cursor)
            }
            guard cursor < text.units.count, text.units[cursor] == 0x7B, let end = text.close(cursor) else { continue }
            // An empty parameter (`fun f(,)`) is no parameter; a hostile script must not crash the reader.
            let parameters = Self.split(text.string(match.range.upperBound..<(close - 1))).filter { !$0.isEmpty }.map { parameter -> (String, String?) in
                let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                let declaration = parts.first ?? ""
                // Kotlin `name: Type`, Groovy `Type name` or `name`.
                let name = declaration.contains(":") ? String(declaration.prefix { $0 != ":" }).trimmingCharacters(in: .whitespaces)
                    : String(declaration.split(separator: " ").last ?? "")
                return (name, parts.count > 1 ? parts[1] : nil)
            }
            functions[name] = Function(parameters: parameters, body: (cursor + 1)..<(end - 1))
        }
    }

    /// ``shapingFunctions``: those holding a shaping statement, then every function that calls one.
    func findShapingFunctions() -> Set<String> {
        var shaping = Set<String>()
        var callers: [String: Set<String>] = [:]
        for (name, function) in functions {
            // Statements are sorted by offset: the body's are one run of them.
            var index = firstStatement(at: function.body.lowerBound)
            while index < statements.count, statements[index].offset < function.body.upperBound {
                switch statements[index].kind {
                case .include, .projectDir, .walk, .unfollowable: shaping.insert(name)
                case let .call(callee, _): callers[callee, default: []].insert(name)
                case .binding: break
                }
                index += 1
            }
        }
        var pending = Array(shaping)
        while let callee = pending.popLast() {
            for caller in callers[callee] ?? [] where shaping.insert(caller).inserted { pending.append(caller) }
        }
        return shaping
    }

    /// The index of the first statement at or after `offset`.
    private func firstStatement(at offset: Int) -> Int {
        var low = 0
        var high = statements.count
        while low < high {
            let middle = (low + high) / 2
            if statements[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
