import Testing
import Hummingbird
import Crypto
import _CryptoExtras
import ReleaseTrain
@Test func placeholder() { #expect(Bool(true)) }
