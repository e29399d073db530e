import Core

/// Bytes for upload and download tests.
public enum TestBytes {
    /// `count` bytes that do not repeat in any short period (so a shifted or dropped piece
    /// shows), made on a thread of their own: millions of them would hold a thread of the
    /// cooperative pool for seconds in a debug build, and the in-process servers of every
    /// other test answer on those threads (a loaded run saw them all stall past the CLI's
    /// 30 s timeout).
    public static func make(_ count: Int) async -> [UInt8] {
        await DedicatedThread.run {
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    buffer[index] = UInt8(truncatingIfNeeded: state >> 56)
                }
                initialized = count
            }
        }
    }
}
