// MARK: - JSON

extension ServiceGraph {
    /// The graph as pretty-printed JSON (2-space indent, one object per line):
    ///
    /// ```json
    /// {
    ///   "services": [
    ///     {"id": "Clock", "type": "Clock", "tag": null, "lifetime": "singleton", "argument": null, "contribution": false, "entry_point": false}
    ///   ],
    ///   "edges": [
    ///     {"from": "Scheduler", "to": "Clock", "kind": "single"}
    ///   ]
    /// }
    /// ```
    public var json: String {
        var lines = ["{", "  \"services\": ["]
        for (index, service) in self.services.enumerated() {
            let fields = [
                "\"id\": \(jsonString(service.id))",
                "\"type\": \(jsonString(service.type))",
                "\"tag\": \(service.tag.map(jsonString) ?? "null")",
                "\"lifetime\": \(jsonString(service.lifetime.rawValue))",
                "\"argument\": \(service.argument.map(jsonString) ?? "null")",
                "\"contribution\": \(service.isContribution)",
                "\"entry_point\": \(service.isEntryPoint)",
            ]
            let comma = index == self.services.count - 1 ? "" : ","
            lines.append("    {\(fields.joined(separator: ", "))}\(comma)")
        }
        lines += ["  ],", "  \"edges\": ["]
        for (index, edge) in self.edges.enumerated() {
            let comma = index == self.edges.count - 1 ? "" : ","
            lines.append(
                "    {\"from\": \(jsonString(edge.from)), \"to\": \(jsonString(edge.to)), "
                    + "\"kind\": \(jsonString(edge.kind.rawValue))}\(comma)"
            )
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: DOT

    /// The graph in Graphviz DOT: one box per service labelled with its lifetime (and
    /// tag); multi-binding edges are bold, optional edges dashed, provider edges dotted.
    /// Entry points are drawn with a double border.
    public var dot: String {
        var lines = ["digraph DI {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
        for service in self.services {
            var attributes = ["label=\(dotString("\(service.id)\n\(service.lifetime.rawValue)"))"]
            if service.isEntryPoint { attributes.append("peripheries=2") }
            if service.lifetime == .scoped { attributes.append("style=rounded") }
            lines.append("  \(dotString(service.id)) [\(attributes.joined(separator: ", "))];")
        }
        for edge in self.edges {
            let style: String =
                switch edge.kind {
                case .single: ""
                case .multi: " [style=bold]"
                case .optional: " [style=dashed]"
                case .provider: " [style=dotted]"
                }
            lines.append("  \(dotString(edge.from)) -> \(dotString(edge.to))\(style);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

// MARK: - Escaping

/// A JSON string literal: quotes, backslashes and control characters escaped.
func jsonString(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        case let control where control.value < 0x20:
            let hex = String(control.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default:
            out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// A DOT double-quoted id: quotes and backslashes escaped, newlines as `\n`.
func dotString(_ value: String) -> String {
    var out = "\""
    for character in value {
        switch character {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default: out.append(character)
        }
    }
    return out + "\""
}
