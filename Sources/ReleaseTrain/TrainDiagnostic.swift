import YAMLReading

/// One problem in a train definition, at `file:line:column`: the YAML reader's diagnostic.
public typealias TrainDiagnostic = YAMLDiagnostic

/// Every problem found in one train definition: parsing never stops at the first.
public typealias TrainDiagnostics = YAMLDiagnostics
