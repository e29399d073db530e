@testable import Access
import Testing

/// Token texts are `<prefix>_<id>_<secret>`; only the shape we issue is parsed.
@Suite("Bearer token texts")
struct TokenValueTests {
    @Test("a generated token parses back to the same id and hash, under its own prefix only")
    func roundTrip() throws {
        for prefix in ["mo", "mor", "moa"] {
            let token = TokenValue.generate(prefix: prefix)
            let parsed = try #require(TokenValue(parsing: token.text, prefix: prefix))
            #expect(parsed.id == token.id)
            #expect(parsed.hash == token.hash)
            #expect(TokenValue(parsing: token.text, prefix: prefix == "mo" ? "moa" : "mo") == nil)
        }
        #expect(TokenValue.generate().text != TokenValue.generate().text)
    }

    @Test("texts of another shape are not tokens", arguments: ["", "mo", "mo__", "mo_id_short", "mo_id_secret_extra_part_here", "xx_abc_0123456789abcdef"])
    func malformed(text: String) {
        #expect(TokenValue(parsing: text) == nil)
    }

    @Test("the hash comparison answers equality for equal and unequal texts of any length")
    func comparison() {
        let hash = TokenValue.hash("a secret")
        #expect(TokenValue.constantTimeEquals(hash, TokenValue.hash("a secret")))
        #expect(!TokenValue.constantTimeEquals(hash, TokenValue.hash("another secret")))
        #expect(!TokenValue.constantTimeEquals(hash, String(hash.dropLast())))
        #expect(!TokenValue.constantTimeEquals("", hash))
    }
}
