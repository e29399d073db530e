import JSONScanning
import Testing

/// Whitespace, numbers, literals, skipping whole values and the nesting limit.
struct JSONScannerTests {
    @Test func onlyJSONWhitespaceIsSkipped() {
        #expect(scanning(" \t\n\r1") { scanner in scanner.skipWhitespace(); return scanner.index } == 4)
        for other in ["\u{0B}1", "\u{0C}1", "\u{A0}1"] {
            #expect(scanning(other) { scanner in scanner.skipWhitespace(); return scanner.index } == 0)
        }
        #expect(failure(" 1 ") { try $0.expectEnd() }?.message == "unexpected data after the JSON value at byte 1")
        #expect(failure(" \n") { try $0.expectEnd() } == nil)
    }

    @Test func numbersAreExactWhenTheyCanBe() throws {
        let cases: [(text: String, number: JSONScanner.Number)] = [
            ("0", .integer(0)), ("-0", .integer(0)), ("42", .integer(42)),
            ("9223372036854775807", .integer(.max)), ("-9223372036854775808", .integer(.min)),
            ("9223372036854775808", .double(9_223_372_036_854_775_808)), ("-9223372036854775809", .double(-9_223_372_036_854_775_809)),
            ("1.5", .double(1.5)), ("-0.25", .double(-0.25)), ("1E+2", .double(100)), ("2.5e-3", .double(0.0025)), ("1e2", .double(100)),
            ("1.7976931348623157e308", .double(.greatestFiniteMagnitude)), ("5e-324", .double(.leastNonzeroMagnitude)),
            ("1e-400", .double(0)), ("1e400", .outOfRange), ("-1e400", .outOfRange),
        ]
        for (text, number) in cases {
            let read = try scanning(text) { scanner in (try scanner.number(), scanner.isAtEnd) }
            #expect(read.0 == number, "\(text)")
            #expect(read.1, "\(text) read to its end")
        }
        // No leading zeros: the number is over after the 0 (what follows is the caller's).
        #expect(try scanning("01") { scanner in (try scanner.number(), scanner.index) } == (.integer(0), 1))
    }

    @Test func malformedNumbersAreRefusedWithTheirOffset() {
        let cases: [(text: String, message: String)] = [
            ("-", "invalid number at byte 1"), ("-a", "invalid number at byte 1"), (".5", "invalid number at byte 0"),
            ("+1", "invalid number at byte 0"), ("1.", "invalid number: digits expected after '.' at byte 2"),
            ("1.e5", "invalid number: digits expected after '.' at byte 2"),
            ("1e", "invalid number: digits expected in the exponent at byte 2"),
            ("1E+", "invalid number: digits expected in the exponent at byte 3"),
        ]
        for (text, message) in cases {
            #expect(failure(text) { _ = try $0.number() }?.message == message, "\(text)")
        }
    }

    @Test func strictIntegersAndDoublesDeclineWhatDoesNotFit() {
        #expect(scanning(" 42") { $0.int() } == 42)
        #expect(scanning("9223372036854775807") { $0.int() } == Int.max)
        #expect(scanning("-9223372036854775808") { $0.int() } == Int.min)
        for text in ["9223372036854775808", "-9223372036854775809", "1.0", "1e2", "01x", "-", "x", ""] {
            #expect(scanning(text) { $0.int() } == (text == "01x" ? 0 : nil), "\(text)")
        }
        #expect(scanning(" 1") { $0.double() } == 1)
        #expect(scanning("-0.0") { $0.double() }?.sign == .minus)
        #expect(scanning("1.7976931348623157e308") { $0.double() } == .greatestFiniteMagnitude)
        for text in ["1e309", "-1e309", "1.", "nan", "Infinity", ""] {
            #expect(scanning(text) { $0.double() } == nil, "\(text)")
        }
    }

    @Test func literals() {
        #expect(failure("true") { try $0.literal("true") } == nil)
        #expect(failure("tru") { try $0.literal("true") }?.message == "unexpected end of data at byte 0")
        #expect(failure("trux") { try $0.literal("true") }?.message == "invalid literal at byte 0")
        #expect(scanning("nul") { scanner in (scanner.consumeLiteral("null"), scanner.index) } == (false, 0))
        #expect(scanning(" null") { $0.consumeNull() })
    }

