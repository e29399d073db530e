/// Reading parsed YAML maps by a path of keys, as the manifests nest them
/// (`spec`, `template`, `spec`, …).
extension Dictionary where Key == String, Value == Any {
    /// The value at a path of keys, nil when any step is missing.
    func any(_ path: String...) -> Any? {
        self.value(at: path)
    }

    /// The text at a path of keys.
    func string(_ path: String...) -> String? {
        self.value(at: path) as? String
    }

    /// The integer at a path of keys.
    func int(_ path: String...) -> Int? {
        self.value(at: path) as? Int
    }

    private func value(at path: [String]) -> Any? {
        var current: Any? = self
        for key in path { current = (current as? [String: Any])?[key] }
        return current
    }
}
