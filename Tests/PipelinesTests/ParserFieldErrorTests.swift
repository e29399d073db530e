import Testing
import Pipelines

/// Each field's validation errors, with the exact line and column they point at.
///
/// Documents built with `pipelineWithStep` put the step's map at 4:5 and the extra step
/// lines from line 6, indented four spaces (so their values start at column 5 + key + 2).
@Suite struct ParserFieldErrorTests {
    // MARK: Top level

    @Test func nameMustBeASlug() {
        #expect(errors("name: iOS PR\nsteps:\n  - key: a\n    command: make\n") == [
            "1:7: name must be lowercase letters, digits, '.', '_' or '-', starting with a letter or digit (at most 100), found \"iOS PR\"",
        ])
    }

    @Test func missingNameAndStepsPointAtTheMap() {
        #expect(errors("priority: 1\n") == [
            "1:1: missing required key 'name'",
            "1:1: missing required key 'steps': a pipeline needs at least one step",
        ])
    }

    @Test func emptyStepsIsAnError() {
        #expect(errors("name: t\nsteps: []\n") == ["2:8: steps must not be empty: a pipeline needs at least one step"])
        #expect(errors("name: t\nsteps:\n") == ["2:7: steps must be a non-empty list of steps, found nothing"])
    }

    @Test func priorityMustBeAnIntegerInRange() {
        let base = "name: t\nsteps:\n  - key: a\n    command: make\n"
        #expect(errors(base + "priority: high\n") == ["5:11: priority must be a whole number, found the text \"high\""])
        #expect(errors(base + "priority: \"3\"\n") == ["5:11: priority must be a whole number, found the text \"3\""])
        #expect(errors(base + "priority: 5000\n") == ["5:11: priority must be between -1000 and 1000, found 5000"])
    }

    @Test func cancelSupersededMustBeBoolean() {
        let yaml = "name: t\ncancel_superseded: sometimes\nsteps:\n  - key: a\n    command: make\n"
        #expect(errors(yaml) == ["2:20: cancel_superseded must be true or false, found the text \"sometimes\""])
    }

    @Test func repositoriesMustBeAListOfText() {
        let steps = "steps:\n  - key: a\n    command: make\n"
        #expect(errors("name: t\nrepositories: {a: b}\n" + steps) == [
            "2:15: repositories must be a list or a single value, found a map",
        ])
        #expect(errors("name: t\nrepositories: [acme/app, [x]]\n" + steps) == [
            "2:26: each item of repositories must be text, found a list",
        ])
        #expect(errors("name: t\nrepositories: []\n" + steps) == [
            "2:15: repositories must not be an empty list; remove the key instead",
        ])
    }

    @Test func envNamesAndValuesAreChecked() {
        let yaml = "name: t\nenv:\n  1BAD: x\n  MOBILE_OPS_SHARD_INDEX: 3\n  LIST: [a]\nsteps:\n  - key: a\n    command: make\n"
        #expect(errors(yaml) == [
            "3:3: '1BAD' is not a valid variable name: use letters, digits and '_', not starting with a digit",
            "4:3: 'MOBILE_OPS_SHARD_INDEX' is reserved: variables starting with MOBILE_OPS_ are set by MobileOps",
            "5:9: the value of LIST in env must be text, found a list",
        ])
    }

    // MARK: Triggers and concurrency

    @Test func triggerFieldsAreChecked() {
        let yaml = """
            name: t
            triggers:
              push:
                branches: main
                tag: [v*]
              pull_request: yes
              manual: maybe
              schedule: nightly
            steps:
              - key: a
                command: make
            """
        #expect(errors(yaml) == [
            "5:5: unknown key 'tag' in push; did you mean 'tags'?",
            "6:17: pull_request must be a map of keys to values, found a boolean (yes)",
            "7:11: manual must be true or false, found the text \"maybe\"",
            "8:13: schedule entries must look like 'daily at 02:30' (UTC, 24-hour), found \"nightly\"",
        ])
    }

    @Test func concurrencyGroupPlaceholdersAreChecked() {
        let yaml = """
            name: t
            concurrency:
              group: "pr-{pr}-{brnach}-{x"
              cancel_in_progress: 1
            steps:
              - key: a
                command: make
            """
        #expect(errors(yaml) == [
            "3:10: '{' without a closing '}' in group near \"{x\"",
            "3:10: unknown placeholder {brnach} in group; did you mean {branch}? (known: {repository}, {branch}, {pr}, {pipeline})",
            "4:23: cancel_in_progress must be true or false, found a number (1)",
        ])
        #expect(errors("name: t\nconcurrency:\n  cancel_in_progress: true\nsteps:\n  - key: a\n    command: make\n") == [
            "3:3: concurrency is missing required key 'group'",
        ])
    }

    // MARK: Step fields

    @Test func stepKeyFormat() {
        #expect(errors("name: t\nsteps:\n  - key: Build Step\n    command: make\n") == [
            "3:10: key must be 1 to 64 of lowercase letters, digits, '_' and '-', found \"Build Step\"",
        ])
        #expect(errors("name: t\nsteps:\n  - command: make\n") == ["3:5: step 1 is missing required key 'key'"])
    }

    @Test func commandAndCommands() {
        #expect(errors("name: t\nsteps:\n  - key: a\n") == ["3:5: step 'a' needs 'command' or 'commands'"])
        #expect(errors(pipelineWithStep("    commands: [make]")) == [
            "6:5: step 'build' has both 'command' and 'commands'; keep one",
        ])
        #expect(errors("name: t\nsteps:\n  - key: a\n    commands: make\n") == [
            "4:15: commands must be a list, found the text \"make\"",
        ])
        #expect(errors("name: t\nsteps:\n  - key: a\n    command: \"  \"\n") == ["4:14: command must not be empty"])
    }

    @Test func agentsValuesAreTextOrLists() {
        #expect(errors(pipelineWithStep("    agents:\n      xcode: {min: 16}\n      platform: []")) == [
            "7:14: agents.xcode must be a list or a single value, found a map",
            "8:17: agents.platform must not be an empty list; remove the key instead",
        ])
        #expect(errors(pipelineWithStep("    agents: ios")) == ["6:13: agents must be a map, found the text \"ios\""])
    }

    @Test func timeoutFormats() {
        #expect(errors(pipelineWithStep("    timeout: soon")) == [
            "6:14: timeout must be a duration such as 90s, 30m, 1h or 1h30m, or a number of seconds; found the text \"soon\"",
        ])
        #expect(errors(pipelineWithStep("    timeout: 30m1h")).count == 1)
        #expect(errors(pipelineWithStep("    timeout: 0")) == ["6:14: timeout must be more than 0 and at most 24h"])
        #expect(errors(pipelineWithStep("    timeout: 25h")) == ["6:14: timeout must be more than 0 and at most 24h"])
        #expect(parsed(pipelineWithStep("    timeout: 2h5m10s"))?.steps.first?.timeoutSeconds == 7510)
    }

    @Test func retryFields() {
        #expect(errors(pipelineWithStep("    retry:\n      agent_lost: -1\n      exit_codes: [0, x]")) == [
            "7:19: agent_lost must be between 0 and 10, found -1",
            "8:20: each exit code must be between 1 and 255, found 0",
            "8:23: each exit code must be a whole number, found the text \"x\"",
        ])
        #expect(errors(pipelineWithStep("    retry:\n      limit: 3")) == [
            "7:7: limit counts retries for exit_codes; add exit_codes or remove limit",
        ])
        #expect(errors(pipelineWithStep("    retry: 3")) == [
            "6:12: retry must be a map of keys to values, found a number (3)",
        ])
    }

    @Test func parallelismRange() {
        #expect(errors(pipelineWithStep("    parallelism: 0")) == ["6:18: parallelism must be between 1 and 64, found 0"])
        #expect(errors(pipelineWithStep("    parallelism: four")) == [
            "6:18: parallelism must be a whole number, found the text \"four\"",
        ])
    }

    @Test func artifactsAndLabel() {
        #expect(errors(pipelineWithStep("    artifacts: {path: x}\n    label: [a]")) == [
            "6:16: artifacts must be a list or a single value, found a map",
            "7:12: label must be text, found a list",
        ])
    }

    @Test("artifacts globs that are absolute or climb out of the checkout are refused at load, as reports are")
    func artifactsOutsideTheCheckout() throws {
        #expect(errors(pipelineWithStep("    artifacts:\n      - build/*.ipa\n      - /etc/passwd\n      - ../../secret")) == [
            "8:9: each item of artifacts must be a glob relative to the checkout, without '..', found \"/etc/passwd\"",
            "9:9: each item of artifacts must be a glob relative to the checkout, without '..', found \"../../secret\"",
        ])
        #expect(errors(pipelineWithStep("    artifacts: a/../../b")).first?.hasPrefix("6:16: each item of artifacts must be a glob relative") == true)
    }
}
