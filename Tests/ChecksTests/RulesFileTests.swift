import Checks
import Testing

/// A rules file with a typo is an error at its line, never a rule that silently checks nothing.
@Suite struct RulesFileTests {
    @Test func readsEveryRuleKindWithDefaultNames() throws {
        let parsed = try rules("""
            rules:
              - layers: [":app", [":feature:**", ":ui:**"], ":core:**"]
              - forbid: {from: ":feature:**", to: ":feature:*:impl", unless: same_parent}
              - forbid: {from: "A", to: "B"}
                configurations: [api]
                include_tests: true
              - allow_only: {from: "Core*", to: ["Core*", "Foundation*"]}
              - no_cycles: true
              - name: shallow
                max_depth: 6
            """)
        #expect(parsed.rules.map(\.name) == ["layers", "forbid", "forbid-2", "allow_only", "no_cycles", "shallow"])
        #expect(parsed.rules[2].configurations == ["api"])
        #expect(parsed.rules[2].includeTests)
        #expect(parsed.rules[5].check == .maxDepth(6))
        guard case let .layers(layers) = parsed.rules[0].check else { Issue.record("not layers"); return }
        #expect(layers.map { $0.map(\.pattern) } == [[":app"], [":feature:**", ":ui:**"], [":core:**"]])
    }

    @Test func unknownKeyIsAnErrorAtItsLineWithASuggestion() {
        let found = problems("""
            rules:
              - name: features
                forbid:
                  from: ":feature:**"
                  too: ":core:**"
            """)
        #expect(found.contains(YAMLDiagnosticSummary(line: 5, message: "unknown key 'too' in forbid; did you mean 'to'?")))
        #expect(found.contains { $0.line == 4 && $0.message.contains("missing required key 'to' in forbid") })
    }

    @Test func unknownRuleKindIsAnError() {
        let found = problems("""
            rules:
              - no_cycle: true
            """)
        #expect(found == [YAMLDiagnosticSummary(line: 2, message: "unknown key 'no_cycle' in a rule; did you mean 'no_cycles'?")])
    }

    @Test func badGlobIsAnErrorAtItsLine() {
        let found = problems("""
            rules:
              - allow_only:
                  from: "Core*"
                  to: ["Core*", "Foundation[A-Z]*"]
            """)
        #expect(found.count == 1)
        #expect(found.first?.line == 4)
        #expect(found.first?.message.contains("'[' is not supported") == true)
    }

    @Test func wrongTypesAreErrors() {
        let found = problems("""
            rules:
              - max_depth: "six"
              - no_cycles: yes please
              - layers: ":app"
              - forbid: {from: "A", to: "B"}
                include_tests: maybe
            """)
        #expect(found.map(\.line) == [2, 3, 4, 6])
        #expect(found[0].message.contains("max_depth must be a whole number"))
        #expect(found[1].message.contains("no_cycles must be true or false"))
    }

    @Test func aRuleNeedsExactlyOneKindAndUniqueNames() {
        let found = problems("""
            rules:
              - name: two
                no_cycles: true
                max_depth: 3
              - name: none
              - name: same
                no_cycles: true
              - name: same
                max_depth: 2
            """)
        #expect(found.map(\.line) == [2, 5, 8])
        #expect(found[0].message.contains("exactly one of"))
        #expect(found[2].message.contains("two rules are named 'same'"))
    }

    @Test func unknownExceptionIsAnError() {
        let found = problems("""
            rules:
              - forbid: {from: "A*", to: "B*", unless: same-parent}
            """)
        #expect(found.first?.message.contains("unknown exception 'same-parent'") == true)
        #expect(found.first?.message.contains("same_parent") == true)
    }

    @Test func emptyOrShapelessFilesAreErrors() {
        #expect(problems("").first?.message.contains("empty") == true)
        #expect(problems("rules: {}").first?.message.contains("rules must be a list") == true)
        #expect(problems("rule: []").contains { $0.message.contains("unknown key 'rule'") })
    }
}
