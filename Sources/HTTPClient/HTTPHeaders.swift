import MemberwiseInit

// MARK: - HTTPHeaders

/// An ordered list of header fields with case-insensitive lookup.
///
/// Order and duplicates are kept because both matter in HTTP (e.g. several `Set-Cookie`
/// fields); lookups ignore ASCII case because field names are case-insensitive.
public struct HTTPHeaders: Sendable, Hashable, RandomAccessCollection, CustomStringConvertible {
    /// The fields in order.
    public private(set) var fields: [HTTPHeader]

    /// Creates a header list from fields, keeping their order.
    public init(_ fields: [HTTPHeader] = []) {
        self.fields = fields
    }

    // MARK: Collection

    /// The index of the first field.
    public var startIndex: Int { self.fields.startIndex }
    /// One past the index of the last field.
    public var endIndex: Int { self.fields.endIndex }
    /// The field at `position`.
    public subscript(position: Int) -> HTTPHeader { self.fields[position] }

    /// One `Name: value` per line.
    public var description: String { self.fields.map(\.description).joined(separator: "\n") }

    // MARK: Lookup

    /// The value of the first field called `name` (any case), or `nil`.
    public subscript(name: String) -> String? {
        self.fields.first { $0.hasName(name) }?.value
    }

    /// Every value of fields called `name` (any case), in order.
    public func values(for name: String) -> [String] {
        self.fields.filter { $0.hasName(name) }.map(\.value)
    }

    /// Whether any field is called `name` (any case).
    public func contains(_ name: String) -> Bool {
        self.fields.contains { $0.hasName(name) }
    }

    // MARK: Mutation

    /// Appends a field, keeping any existing fields with the same name.
    public mutating func add(name: String, value: String) {
        self.fields.append(HTTPHeader(name: name, value: value))
    }

    /// Replaces every field called `name` with a single field holding `value`.
    public mutating func replaceOrAdd(name: String, value: String) {
        self.remove(name: name)
        self.add(name: name, value: value)
    }

    /// Removes every field called `name` (any case).
    public mutating func remove(name: String) {
        self.fields.removeAll { $0.hasName(name) }
    }

    // MARK: Validation

    /// Whether `byte` may appear in an RFC 9110 `token` (method and field names).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// The first field that could break the request framing (a bad name, or a value with
    /// a line break or NUL, which would let input inject extra headers), if any.
    var firstInvalidField: HTTPHeader? {
        self.fields.first { field in
            field.name.isEmpty || !field.name.utf8.allSatisfy(Self.isTokenByte)
                || field.value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
        }
    }
}

// MARK: - HTTPHeader (element)

/// One HTTP header field: a name and its value, in the order it was sent or received.
@MemberwiseInit(.public)
public struct HTTPHeader: Sendable, Hashable, CustomStringConvertible {
    /// The field name as given; comparisons through ``HTTPHeaders`` ignore ASCII case.
    public var name: String
    /// The field value, without surrounding whitespace.
    public var value: String

    /// `Name: value`, as it would appear on the wire.
    public var description: String { "\(self.name): \(self.value)" }

    /// Whether this field's name equals `other`, ignoring ASCII case as HTTP requires.
    public func hasName(_ other: String) -> Bool {
        let lhs = self.name.utf8
        let rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { Self.asciiLowercased($0) == Self.asciiLowercased($1) }
    }

    // MARK: Helpers

    /// Lowercases one ASCII letter; other bytes pass through, so UTF-8 is never altered.
    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}

// MARK: - Literals

extension HTTPHeaders: ExpressibleByArrayLiteral {
    /// Creates headers from `[HTTPHeader(name:value:), ...]`, keeping order.
    public init(arrayLiteral elements: HTTPHeader...) {
        self.init(elements)
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// Creates headers from `["Accept": "application/json", ...]`, keeping literal order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { HTTPHeader(name: $0.0, value: $0.1) })
    }
}
