import Foundation

/// Checks a JSON value against a schema of the OpenAPI document.
///
/// Covers the subset of JSON Schema the document uses and nothing more: `type` (one name or a
/// list), `enum`, `required`, `properties`, `additionalProperties` (false or a schema),
/// `items`, `allOf`, `oneOf` (exactly one alternative fits) and `$ref` into `#/components/schemas`. Formats and descriptions are not
/// checked. A keyword outside the subset is reported, so the document cannot silently use one
/// this validator would ignore.
struct SchemaValidator {
    /// The document's `components.schemas`.
    let schemas: [String: JSONValue]

    private static let known: Set<String> = [
        "type", "enum", "required", "properties", "additionalProperties", "items", "allOf", "oneOf", "$ref",
        "description", "format", "minimum", "maximum", "contentEncoding",
    ]

    /// Reads the schemas out of a whole OpenAPI document.
    init(document: JSONValue) {
        schemas = document["components"]?["schemas"]?.members ?? [:]
    }

    /// Every way `value` breaks `schema`, each as `location: problem`; empty when it conforms.
    func problems(_ value: JSONValue, _ schema: JSONValue, at location: String = "$") -> [String] {
        guard let keywords = schema.members else { return ["\(location): the schema is not an object"] }
        var found = keywords.keys.filter { !Self.known.contains($0) }.map { "\(location): unsupported keyword \($0)" }
        if let reference = keywords["$ref"]?.string {
            let name = reference.replacingOccurrences(of: "#/components/schemas/", with: "")
            guard let target = schemas[name] else { return found + ["\(location): unresolved \(reference)"] }
            found += problems(value, target, at: location)
        }
        for part in keywords["allOf"]?.elements ?? [] {
            found += problems(value, part, at: location)
        }
        if let alternatives = keywords["oneOf"]?.elements {
            found += oneOfProblems(value, alternatives, at: location)
        }
        if let type = keywords["type"] {
            let allowed = Set(type.elements?.compactMap(\.string) ?? type.string.map { [$0] } ?? [])
            if allowed.isDisjoint(with: value.typeNames) {
                return found + ["\(location): expected \(allowed.sorted().joined(separator: " or ")), got \(value)"]
            }
        }
        if let choices = keywords["enum"]?.elements, !choices.contains(value) {
            found.append("\(location): \(value) is not one of \(choices)")
        }
        if let members = value.members {
            found += objectProblems(members, keywords, at: location)
        }
        if let elements = value.elements, let items = keywords["items"] {
            for (index, element) in elements.enumerated() {
                found += problems(element, items, at: "\(location)[\(index)]")
            }
        }
        return found
    }

    /// Nothing when exactly one of `alternatives` fits `value`; else what each one found.
    private func oneOfProblems(_ value: JSONValue, _ alternatives: [JSONValue], at location: String) -> [String] {
        let verdicts = alternatives.map { problems(value, $0, at: location) }
        let fitting = verdicts.filter(\.isEmpty).count
        if fitting == 1 { return [] }
        if fitting > 1 { return ["\(location): fits \(fitting) oneOf alternatives, not exactly one"] }
        return ["\(location): fits no oneOf alternative"] + verdicts.enumerated().flatMap { index, found in found.map { "oneOf[\(index)] \($0)" } }
    }

    private func objectProblems(_ members: [String: JSONValue], _ keywords: [String: JSONValue], at location: String) -> [String] {
        var found: [String] = []
        for name in keywords["required"]?.elements?.compactMap(\.string) ?? [] where members[name] == nil {
            found.append("\(location): missing required \(name)")
        }
        let properties = keywords["properties"]?.members ?? [:]
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            if let property = properties[name] {
                found += problems(member, property, at: "\(location).\(name)")
            } else if let extra = keywords["additionalProperties"] {
                if extra == .bool(false) {
                    found.append("\(location): undocumented property \(name)")
                } else if extra.members != nil {
                    found += problems(member, extra, at: "\(location).\(name)")
                }
            }
        }
        return found
    }
}
