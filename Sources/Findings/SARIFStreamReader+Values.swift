import JSONScanning

// MARK: - Framing and reading values

extension SARIFStreamReader {
    /// Starts framing the value that begins with `byte` at ``position``.
    mutating func beginValue(_ role: Role, _ byte: UInt8) throws(FindingsError) {
        guard let framer = JSONValueFramer(first: byte) else { throw malformed("unexpected character '\(Unicode.Scalar(byte))'") }
        position += 1
        value = Value(role: role, start: position - 1, framer: framer)
    }

    /// Scans the framed value onwards; true (and the value read) once it is complete, false
    /// when the buffer ends first.
    mutating func advanceValue() throws(FindingsError) -> Bool {
        guard var framed = value else { return true }
        let from = position
        let end = buffer.withUnsafeBufferPointer { framed.framer.scan($0, from: from) }
        guard let end else {
            position = buffer.count
            value = framed
            return false
        }
        position = end
        value = nil
        try read(framed, upTo: end)
        return true
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
