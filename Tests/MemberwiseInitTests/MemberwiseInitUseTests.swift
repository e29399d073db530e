import MemberwiseInit
import Testing

// MARK: - Types built with the macro

/// A value type as `Core` declares one: the macro's initializer is its only one.
@MemberwiseInit(.public)
public struct ReleaseNote: Equatable, Sendable {
    public var version: String
    public var lines: [String] = []
    public var link: String?
    public let channel = "stable"
}

/// A type that also declares an initializer of its own: the memberwise one stays.
@MemberwiseInit(.package)
struct Window: Equatable {
    var start: Int
    var end: Int

    init(around center: Int) {
        self.init(start: center - 1, end: center + 1)
    }
}

/// A class holding a closure, which its initializer takes escaping.
@MemberwiseInit
final class Callback: Sendable {
    let run: @Sendable () -> Int
}

// MARK: - Use

/// The macro's initializers as the compiler builds them, called like handwritten ones.
@Suite("MemberwiseInit in use")
struct MemberwiseInitUseTests {
    @Test("labels, defaults (nil for an optional var) and a let with a value")
    func defaults() {
        let note = ReleaseNote(version: "2.3.0")
        #expect(note == ReleaseNote(version: "2.3.0", lines: [], link: nil))
        #expect(ReleaseNote(version: "2.3.1", lines: ["Fixes"]).lines == ["Fixes"])
        #expect(note.channel == "stable")
    }

    @Test("beside an initializer of the type's own, and with a closure")
    func besideOthers() {
        #expect(Window(around: 5) == Window(start: 4, end: 6))
        #expect(Callback(run: { 42 }).run() == 42)
    }
}
