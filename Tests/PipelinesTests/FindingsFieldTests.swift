import Core
import Pipelines
import Testing

/// A step's `reports:` and `fail_on:` reach its job specs; mistakes are positioned errors.
struct FindingsFieldTests {
    @Test func reportsAndFailOnReachEveryShard() throws {
        let single = try #require(parsed(pipelineWithStep("    reports: lint/detekt.sarif")))
        #expect(single.jobPlans().first?.spec.findings == FindingsStep(reports: ["lint/detekt.sarif"], failOn: .error))
        let listed = try #require(parsed(pipelineWithStep("""
                parallelism: 2
                reports:
                  - build/reports/**/*.sarif
                  - swiftlint.json
                fail_on: warning
            """)))
        let expected = FindingsStep(reports: ["build/reports/**/*.sarif", "swiftlint.json"], failOn: .warning)
        #expect(listed.jobPlans().map(\.spec.findings) == [expected, expected])
        #expect(try #require(parsed(pipelineWithStep("    reports: [a.xml]\n    fail_on: never"))).steps.first?.findings?.failOn == .never)
        #expect(try #require(parsed(pipelineWithStep(""))).jobPlans().first?.spec.findings == nil)
    }

    @Test func mistakesArePositioned() {
        #expect(errors(pipelineWithStep("    reports: a.sarif\n    fail_on: eror")) == [
            "7:14: fail_on must be error, warning or never, found \"eror\"; did you mean 'error'?",
        ])
        #expect(errors(pipelineWithStep("    fail_on: warning")) == [
            "6:5: fail_on applies to the findings in reports; add reports (the analysers' report files) or remove fail_on",
        ])
        #expect(errors(pipelineWithStep("    reports:\n      - ok.sarif\n      - ../outside.sarif")) == [
            "8:9: each item of reports must be a glob relative to the checkout, without '..', found \"../outside.sarif\"",
        ])
        #expect(errors(pipelineWithStep("    reports: /tmp/lint.xml")).first?.hasPrefix("6:14: each item of reports must be a glob relative") == true)
        #expect(errors(pipelineWithStep("    reports: []")).first?.hasPrefix("6:14: reports must not be an empty list") == true)
        #expect(errors(pipelineWithStep("    reports: {a: b}")).first?.hasPrefix("6:14: reports must be a list or a single value") == true)
        #expect(errors(pipelineWithStep("    report: a.sarif")).first?.contains("did you mean 'reports'?") == true)
    }
}
