import NIOCore
import PostgresNIO
import Store

// MARK: - PostgresNullableArray

/// A one-dimensional array parameter whose elements may be NULL, in PostgreSQL's binary array
/// format.
///
/// PostgresNIO encodes `[Element]` but not `[Element?]`; a batch insert passes each column as
/// one array to `unnest`, and columns such as a build's branch or a delivery's repository are
/// nullable, so this writes the same format with the has-NULLs flag and a length of -1 for each
/// missing element.
struct PostgresNullableArray<Element: PostgresArrayEncodable & PostgresNonThrowingEncodable>: PostgresNonThrowingEncodable {
    /// The elements, nil where the row holds NULL.
    var elements: [Element?] = []

    /// The array type of `Element`, e.g. `int8[]` for `Int64`.
    static var psqlType: PostgresDataType { Element.psqlArrayType }

    /// Always binary: the only array format PostgresNIO writes.
    static var psqlFormat: PostgresFormat { .binary }

    /// Appends an element (nil for NULL).
    mutating func append(_ element: Element?) {
        elements.append(element)
    }

    /// Writes the array as `array_recv` reads it: dimensions, has-NULLs flag, element type, then
    /// (unless empty) the length and lower bound, and each element as its length and bytes.
    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        buffer.writeInteger(elements.isEmpty ? 0 : 1, as: Int32.self)
        buffer.writeInteger(elements.contains { $0 == nil } ? 1 : 0, as: Int32.self)
        buffer.writeInteger(Element.psqlType.rawValue)
        guard !elements.isEmpty else { return }
        buffer.writeInteger(Int32(clamping: elements.count))
        buffer.writeInteger(1, as: Int32.self)
        for element in elements {
            guard let element else {
                buffer.writeInteger(-1, as: Int32.self)
                continue
            }
            let lengthIndex = buffer.writerIndex
            buffer.writeInteger(0, as: Int32.self)
            let start = buffer.writerIndex
            element.encode(into: &buffer, context: context)
            buffer.setInteger(Int32(clamping: buffer.writerIndex - start), at: lengthIndex)
        }
    }
}

extension PostgresNullableArray: Sendable where Element: Sendable {}
