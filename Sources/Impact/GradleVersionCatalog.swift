import Foundation

/// The `[plugins]` table of Gradle version catalogs (`gradle/*.versions.toml`), enough to turn
/// `alias(libs.plugins.myapp.android.library)` into a plugin id.
struct GradleVersionCatalog: Sendable, Equatable {
    /// Accessor (`myapp.android.library`) → plugin id.
    var pluginIDs: [String: String] = [:]

    /// Reads every catalog's text; later catalogs add to earlier ones.
    static func parse(_ sources: [String]) -> GradleVersionCatalog {
        var catalog = GradleVersionCatalog()
        for source in sources {
            var inPlugins = false
            for rawLine in source.split(whereSeparator: \.isNewline) {
                let line = rawLine.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("[") {
                    inPlugins = line.hasPrefix("[plugins]")
                    continue
                }
                guard inPlugins, !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
                let key = line[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                let value = String(line[line.index(after: equals)...])
                let id: String?
                if let table = BuildScriptText.matches(#"\bid\s*=\s*"([^"]+)""#, in: value).first {
                    id = table[0]
                } else if let literal = BuildScriptText.stringLiterals(in: value).first {
                    // `key = "plugin.id:1.0"`
                    id = literal.split(separator: ":").first.map(String.init)
                } else {
                    id = nil
                }
                if let id { catalog.pluginIDs[accessor(forKey: key)] = id }
            }
        }
        return catalog
    }

    /// Gradle's accessor for a catalog key: `-` and `_` separate like `.` does.
    static func accessor(forKey key: String) -> String {
        key.replacingOccurrences(of: "-", with: ".").replacingOccurrences(of: "_", with: ".")
    }

    /// The id an `alias(libs.plugins.<accessor>)` names, if the catalog has it.
    func pluginID(forAccessor accessor: String) -> String? {
        pluginIDs[Self.accessor(forKey: accessor)]
    }
}