    @Test func skippingChecksSyntaxAllTheWayDown() throws {
        let document = #"{"a": [1, -2.5e3, true, false, null, "x\u00e9"], "b": {}, "c": [], "d": {"e": [[{}]]}} "#
        #expect(try scanning(document) { scanner in try scanner.skipValue(); return scanner.index } == document.utf8.count - 1)
        let cases: [(text: String, message: String)] = [
            ("[1, 2", "unexpected end of data at byte 5"), ("[1,]", "unexpected character ']' at byte 3"),
            ("[1 2]", "expected ',' or ']' in an array at byte 3"), (#"{"a" 1}"#, "expected ':' after member name at byte 5"),
            ("{1: 2}", "expected a member name in quotes at byte 1"), (#"{"a": 1 "b": 2}"#, "expected ',' or '}' in an object at byte 8"),
            (#"{"a": "\q"}"#, #"invalid escape '\q' at byte 9"#), ("[tru]", "invalid literal at byte 1"), ("[-]", "invalid number at byte 2"),
            ("", "unexpected end of data at byte 0"), ("x", "unexpected character 'x' at byte 0"),
        ]
        for (text, message) in cases {
            #expect(failure(text) { try $0.skipValue() }?.message == message, "\(text)")
        }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let limit = JSONScanner.maximumDepth
        #expect(failure(nested(limit)) { try $0.skipValue() } == nil)
        #expect(failure(nested(limit + 1)) { try $0.skipValue() }?.message == "nested deeper than \(limit) levels at byte \(limit)")
        #expect(failure(nested(100_000)) { try $0.skipValue() }?.message == "nested deeper than \(limit) levels at byte \(limit)")
        #expect(failure(nested(100_000, objects: true)) { try $0.skipValue() }?.reason == "nested deeper than \(limit) levels")
        // A value already some levels down has that much less room.
        #expect(failure(nested(limit - 9)) { try $0.skipValue(depth: 10) }?.reason == "nested deeper than \(limit) levels")
    }

    @Test func objectsAndArraysAnsweringFalse() {
        let pairs = scanning(#" { "a" : [1, 2] , "b": null, "c": 3 } "#) { scanner -> [String: [Int]?]? in
            var pairs: [String: [Int]?] = [:]
            let read = scanner.members { scanner, key in
                var list: [Int] = []
                let value = scanner.optional { scanner -> [Int]? in
                    scanner.elements { scanner in scanner.int().map { list.append($0) } != nil } ? list : nil
                }
                guard let value else { return key == "c" && scanner.int() == 3 }
                pairs[key] = value
                return true
            }
            return read ? pairs : nil
        }
        let expected: [String: [Int]?] = ["a": [1, 2], "b": nil]  // "b" is there, holding nil
        #expect(pairs == expected)
        for text in [#"{"a\u0041": 1}"#, #"{"a": 1,}"#, "[1, 2,]", #"{"a" 1}"#, "[1 2]", "{", "[", ""] {
            let read = scanning(text) { scanner in
                text.hasPrefix("[") ? scanner.elements { $0.int() != nil } : scanner.members { scanner, _ in scanner.int() != nil }
            }
            #expect(!read, "\(text)")
        }
        #expect(scanning("{}") { $0.members { _, _ in false } })
        #expect(scanning(" [ ] ") { $0.elements { _ in false } })
    }
}

// MARK: - Helpers

/// Runs `body` with a scanner over `bytes` (the scanner only borrows their buffer).
func scanning<Result>(_ bytes: [UInt8], _ body: (inout JSONScanner) throws -> Result) rethrows -> Result {
    try bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(buffer)
        return try body(&scanner)
    }
}

/// Runs `body` with a scanner over `text`'s UTF-8.
func scanning<Result>(_ text: String, _ body: (inout JSONScanner) throws -> Result) rethrows -> Result {
    try scanning(Array(text.utf8), body)
}

/// The failure `body` throws over `bytes`, nil if it throws none. (Closures passed here are
/// inferred as throwing `any Error`; the scanner's are all ``JSONScanner/Failure``.)
func failure(_ bytes: [UInt8], _ body: (inout JSONScanner) throws -> Void) -> JSONScanner.Failure? {
    bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(buffer)
        do {
            try body(&scanner)
            return nil
        } catch {
            return error as? JSONScanner.Failure ?? JSONScanner.Failure(reason: "unexpected error \(error)", offset: -1)
        }
    }
}

/// The failure `body` throws over `text`'s UTF-8, nil if it throws none.
func failure(_ text: String, _ body: (inout JSONScanner) throws -> Void) -> JSONScanner.Failure? {
    failure(Array(text.utf8), body)
}

/// `count` nested arrays, or objects when `objects` (`{"a": {"a": … 0 … }}`).
func nested(_ count: Int, objects: Bool = false) -> String {
    objects
        ? String(repeating: #"{"a": "#, count: count) + "0" + String(repeating: "}", count: count)
        : String(repeating: "[", count: count) + String(repeating: "]", count: count)
}
