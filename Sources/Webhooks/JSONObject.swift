import MemberwiseInit

/// The members of a parsed JSON object, in document order.
///
/// A webhook object has a handful to a few dozen members and each is read once or twice, so
/// a list searched from the end is cheaper than hashing every key into a dictionary (`perf`
/// put `Hasher` and dictionary growth at 5 % of the server's time under webhook load).
/// Searching from the end keeps the last of repeated names, as `JSONDecoder` does.
@MemberwiseInit
struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// Name and value of each member, in document order; names may repeat.
    private(set) var members: [(name: String, value: JSONValue)] = []

    init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The value of the last member named `name`, or nil.
    subscript(name: String) -> JSONValue? {
        members.last { $0.name == name }?.value
    }

    /// Adds a member at the end.
    mutating func append(_ name: String, _ value: JSONValue) {
        members.append((name, value))
    }

    /// Equal when the same names have the same values, whatever the order; of repeated
    /// names only the last counts.
    static func == (left: JSONObject, right: JSONObject) -> Bool {
        left.dictionary == right.dictionary
    }

    private var dictionary: [String: JSONValue] {
        Dictionary(members.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}
