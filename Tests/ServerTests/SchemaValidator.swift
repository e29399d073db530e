import Foundation

/// Checks a JSON value against a schema of the OpenAPI document.
///
/// Covers the subset of JSON Schema the document uses and nothing more: `type` (one name or a
/// list), `enum`, `required`, `properties`, `additionalProperties` (false or a schema),
/// `items`, `allOf`, `anyOf` (at least one alternative fits), `oneOf` (exactly one fits),
/// `$ref` into `#/components/schemas`, and the bounds request bodies carry: `minimum` and
/// `maximum` for numbers, `minLength`, `maxLength` (in Unicode scalars, as JSON Schema counts)
/// and `pattern` (searched, not anchored) for strings, `minItems`, `maxItems` and
/// `uniqueItems` for arrays. Formats and descriptions are not checked. A keyword outside the subset is reported, so the document cannot silently use one
/// this validator would ignore.
struct SchemaValidator {
    /// The document's `components.schemas`.
    let schemas: [String: JSONValue]

    private static let known: Set<String> = [
        "type", "enum", "required", "properties", "additionalProperties", "items", "allOf", "anyOf", "oneOf", "$ref",
        "description", "format", "minimum", "maximum", "minLength", "maxLength", "pattern", "minItems", "maxItems",
        "uniqueItems", "contentEncoding",
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
        if let alternatives = keywords["anyOf"]?.elements {
            found += anyOfProblems(value, alternatives, at: location)
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
        found += BoundsCheck(keywords: keywords).problems(value, at: location)
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

    /// Nothing when at least one of `alternatives` fits `value`; else what each one found.
    private func anyOfProblems(_ value: JSONValue, _ alternatives: [JSONValue], at location: String) -> [String] {
        let verdicts = alternatives.map { problems(value, $0, at: location) }
        if verdicts.contains(where: \.isEmpty) { return [] }
        return ["\(location): fits no anyOf alternative"] + verdicts.enumerated().flatMap { index, found in found.map { "anyOf[\(index)] \($0)" } }
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

/// The bounds of one schema on numbers, strings and arrays; each applies only to its own kind
/// of value, as in JSON Schema (`maxLength` says nothing about an object).
private struct BoundsCheck {
    let keywords: [String: JSONValue]

    func problems(_ value: JSONValue, at location: String) -> [String] {
        switch value {
        case .int(let number): numberProblems(Double(number), at: location)
        case .double(let number): numberProblems(number, at: location)
        case .string(let text): stringProblems(text, at: location)
        case .array(let elements): arrayProblems(elements, at: location)
        default: []
        }
    }

    private func numberProblems(_ number: Double, at location: String) -> [String] {
        var found: [String] = []
        if let minimum = bound("minimum"), number < minimum { found.append("\(location): \(number) is below the minimum \(minimum)") }
        if let maximum = bound("maximum"), number > maximum { found.append("\(location): \(number) is above the maximum \(maximum)") }
        return found
    }

    private func stringProblems(_ text: String, at location: String) -> [String] {
        var found: [String] = []
        let length = Double(text.unicodeScalars.count)
        if let minimum = bound("minLength"), length < minimum { found.append("\(location): shorter than \(minimum) characters") }
        if let maximum = bound("maxLength"), length > maximum { found.append("\(location): longer than \(maximum) characters") }
        if let pattern = keywords["pattern"]?.string {
            if let expression = try? NSRegularExpression(pattern: pattern) {
                let range = NSRange(text.startIndex..., in: text)
                if expression.firstMatch(in: text, range: range) == nil { found.append("\(location): \"\(text)\" does not match \(pattern)") }
            } else {
                found.append("\(location): the pattern \(pattern) does not compile")
            }
        }
        return found
    }

    private func arrayProblems(_ elements: [JSONValue], at location: String) -> [String] {
        var found: [String] = []
        let count = Double(elements.count)
        if let minimum = bound("minItems"), count < minimum { found.append("\(location): fewer than \(minimum) items") }
        if let maximum = bound("maxItems"), count > maximum { found.append("\(location): more than \(maximum) items") }
        if keywords["uniqueItems"] == .bool(true) {
            for (index, element) in elements.enumerated() where elements[..<index].contains(element) {
                found.append("\(location)[\(index)]: repeats an earlier item")
            }
        }
        return found
    }

    /// A numeric keyword's value.
    private func bound(_ name: String) -> Double? {
        switch keywords[name] {
        case .int(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }
}
