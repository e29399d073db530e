import Testing
import Pipelines
import YAMLReading

/// Errors about the shape of a file: YAML syntax, unknown keys, step graphs, and reporting
/// many problems at once.
@Suite struct ParserStructureErrorTests {
    // MARK: All errors at once

    @Test func reportsEveryErrorInTheFileTogether() {
        let yaml = """
            name: t
            priorty: 3
            steps:
              - key: build
                command: make
                timeout: forever
              - key: test
                commands: []
                depends_on: [biuld]
                parallelism: 100
            """
        let result = PipelineParser.parse(yaml: yaml, file: "pipelines/t.yml")
        guard case .failure(let failure) = result else {
            Issue.record("expected errors")
            return
        }
        #expect(failure.diagnostics.map(\.description) == [
            "pipelines/t.yml:2:1: unknown key 'priorty' in a pipeline file; did you mean 'priority'?",
            "pipelines/t.yml:6:14: timeout must be a duration such as 90s, 30m, 1h or 1h30m, or a number of seconds; found the text \"forever\"",
            "pipelines/t.yml:8:15: commands must not be an empty list; remove the key instead",
            "pipelines/t.yml:9:18: depends_on names unknown step 'biuld'; did you mean 'build'?",
            "pipelines/t.yml:10:18: parallelism must be between 1 and 64, found 100",
        ])
        #expect(failure.description.split(separator: "\n").count == 5)
    }

    // MARK: YAML syntax

    @Test func syntaxErrorHasLineAndColumn() {
        let yaml = "name: t\nsteps:\n  - key: a\n    command: [make\n"
        let found = errors(yaml)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("5:1: invalid YAML: did not find expected ',' or ']'") == true)
    }

    @Test func badIndentationIsASyntaxError() {
        #expect(errors("name: t\nsteps:\n  - key: a\n   command: make\n") == [
            "4:4: invalid YAML: did not find expected '-' indicator (while parsing a block collection at line 3, column 3)",
        ])
    }

    @Test func duplicateYAMLKeyIsReported() {
        #expect(errors("name: a\nname: b\nsteps:\n  - key: a\n    command: make\n") == [
            "1:1: invalid YAML: duplicate key 'name' in the same map",
        ])
    }

    @Test func emptyFileAndNonMapRoot() {
        #expect(errors("") == ["1:1: the file is empty: a pipeline needs at least 'name' and 'steps'"])
        #expect(errors("# only a comment\n") == ["1:1: the file is empty: a pipeline needs at least 'name' and 'steps'"])
        #expect(errors("- a\n- b\n") == ["1:1: a pipeline file must be a map of keys to values, found a list"])
    }

    // MARK: Unknown keys

    @Test func unknownKeysSuggestTheClosestKnownKey() {
        let yaml = """
            name: t
            steps:
              - key: a
                comand: make
                dependsOn: [b]
                xyzzy: 1
              - key: b
                command: make
            """
        #expect(errors(yaml) == [
            "4:5: unknown key 'comand' in step 1; did you mean 'command'?",
            "5:5: unknown key 'dependsOn' in step 1; did you mean 'depends_on'?",
            "6:5: unknown key 'xyzzy' in step 1",
            "3:5: step 'a' needs 'command' or 'commands'",
        ].sorted(by: Self.byPosition))
    }

    // MARK: Step graph

    @Test func duplicateStepKeysPointAtTheSecondUse() {
        let yaml = "name: t\nsteps:\n  - key: a\n    command: x\n  - key: a\n    command: y\n"
        #expect(errors(yaml) == ["5:10: duplicate step key 'a': it is already used at line 3, column 10"])
    }

    @Test func dependencyCyclesAreReportedWithTheLoop() {
        let yaml = """
            name: t
            steps:
              - key: a
                command: x
                depends_on: c
              - key: b
                command: x
                depends_on: a
              - key: c
                command: x
                depends_on: [b]
              - key: d
                command: x
                depends_on: d
            """
        #expect(errors(yaml) == [
            "8:17: dependency cycle: a → c → b → a",
            "14:17: step 'd' depends on itself",
        ])
    }

    @Test func unknownDependencyWithoutSuggestion() {
        let yaml = "name: t\nsteps:\n  - key: a\n    command: x\n    depends_on: [lint]\n"
        #expect(errors(yaml) == ["5:18: depends_on names unknown step 'lint'"])
    }

    // MARK: Helpers

    /// Orders `line:column: message` strings the way the parser sorts diagnostics.
    static func byPosition(_ lhs: String, _ rhs: String) -> Bool {
        func key(_ text: String) -> (Int, Int, String) {
            let parts = text.split(separator: ":", maxSplits: 2)
            return (Int(parts[0]) ?? 0, Int(parts[1]) ?? 0, String(parts[2]))
        }
        return key(lhs) < key(rhs)
    }
}
