import JSONScanning

// MARK: - Framing and reading values

extension SARIFStreamReader {
    /// Starts framing the value that begins with `byte` at ``position``.
    mutating func beginValue(_ role: Role, _ byte: UInt8) throws(FindingsError) {
        var framed = Value(role: role, start: position)
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["): framed.depth = 1
        case UInt8(ascii: "\""): framed.inString = true
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            framed.isScalar = true
        default:
            throw malformed("unexpected character '\(Unicode.Scalar(byte))'")
        }
        position += 1
        value = framed
    }

    /// Scans the framed value onwards; true (and the value read) once it is complete, false
    /// when the buffer ends first.
    mutating func advanceValue() throws(FindingsError) -> Bool {
        guard var framed = value else { return true }
        let end = framed.isScalar ? scanScalar() : scanContainer(&framed)
        guard let end else {
            value = framed
            return false
        }
        value = nil
        try read(framed, upTo: end)
        return true
    }

    /// The end of a number or literal: the next delimiter (the value checks itself later).
    private mutating func scanScalar() -> Int? {
        let count = buffer.count
        let end: Int? = buffer.withUnsafeBufferPointer { bytes in
            var index = position
            while index < count {
                switch bytes[index] {
                case 0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0A, 0x0D: return index
                default: index += 1
                }
            }
            return nil
        }
        position = end ?? count
        return end
    }

    /// The end of a string, object or array, counting brackets outside strings; the scan's
    /// state is kept in `framed` when the buffer ends first.
    private mutating func scanContainer(_ framed: inout Value) -> Int? {
        let count = buffer.count
        var depth = framed.depth, inString = framed.inString, escaped = framed.escaped
        let end: Int? = buffer.withUnsafeBufferPointer { bytes in
            var index = position
            while index < count {
                let byte = bytes[index]
                index += 1
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == 0x5C {
                        escaped = true
                    } else if byte == 0x22 {
                        inString = false
                        if depth == 0 { return index }
                    }
                } else if byte == 0x22 {
                    inString = true
                } else if byte == 0x7B || byte == 0x5B {
                    depth += 1
                } else if byte == 0x7D || byte == 0x5D {
                    depth -= 1
                    if depth == 0 { return index }
                }
            }
            return nil
        }
        framed.depth = depth
        framed.inString = inString
        framed.escaped = escaped
        position = end ?? count
        return end
    }

    /// Reads a complete value by its role, checking all of it.
    private mutating func read(_ framed: Value, upTo end: Int) throws(FindingsError) {
        if framed.role == .result, findings.count + run.results.count >= maximumFindings {
            throw .tooManyFindings(format: .sarif, limit: maximumFindings)
        }
        let depth = stack.count
        let start = framed.start
        let keyRole = stack.last
        // The run is moved out while it is read into, so appending a result never copies it.
        var current = run
        run = SARIFRun()
        defer { run = current }
        var key: String?
        do throws(JSONScanner.Failure) {
            try buffer.withUnsafeBufferPointer { (whole: UnsafeBufferPointer<UInt8>) throws(JSONScanner.Failure) in
                var scanner = JSONScanner(UnsafeBufferPointer(rebasing: whole[start..<end]))
                switch framed.role {
                case .key: key = try scanner.anyString()
                case .tool: try current.readTool(&scanner, depth: depth)
                case .baseURIs: try current.readBaseURIs(&scanner, depth: depth)
                case .result: try current.results.append(SARIFResult.read(&scanner, depth: depth))
                case .nullOrSkipped: try scanner.literal("null")
                default: try scanner.skipValue(depth: depth)
                }
                try scanner.expectEnd()
            }
        } catch {
            throw .malformedJSON(format: .sarif, reason: error.reason, offset: base + start + error.offset)
        }
        if let key { pendingRole = Self.memberRole(key, in: keyRole) }
        expect = framed.role == .key ? .colon : .commaOrClose
    }

    /// What the value of member `key` is, in the innermost object.
    private static func memberRole(_ key: String, in frame: Frame?) -> Role {
        switch (frame, key) {
        case (.log, "runs"): .runs
        case (.run, "results"): .results
        case (.run, "tool"): .tool
        case (.run, "originalUriBaseIds"): .baseURIs
        default: .skipped
        }
    }
}
