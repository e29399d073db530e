/// Lenient accessors: every one answers nil (or empty) instead of throwing on a shape it did not expect.
extension JSONValue {
    // MARK: Navigation

    /// The member `key` of an object; `.null` when absent or when this is not an object.
    subscript(key: String) -> JSONValue {
        guard case .object(let members) = self, let member = members[key] else { return .null }
        return member
    }

    /// The elements of an array; empty for anything else.
    var elements: [JSONValue] {
        guard case .array(let items) = self else { return [] }
        return items
    }

    /// Whether the value is absent or `null`.
    var isNull: Bool { self == .null }

    // MARK: Scalars

    /// The text of a string; nil for anything else.
    var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The text of a non-empty string; nil for anything else, including `""`.
    var nonEmptyString: String? {
        guard let text = string, !text.isEmpty else { return nil }
        return text
    }

    /// A boolean; nil for anything else (no truthiness guessing).
    var bool: Bool? {
        guard case .bool(let flag) = self else { return nil }
        return flag
    }

    /// An integer, also from an integral floating-point number or a string of digits.
    ///
    /// Lenient on purpose: providers have sent numbers as strings, and ids beyond `Int64`
    /// become doubles, which answer nil rather than a wrong value.
    var int64: Int64? {
        switch self {
        case .integer(let value):
            return value
        case .number(let value):
            guard value.rounded() == value, let exact = Int64(exactly: value) else { return nil }
            return exact
        case .string(let text):
            return Int64(text)
        default:
            return nil
        }
    }

    /// `int64` narrowed to `Int`; nil when it does not fit.
    var int: Int? {
        int64.flatMap { Int(exactly: $0) }
    }

    /// The strings of an array of strings, skipping any element that is not a string.
    var strings: [String] {
        elements.compactMap(\.string)
    }
}
