/// An nginx configuration file read into its directives, enough to check what a setting is
/// in a given block: `name args…;` and `name args… { … }`, comments dropped, quotes kept whole.
struct NginxConfig {
    /// One directive; `children` is nil for a simple one, the block's directives otherwise.
    struct Directive {
        /// The directive's name, e.g. `proxy_read_timeout`.
        var name: String
        /// Its arguments, quotes removed.
        var arguments: [String]
        /// The block's directives, for `server { … }`, `location … { … }` and the like.
        var children: [Directive]?

        /// The directives called `name` directly inside this block.
        func all(_ name: String) -> [Directive] { (children ?? []).filter { $0.name == name } }
        /// The first argument of the directive called `name` directly inside this block.
        func value(_ name: String) -> String? { all(name).first?.arguments.first }
    }

    /// The file's top-level directives.
    let directives: [Directive]

    /// Reads `text`; nil when its braces do not balance.
    init?(_ text: String) {
        var tokens = Self.tokens(of: text)[...]
        guard let directives = Self.block(&tokens, nested: false) else { return nil }
        self.directives = directives
    }

    /// Every directive called `name`, at any depth.
    func everywhere(_ name: String) -> [Directive] {
        var found: [Directive] = []
        var pending = directives
        while let next = pending.popLast() {
            if next.name == name { found.append(next) }
            pending += next.children ?? []
        }
        return found
    }

    /// Words, quoted strings, `{`, `}` and `;`.
    private static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        var word = ""
        var quote: Character?
        var comment = false
        var escaped = false
        func flush() { if !word.isEmpty { tokens.append(word); word = "" } }
        for character in text {
            if comment {
                if character == "\n" { comment = false }
            } else if let open = quote {
                if escaped { word.append(character); escaped = false }
                else if character == "\\" { escaped = true }
                else if character == open { tokens.append(word); word = ""; quote = nil }
                else { word.append(character) }
            } else if character == "#" {
                flush(); comment = true
            } else if character == "'" || character == "\"" {
                flush(); quote = character
            } else if character == "{" || character == "}" || character == ";" {
                flush(); tokens.append(String(character))
            } else if character.isWhitespace {
                flush()
            } else {
                word.append(character)
            }
        }
        flush()
        return tokens
    }

    /// Directives up to the closing brace (when `nested`) or the end.
    private static func block(_ tokens: inout ArraySlice<String>, nested: Bool) -> [Directive]? {
        var directives: [Directive] = []
        var words: [String] = []
        while let token = tokens.popFirst() {
            switch token {
            case ";":
                guard let name = words.first else { return nil }
                directives.append(Directive(name: name, arguments: Array(words.dropFirst()), children: nil))
                words = []
            case "{":
                guard let name = words.first, let children = block(&tokens, nested: true) else { return nil }
                directives.append(Directive(name: name, arguments: Array(words.dropFirst()), children: children))
                words = []
            case "}":
                return nested && words.isEmpty ? directives : nil
            default:
                words.append(token)
            }
        }
        return nested || !words.isEmpty ? nil : directives
    }
}
