import Foundation

/// Reads JSON with `JSONSerialization`, and when the text was cut off (a report copied from a
/// log, a step killed mid-write) closes it at the last complete value and reads that instead.
enum TolerantJSON {
    /// What could be read.
    struct Reading {
        /// The top-level value, when any could be read.
        var value: Any?
        /// Whether the input had to be cut at its last complete value.
        var repaired: Bool
        /// Why nothing could be read, when `value` is nil.
        var problem: String?
    }

    /// Parses `data`, repairing truncation.
    static func read(_ data: Data) -> Reading {
        if let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
            return Reading(value: value, repaired: false, problem: nil)
        }
        guard let repaired = repairTruncation(data),
              let value = try? JSONSerialization.jsonObject(with: repaired) else {
            return Reading(value: nil, repaired: false, problem: "not valid JSON")
        }
        return Reading(value: value, repaired: true, problem: nil)
    }

    /// The longest prefix ending at a complete value, with its open brackets closed; nil when
    /// no such prefix exists (not JSON at all).
    static func repairTruncation(_ data: Data) -> Data? {
        var stack: [UInt8] = []
        var inString = false, escaped = false
        var cut: Int?
        var cutStack: [UInt8] = []
        for (index, byte) in data.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x7B, 0x5B:
                stack.append(byte)
                cut = index + 1
                cutStack = stack
            case 0x7D, 0x5D:
                guard let open = stack.popLast(), open == (byte == 0x7D ? 0x7B : 0x5B) else { return nil }
                cut = index + 1
                cutStack = stack
            case 0x2C:
                // Before a comma, the previous member or element is complete.
                cut = index
                cutStack = stack
            default:
                break
            }
        }
        guard let cut, !cutStack.isEmpty || cut > 0 else { return nil }
        var repaired = Data(data.prefix(cut))
        for open in cutStack.reversed() { repaired.append(open == 0x7B ? 0x7D : 0x5D) }
        return repaired
    }
}

/// Typed looks into `JSONSerialization` values, which may be native Swift or `NSNumber`.
enum JSONLook {
    /// A dictionary, or nil.
    static func object(_ value: Any?) -> [String: Any]? { value as? [String: Any] }

    /// An array, or nil.
    static func array(_ value: Any?) -> [Any]? { value as? [Any] }

    /// A string, or nil.
    static func string(_ value: Any?) -> String? { value as? String }

    /// A number (Int, Double or NSNumber), or nil.
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let double as Double: return double
        case let int as Int: return Double(int)
        case let number as NSNumber: return number.doubleValue
        default: return nil
        }
    }

    /// A non-negative whole count; 0 for anything else (negative, fractional, huge, not a number),
    /// so a hostile value can never trap an `Int` conversion.
    static func count(_ value: Any?) -> Int {
        guard let number = number(value), number.isFinite, number >= 0, number < 1e12 else { return 0 }
        return Int(number)
    }

    /// A boolean (or 0/1), or nil.
    static func bool(_ value: Any?) -> Bool? {
        switch value {
        case let bool as Bool: return bool
        case let number as NSNumber: return number.boolValue
        default: return nil
        }
    }
}
