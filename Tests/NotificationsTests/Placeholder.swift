import Testing
@Test func notificationsPlaceholder() { #expect(Bool(true)) }
