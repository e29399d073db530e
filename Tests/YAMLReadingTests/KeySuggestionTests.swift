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
        // "evn" is two substitutions away from "env" but one swap; three letters allow one
        // edit, so only counting the swap as one finds it.
        #expect(KeySuggestion.closest(to: "evn", in: Self.keys) == "env")
        #expect(KeySuggestion.closest(to: "nmae", in: ["name"]) == "name")
    }

    @Test func theNearestWinsAndTiesGoToTheFirstCandidate() {
        #expect(KeySuggestion.closest(to: "steps", in: ["stage", "step"]) == "step")
        // "bat" is one edit from both: the earlier candidate, in the caller's order, wins.
        #expect(KeySuggestion.closest(to: "bat", in: ["cat", "bar"]) == "cat")
        #expect(KeySuggestion.closest(to: "bat", in: ["bar", "cat"]) == "bar")
    }

    @Test func hintIsReadyToAppend() {
        #expect(KeySuggestion.hint(for: "comands", in: Self.keys) == "; did you mean 'commands'?")
        #expect(KeySuggestion.hint(for: "banana", in: Self.keys) == "")
        #expect(KeySuggestion.hint(for: "branc", in: ["branch"]) { "{\($0)}" } == "; did you mean {branch}?")
    }
}
