import Testing
@Test func webhooksPlaceholder() { #expect(Bool(true)) }
