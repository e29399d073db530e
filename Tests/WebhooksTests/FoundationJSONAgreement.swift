import Foundation
@testable import Webhooks

/// Whether ``JSONValueParser`` and Foundation's `JSONSerialization` agree on a document, for
/// the documents where they are meant to.
///
/// The parser differs from Foundation on purpose in a few places, and those inputs are not
/// compared (``comparable(_:)``): a NUL written `\u0000` is refused (C strings would end
/// there); a lone surrogate escape becomes U+FFFD; invalid UTF-8 is the caller's to repair
/// beforehand (the adapters do), so bytes are taken as they are; nesting stops at 256 levels;
/// numbers beyond `Double`'s range read as null (Foundation refuses them). And Foundation is
/// lenient where RFC 8259 is not: it takes a trailing comma (`[1,]`), which the parser
/// refuses. Everything else — what is JSON and what is not, and the value read — must be
/// the same.
enum FoundationJSONAgreement {
    /// Whether `bytes` is a document both parsers are meant to read alike.
    static func comparable(_ bytes: [UInt8]) -> Bool {
        // Foundation guesses UTF-16 or UTF-32 from NULs and byte-order marks, and refuses
        // invalid UTF-8; the parser reads bytes.
        guard !bytes.contains(0), !bytes.starts(with: [0xEF, 0xBB, 0xBF]), let text = String(validating: bytes, as: UTF8.self) else {
            return false
        }
        let lowered = text.lowercased()
        if lowered.contains("\\u0000") { return false }
        // A surrogate escape is `\ud8…` to `\udf…`.
        for marker in ["\\ud8", "\\ud9", "\\uda", "\\udb", "\\udc", "\\udd", "\\ude", "\\udf"] where lowered.contains(marker) {
            return false
        }
        return !hasTrailingComma(bytes) && !hasOutOfRangeNumber(bytes)
    }

    /// Whether a `,` is followed by nothing but whitespace and a closing bracket (inside a
    /// string too: that only makes fewer inputs compared).
    static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: ",") {
            let next = bytes[(index + 1)...].first { !whitespace.contains($0) }
            if next == UInt8(ascii: "]") || next == UInt8(ascii: "}") { return true }
        }
        return false
    }

    /// Whether a run of number characters reads as a number beyond `Double`'s range.
    static func hasOutOfRangeNumber(_ bytes: [UInt8]) -> Bool {
        let numeric = Set("0123456789+-.eE".utf8)
        var start = 0
        while start < bytes.count {
            guard numeric.contains(bytes[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < bytes.count, numeric.contains(bytes[end]) { end += 1 }
            if let value = Double(String(decoding: bytes[start..<end], as: UTF8.self)), value.isInfinite { return true }
            start = end
        }
        return false
    }

    /// Foundation's reading of `bytes`, or nil when it refuses them.
    static func foundationValue(_ bytes: [UInt8]) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    }

    /// Why the two readings differ, or nil when they agree.
    static func difference(_ value: JSONValue, _ object: Any, path: String = "$") -> String? {
        switch value {
        case .null:
            return object is NSNull ? nil : "\(path): null, Foundation \(object)"
        case .string(let string):
            return (object as? String) == string ? nil : "\(path): \"\(string)\", Foundation \(object)"
        case .bool(let bool):
            return (object as? NSNumber)?.boolValue == bool ? nil : "\(path): \(bool), Foundation \(object)"
        case .integer(let integer):
            guard let number = object as? NSNumber else { return "\(path): \(integer), Foundation \(object)" }
            return number.int64Value == integer || number.doubleValue == Double(integer) ? nil : "\(path): \(integer), Foundation \(number)"
        case .number(let double):
            guard let number = object as? NSNumber else { return "\(path): \(double), Foundation \(object)" }
            return closeEnough(number.doubleValue, double) ? nil : "\(path): \(double), Foundation \(number)"
        case .array(let elements):
            guard let others = object as? [Any], others.count == elements.count else { return "\(path): an array of \(elements.count), Foundation \(type(of: object))" }
            for (index, pair) in zip(elements, others).enumerated() {
                if let difference = difference(pair.0, pair.1, path: "\(path)[\(index)]") { return difference }
            }
            return nil
        case .object(let members):
            // Of repeated names, both keep the last.
            var last: [String: JSONValue] = [:]
            for member in members.members { last[member.name] = member.value }
            guard let others = object as? [String: Any], Set(others.keys) == Set(last.keys) else {
                return "\(path): an object with \(last.keys.sorted()), Foundation \(object)"
            }
            for (name, member) in last {
                if let other = others[name], let difference = difference(member, other, path: "\(path).\(name)") { return difference }
            }
            return nil
        }
    }

    /// Equal, or both readings of the same decimal text within rounding of the last digit.
    private static func closeEnough(_ left: Double, _ right: Double) -> Bool {
        left == right || abs(left - right) <= max(abs(left), abs(right)) * 1e-15
    }
}
