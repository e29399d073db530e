import Testing
import YAMLReading

/// "Did you mean": spelling variants first, then near misses within a budget.
@Suite struct KeySuggestionTests {
    static let keys = ["depends_on", "commands", "timeout", "env"]

    @Test func spellingVariantsMatchExactly() {
        #expect(KeySuggestion.closest(to: "dependsOn", in: Self.keys) == "depends_on")
        #expect(KeySuggestion.closest(to: "Depends-On", in: Self.keys) == "depends_on")
    }

    @Test func nearMissesWithinTheBudget() {
        #expect(KeySuggestion.closest(to: "comands", in: Self.keys) == "commands")
        #expect(KeySuggestion.closest(to: "timout", in: Self.keys) == "timeout")
        #expect(KeySuggestion.closest(to: "banana", in: Self.keys) == nil)
        // Short words get one edit at most.
        #expect(KeySuggestion.closest(to: "eng", in: Self.keys) == "env")
        #expect(KeySuggestion.closest(to: "xyz", in: Self.keys) == nil)
    }

    @Test func anAdjacentSwapIsOneEdit() {
        // "tiemout" is two substitutions away from "timeout" but one swap; a budget of two
        // (seven letters) would take either, so the short word shows the difference.
        #expect(KeySuggestion.closest(to: "evn", in: Self.keys) == "env")
    }

    @Test func hintIsReadyToAppend() {
        #expect(KeySuggestion.hint(for: "comands", in: Self.keys) == "; did you mean 'commands'?")
        #expect(KeySuggestion.hint(for: "banana", in: Self.keys) == "")
        #expect(KeySuggestion.hint(for: "branc", in: ["branch"]) { "{\($0)}" } == "; did you mean {branch}?")
    }
}
