/// A shell-style pattern for branch, tag and repository names.
///
/// `*` matches any run of characters within one `/`-separated segment, `**` matches across
/// segments (`release/**` matches `release/1.2/hotfix`), `**/` may also match nothing (so
/// `**/main` matches `main`), and `?` matches one character other than `/`. Everything else
/// matches itself. Patterns are stored as written and encode as that string.
public struct Glob: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The pattern as the user wrote it.
    public let pattern: String
    private let tokens: [Token]

    /// One unit of a compiled pattern.
    private enum Token: Sendable, Hashable {
        case literal(Character)
        case anyInSegment
        case anyAcross
        case anyDirectories
        case oneCharacter
    }

    /// Compiles a pattern; every string is a valid pattern.
    public init(_ pattern: String) {
        self.pattern = pattern
        self.tokens = Glob.compile(Array(pattern))
    }

    /// The pattern as written.
    public var description: String { pattern }

    // MARK: Matching

    /// Whether `text` matches the whole pattern, comparing characters exactly.
    public func matches(_ text: String) -> Bool {
        matches(text, ignoringCase: false)
    }

    /// Whether `text` matches the whole pattern; repository names compare ignoring case
    /// because git hosts treat `Acme/App` and `acme/app` as the same repository.
    public func matches(_ text: String, ignoringCase: Bool) -> Bool {
        let characters = Array(ignoringCase ? text.lowercased() : text)
        let tokens = ignoringCase ? Glob.compile(Array(pattern.lowercased())) : self.tokens
        // Dynamic programming from the end, so `*` never backtracks exponentially.
        let width = characters.count + 1
        var matched = [Bool](repeating: false, count: (tokens.count + 1) * width)
        matched[tokens.count * width + characters.count] = true
        for tokenIndex in stride(from: tokens.count - 1, through: 0, by: -1) {
            // `afterSlash` tracks "some later character is a `/` from which the rest matches".
            var afterSlash = false
            for position in stride(from: characters.count, through: 0, by: -1) {
                let next = (tokenIndex + 1) * width
                let here = tokenIndex * width
                let hasCharacter = position < characters.count
                let character: Character? = hasCharacter ? characters[position] : nil
                let result: Bool
                switch tokens[tokenIndex] {
                case .literal(let expected):
                    result = character == expected && matched[next + position + 1]
                case .oneCharacter:
                    result = hasCharacter && character != "/" && matched[next + position + 1]
                case .anyInSegment:
                    result = matched[next + position]
                        || (hasCharacter && character != "/" && matched[here + position + 1])
                case .anyAcross:
                    result = matched[next + position] || (hasCharacter && matched[here + position + 1])
                case .anyDirectories:
                    if hasCharacter, character == "/", matched[next + position + 1] { afterSlash = true }
                    result = matched[next + position] || afterSlash
                }
                matched[here + position] = result
            }
        }
        return matched[0]
    }

    // MARK: Compiling

    private static func compile(_ characters: [Character]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "*" {
                var stars = 1
                while index + stars < characters.count, characters[index + stars] == "*" { stars += 1 }
                index += stars
                if stars == 1 {
                    tokens.append(.anyInSegment)
                } else if index < characters.count, characters[index] == "/" {
                    tokens.append(.anyDirectories)
                    index += 1
                } else {
                    tokens.append(.anyAcross)
                }
                continue
            }
            tokens.append(character == "?" ? .oneCharacter : .literal(character))
            index += 1
        }
        return tokens
    }

    // MARK: Codable

    /// Decodes a pattern from its string form.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the pattern as its string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(pattern)
    }
}

// MARK: - Lists of patterns

extension Array where Element == Glob {
    /// Whether any pattern in the list matches `text`.
    func anyMatches(_ text: String, ignoringCase: Bool = false) -> Bool {
        contains { $0.matches(text, ignoringCase: ignoringCase) }
    }
}
