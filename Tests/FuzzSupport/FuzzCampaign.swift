import Foundation

/// A bounded, seeded, deterministic fuzz run: mutated inputs fed to a check until the
/// iteration count or the time limit is reached.
///
/// The checks a harness makes: that the parser returns at all (a crash or a trap kills the
/// test process, so running is the check), and whatever its body asserts by throwing (see
/// ``fuzzCheck(_:_:)``). A failure names the campaign's seed and the iteration, and the same
/// seed replays the same inputs; iteration `n`'s input depends only on the seed and `n`, so
/// the time limit never changes which input an iteration sees.
///
/// Environment:
/// - `MOBILE_OPS_FUZZ_ITERATIONS`: run this many iterations per harness and lift the time
///   limit (a longer local run; the default keeps `swift test` quick).
/// - `MOBILE_OPS_FUZZ_SEED`: the base seed (decimal or `0x` hex), to replay a reported failure.
public struct FuzzCampaign: Sendable {
    /// The harness's name; also mixed into the seed, so harnesses do not share inputs.
    public let name: String
    /// The seed this campaign's inputs come from.
    public let seed: UInt64
    /// Most iterations.
    public let iterations: Int
    /// Longest the campaign runs; nil when lifted by `MOBILE_OPS_FUZZ_ITERATIONS`.
    public let timeLimit: Duration?

    /// The base seed when `MOBILE_OPS_FUZZ_SEED` is not set ("MOBILEOP" in ASCII).
    public static let defaultBaseSeed: UInt64 = 0x4D4F_4249_4C45_4F50

    /// A campaign named `name` of `iterations` inputs (unless the environment says otherwise)
    /// stopping after `seconds` at the latest.
    public init(_ name: String, iterations: Int, seconds: Double, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.name = name
        let base = environment["MOBILE_OPS_FUZZ_SEED"].flatMap(Self.parseSeed) ?? Self.defaultBaseSeed
        seed = base ^ Self.stableHash(name)
        if let override = environment["MOBILE_OPS_FUZZ_ITERATIONS"].flatMap({ Int($0) }), override > 0 {
            self.iterations = override
            timeLimit = nil
        } else {
            self.iterations = iterations
            timeLimit = .milliseconds(Int(seconds * 1_000))
        }
    }

    // MARK: Running

    /// Feeds `body` each seed input unchanged, then mutations of them, and answers how many
    /// inputs ran and for how long. Whatever `body` throws becomes a ``FuzzFailure`` naming
    /// the seed, the iteration and the input.
    @discardableResult
    public func run(seeds: [[UInt8]], mutator: ByteMutator, _ body: ([UInt8]) throws -> Void) throws(FuzzFailure) -> FuzzSummary {
        // Printed first, so that if an input crashes the process the seed is already on screen.
        print("fuzz \(name): seed \(Self.hex(seed)), up to \(iterations) iterations\(timeLimit.map { " or \($0)" } ?? "")")
        let clock = ContinuousClock()
        let start = clock.now
        var iteration = 0
        while iteration < iterations {
            if let timeLimit, clock.now - start > timeLimit { break }
            let input = self.input(iteration, seeds: seeds, mutator: mutator)
            do {
                try body(input)
            } catch {
                throw FuzzFailure(campaign: name, seed: seed, iteration: iteration, input: input, reason: "\(error)")
            }
            iteration += 1
        }
        let summary = FuzzSummary(iterations: iteration, elapsed: clock.now - start)
        print("fuzz \(name): \(summary.iterations) iterations in \(summary.elapsed)")
        return summary
    }

    /// Iteration `iteration`'s input: the seeds first, as they are, then mutations.
    public func input(_ iteration: Int, seeds: [[UInt8]], mutator: ByteMutator) -> [UInt8] {
        if iteration < seeds.count { return seeds[iteration] }
        var random = SplitMix64(seed: seed &+ UInt64(iteration) &* 0xD1B5_4A32_D192_ED03)
        let base = random.pick(seeds) ?? []
        return mutator.mutate(base, corpus: seeds, using: &random)
    }

    // MARK: Seeds

    /// The bytes of `path` in this repository (`Tests/BuildMetricsTests/Fixtures/…`), so a
    /// harness starts from the project's own fixtures instead of copies; nil when missing.
    public static func repositoryFile(_ path: String, filePath: String = #filePath) -> [UInt8]? {
        // This file is Tests/FuzzSupport/FuzzCampaign.swift: the root is three levels up.
        var root = URL(fileURLWithPath: filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        return FileManager.default.contents(atPath: root.appendingPathComponent(path).path).map(Array.init)
    }

    /// FNV-1a: stable across processes, unlike `Hasher`.
    static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0100_0000_01B3 }
    }

    static func parseSeed(_ text: String) -> UInt64? {
        text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }

    static func hex(_ value: UInt64) -> String {
        "0x" + String(value, radix: 16)
    }
}

/// How much of a campaign ran.
public struct FuzzSummary: Sendable {
    /// Inputs checked.
    public let iterations: Int
    /// Time taken.
    public let elapsed: Duration
}
