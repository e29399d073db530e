import YAMLReading

/// One problem found in a pipeline file, at `file:line:column`: the YAML reader's diagnostic.
public typealias PipelineDiagnostic = YAMLDiagnostic

/// Every problem found in one pipeline file: parsing never stops at the first one.
public typealias PipelineDiagnostics = YAMLDiagnostics
