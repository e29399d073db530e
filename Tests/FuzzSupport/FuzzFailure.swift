/// A fuzz input a check refused: everything needed to replay it.
public struct FuzzFailure: Error, Sendable, CustomStringConvertible {
    /// The campaign's name.
    public let campaign: String
    /// The campaign's seed (not the base seed: see ``replayHint``).
    public let seed: UInt64
    /// Which input, counting the unmutated seeds.
    public let iteration: Int
    /// The input itself.
    public let input: [UInt8]
    /// What the check said.
    public let reason: String

    /// The failure of `input`, iteration `iteration` of `campaign` seeded `seed`.
    public init(campaign: String, seed: UInt64, iteration: Int, input: [UInt8], reason: String) {
        self.campaign = campaign
        self.seed = seed
        self.iteration = iteration
        self.input = input
        self.reason = reason
    }

    /// How to see the same input again: the base seed is the campaign's seed with its name
    /// hashed back out.
    public var replayHint: String {
        "MOBILE_OPS_FUZZ_SEED=\(FuzzCampaign.hex(seed ^ FuzzCampaign.stableHash(campaign)))"
    }

    /// The reason, the seed and iteration, and the input's start (escaped, at most 300 bytes).
    public var description: String {
        let shown = input.prefix(300).map { byte -> String in
            (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\") ? String(UnicodeScalar(byte)) : "\\x" + hexByte(byte)
        }.joined()
        return "fuzz \(campaign): \(reason)\n  iteration \(iteration), seed \(FuzzCampaign.hex(seed)) (replay with \(replayHint))\n"
            + "  input (\(input.count) bytes): \(shown)\(input.count > 300 ? "…" : "")"
    }

    private func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}

/// Fails the current fuzz input with `message` unless `condition` holds. A harness throws
/// instead of using `#expect`, so the failure carries the seed and the input with it.
public func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzCheckFailed) {
    guard condition else { throw FuzzCheckFailed(message: message()) }
}

/// What ``fuzzCheck(_:_:)`` throws.
public struct FuzzCheckFailed: Error, Sendable, CustomStringConvertible {
    /// The check's message.
    public let message: String
    /// The same as ``message``.
    public var description: String { message }
}

/// Fails the current fuzz input unless a reader gave at least one diagnostic and each names
/// `expectedFile` and a 1-based position and says something: a parser may refuse anything,
/// never vaguely.
public func fuzzCheckDiagnostics(
    _ diagnostics: [(file: String, line: Int, column: Int, message: String)], in expectedFile: String
) throws(FuzzCheckFailed) {
    try fuzzCheck(!diagnostics.isEmpty, "a refusal without diagnostics")
    for (file, line, column, message) in diagnostics {
        try fuzzCheck(
            file == expectedFile && line >= 1 && column >= 1 && !message.isEmpty,
            "unpositioned diagnostic \(file):\(line):\(column): \(message)")
    }
}
