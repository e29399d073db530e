import Foundation

/// Reads the human durations build tools print: `1m 23s`, `2h 3m 4s`, `850ms`, `45.123 seconds`,
/// `0,12s` (xcresulttool, comma locales), `1 min 3 sec`. A bare number is seconds.
public enum DurationText {
    /// Seconds in `text`, or nil when it is not a duration.
    public static func seconds(in text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { seconds(in: UnsafeRawBufferPointer($0)) }
    }

    /// Seconds in `bytes`, or nil when they are not a duration.
    static func seconds(in bytes: UnsafeRawBufferPointer) -> Double? {
        var index = bytes.skipSpaces(from: 0)
        var total = 0.0
        var parts = 0
        while index < bytes.count {
            guard let number = bytes.decimal(at: index) else { return nil }
            index = bytes.skipSpaces(from: number.end)
            let unitStart = index
            while index < bytes.count, isLetter(bytes[index]) { index += 1 }
            guard let scale = unitScale(bytes, unitStart..<index) else { return nil }
            total += number.value * scale
            parts += 1
            index = bytes.skipSpaces(from: index)
            if index < bytes.count, bytes[index] == 0x2C || bytes[index] == 0x2E { index = bytes.skipSpaces(from: index + 1) }
        }
        return parts > 0 ? total : nil
    }

    // MARK: Units

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
    }

    /// Seconds per unit; an empty unit means seconds.
    private static func unitScale(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Double? {
        if range.isEmpty { return 1 }
        guard range.count <= 12 else { return nil }
        switch bytes.string(range).lowercased() {
        case "ms", "msec", "millisecond", "milliseconds": return 0.001
        case "s", "sec", "secs", "second", "seconds": return 1
        case "m", "min", "mins", "minute", "minutes": return 60
        case "h", "hr", "hrs", "hour", "hours": return 3_600
        case "d", "day", "days": return 86_400
        default: return nil
        }
    }
}
