import Core
import YAMLReading
import Yams

// MARK: - checks

extension YAMLNodeReader {
    /// Keys allowed under `checks: {deps: {…}}`.
    static let dependencyCheckKeys = ["project", "rules", "kind"]

    /// `checks: deps` (the project root's `mobile-ops-checks.yml`), or
    /// `checks: {deps: {project, rules, kind}}`.
    mutating func dependencyChecks(from node: Node) -> DependencyChecksStep? {
        if case .scalar(let scalar) = node, !YAMLNodeReader.isNull(node) {
            guard scalar.string == "deps" else {
                report("checks must be deps or a mapping {deps: {project, rules, kind}}, found \(YAMLNodeReader.describe(node))", at: node)
                return nil
            }
            return DependencyChecksStep()
        }
        guard let fields = entries(of: node, "checks", allowed: ["deps"]), let deps = required(fields, "deps", in: "checks") else { return nil }
        if case .scalar = deps {
            return boolean(deps, "checks.deps") == true ? DependencyChecksStep() : nil
        }
        guard let settings = entries(of: deps, "checks.deps", allowed: Self.dependencyCheckKeys) else { return nil }
        var step = DependencyChecksStep()
        for (key, value) in [("project", settings["project"]), ("rules", settings["rules"])] {
            guard let value, let text = nonEmptyText(value, "checks.deps.\(key)") else { continue }
            guard CheckoutPath.staysInside(text) else {
                report("checks.deps.\(key) must be a path inside the repository, found \"\(text)\"", at: value)
                continue
            }
            if key == "project" { step.project = text } else { step.rules = text }
        }
        if let kind = settings["kind"], let value = nonEmptyText(kind, "checks.deps.kind") {
            if ["gradle", "xcodegen", "spm", "swiftpm", "swiftpackage"].contains(value.lowercased()) {
                step.kind = value
            } else {
                report("checks.deps.kind must be gradle, xcodegen or spm, found \"\(value)\"", at: kind)
            }
        }
        return step
    }
}
