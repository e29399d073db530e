import Testing
@Test func agentPlaceholder() { #expect(Bool(true)) }
