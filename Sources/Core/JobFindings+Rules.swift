// MARK: - What the findings route accepts, stated once for both sides

extension JobFindings {
    /// What is wrong with `source`, or nil: a path relative to the checkout, without `..`,
    /// 1 to ``maximumSourceLength`` characters, no control characters.
    public static func sourceProblem(_ source: String) -> String? {
        if source.isEmpty || source.count > maximumSourceLength || hasControlCharacters(source, allowingLineBreaks: false) {
            return "source must be 1 to \(maximumSourceLength) characters without control characters"
        }
        if !CheckoutPath.staysInside(source) {
            return "source must be the report's path relative to the checkout, without '..'"
        }
        return nil
    }

    /// Whether `text` holds a control character (tabs and line breaks allowed when asked).
    static func hasControlCharacters(_ text: String, allowingLineBreaks: Bool) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar.properties.generalCategory == .control && !(allowingLineBreaks && (scalar == "\n" || scalar == "\r" || scalar == "\t"))
        }
    }
}
