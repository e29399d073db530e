import Pipelines
import YAMLReading

// MARK: - Parsing helpers shared by the tests

/// The file name every inline test document is parsed as.
let testFile = "test.yml"

/// Parses `yaml`, returning the definition or `nil` when it has errors.
func parsed(_ yaml: String) -> PipelineDefinition? {
    try? PipelineParser.parse(yaml: yaml, file: testFile).get()
}

/// The diagnostics of `yaml` as `line:column: message`, in order; empty when it is valid.
func errors(_ yaml: String) -> [String] {
    switch PipelineParser.parse(yaml: yaml, file: testFile) {
    case .success:
        return []
    case .failure(let failure):
        return failure.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }
    }
}

/// A minimal valid pipeline with `extra` appended to its single step, so a test can focus
/// on one step field. The step's mapping starts on line 4; `extra` lines start on line 6.
func pipelineWithStep(_ extra: String) -> String {
    """
    name: test
    steps:
      # the step under test
      - key: build
        command: make
    \(extra)
    """
}
