/// A seeded pseudo-random generator (Steele, Lea and Flood's SplitMix64).
///
/// Fuzz runs must be reproducible: the same seed gives the same inputs on every machine and
/// every run, so a failure found once can be replayed. `SystemRandomNumberGenerator` cannot
/// be seeded, and Swift's `Hasher` is seeded per process, so neither is used anywhere here.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    // MARK: Conveniences

    /// A number in `0..<bound`; 0 when `bound` is not positive, so callers need not guard
    /// against empty inputs.
    public mutating func below(_ bound: Int) -> Int {
        bound > 0 ? Int(next(upperBound: UInt64(bound))) : 0
    }

    /// True about once in `odds` calls.
    public mutating func oneIn(_ odds: Int) -> Bool {
        below(odds) == 0
    }

    /// One element of `choices`, or nil when it is empty.
    public mutating func pick<Element>(_ choices: [Element]) -> Element? {
        choices.isEmpty ? nil : choices[below(choices.count)]
    }

    /// A size skewed towards small values (most bugs need a few bytes; some need thousands):
    /// a power of two up to `limit`, then a value below it.
    public mutating func skewedSize(upTo limit: Int) -> Int {
        let bits = Int.bitWidth - max(limit, 1).leadingZeroBitCount
        return min(limit, below(1 << below(bits + 1)) + 1)
    }
}
