import JSONScanning

/// The one rule about text that every JSON request body meets, applied where bodies are
/// decoded (`Request.decodeJSON`), so no route can forget it:
///
/// - no string, member name or value, holds NUL (`\u0000`): JSON allows it, but SQLite and C
///   strings end there, so `"nul\u0000x"` was stored as `nul`;
/// - no member name holds a control character (U+0000–U+001F, U+007F–U+009F): member names
///   become names (environment variables, agent tags);
/// - no value of a member called `name` or `…name` (`name`, `hostname`) holds one either:
///   a line break or an escape in a token, agent or repository name forges log lines and
///   garbles every list that shows it. Other text (messages, environment values) may hold
///   tabs, line breaks and escapes.
///
/// Refusals are 400s naming the field, coded after its top-level member as `ValidationFailure`s
/// are (`invalid_name`, `invalid_env`).
enum JSONBodyText {
    /// Checks a body `JSONDecoder` accepted.
    /// - Throws: `APIError` 400 naming the field at fault.
    static func check(_ bytes: UnsafeRawBufferPointer) throws(APIError) {
        guard mayHoldControlCharacters(bytes) else { return }
        var walker = Walker(scanner: JSONScanner(bytes))
        walker.scanner.skipWhitespace()
        try walker.value(depth: 0, member: nil)
    }

    /// Whether the body has an escape or a raw DEL or C1 character: without one, no string in
    /// it can hold a control character (raw C0 bytes are not JSON), and nothing is walked.
    static func mayHoldControlCharacters(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\\") || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) { return true }
            previous = byte
        }
        return false
    }

    /// The first control character in `text`, if any.
    static func firstControlCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.properties.generalCategory == .control }
    }

    /// How a scalar is named in a message: `U+000A`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Walks the document, keeping the path to the value it reads.
    private struct Walker {
        var scanner: JSONScanner
        /// Member names and array indices down to the current value.
        var path: [String] = []

        /// The current value; `member` is the name of the member it is the value of.
        mutating func value(depth: Int, member: String?) throws(APIError) {
            do throws(JSONScanner.Failure) { try scanner.checkDepth(depth) } catch { throw refusal(error) }
            switch scanner.nextByte {
            case UInt8(ascii: "{"):
                _ = scanner.consume(UInt8(ascii: "{"))
                try members(depth: depth)
            case UInt8(ascii: "["):
                _ = scanner.consume(UInt8(ascii: "["))
                try elements(depth: depth)
            case UInt8(ascii: "\""):
                let text = try string()
                if let member, member.lowercased().hasSuffix("name"), let scalar = firstControlCharacter(in: text) {
                    throw problem("holds a control character (\(codePoint(scalar))); a name cannot hold one")
                }
            default:
                do throws(JSONScanner.Failure) { try scanner.skipValue(depth: depth) } catch { throw refusal(error) }
            }
        }

        private mutating func members(depth: Int) throws(APIError) {
            scanner.skipWhitespace()
            if scanner.consume(UInt8(ascii: "}")) { return }
            while true {
                scanner.skipWhitespace()
                let name = try string()
                if let scalar = firstControlCharacter(in: name) {
                    throw problem("has a member name with a control character (\(codePoint(scalar))); names cannot hold one")
                }
                scanner.skipWhitespace()
                guard scanner.consume(UInt8(ascii: ":")) else { throw refusal(scanner.error("expected ':' after member name")) }
                scanner.skipWhitespace()
                path.append(name)
                try value(depth: depth + 1, member: name)
                path.removeLast()
                guard try next(closing: UInt8(ascii: "}")) else { return }
            }
        }

        private mutating func elements(depth: Int) throws(APIError) {
            scanner.skipWhitespace()
            if scanner.consume(UInt8(ascii: "]")) { return }
            var index = 0
            while true {
                scanner.skipWhitespace()
                path.append("[\(index)]")
                try value(depth: depth + 1, member: nil)
                path.removeLast()
                index += 1
                guard try next(closing: UInt8(ascii: "]")) else { return }
            }
        }

        /// After a member or element: true when another follows, false at the closing byte.
        private mutating func next(closing: UInt8) throws(APIError) -> Bool {
            scanner.skipWhitespace()
            if scanner.consume(UInt8(ascii: ",")) { return true }
            if scanner.consume(closing) { return false }
            throw refusal(scanner.error("expected ',' or a closing bracket"))
        }

        /// The string at the scanner; the scanner itself refuses `\u0000`.
        private mutating func string() throws(APIError) -> String {
            do throws(JSONScanner.Failure) {
                return try scanner.string()
            } catch let failure where failure.reason.hasPrefix("NUL character") {
                throw problem("holds a NUL character (\\u0000), which stored text cannot hold")
            } catch {
                throw refusal(error)
            }
        }

        /// A 400 for the field at `path`, coded after the top-level member it is in
        /// (`invalid_name`, `invalid_env` for `env.KEY`), as the routes' own checks code theirs.
        private func problem(_ what: String) -> APIError {
            let field = shownPath
            let member = path.first { !$0.hasPrefix("[") }?.snakeCased ?? ""
            let message = field.isEmpty ? "the request body \(what)" : "field '\(field)' \(what)"
            return APIError.badRequest(message, code: member.isEmpty ? "invalid_json" : "invalid_" + member)
        }

        /// A document the decoder accepted and the scanner does not (nesting past its limit).
        private func refusal(_ failure: JSONScanner.Failure) -> APIError {
            APIError.badRequest("the request body is not valid JSON: \(failure.message)", code: "invalid_json")
        }

        /// The path as the decoder's messages write it (`env.KEY`, `tags[0]`), control
        /// characters in member names shown as `\u{…}` escapes.
        private var shownPath: String {
            var text = ""
            for part in path {
                let shown = String(String.UnicodeScalarView(part.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
                    scalar.properties.generalCategory == .control ? Array("\\u{\(String(scalar.value, radix: 16))}".unicodeScalars) : [scalar]
                }))
                text += part.hasPrefix("[") || text.isEmpty ? shown : "." + shown
            }
            return text
        }
    }
}
