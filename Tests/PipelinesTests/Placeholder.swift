import Testing
@Test func pipelinesPlaceholder() { #expect(Bool(true)) }
