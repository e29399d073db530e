// MARK: - CheckoutPath

/// Paths that pipelines, agents and reports name inside a checkout: `artifacts:`, `reports:`,
/// `checks.deps.project`, a report's `source`, a finding's file.
///
/// One rule for all of them, so a path one part accepts is never refused by another: relative
/// to the checkout, and never leaving it through a `..` component.
public enum CheckoutPath {
    /// Whether `path` (a file or a glob) stays inside the checkout: not empty, not absolute,
    /// no `..` component.
    public static func staysInside(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }
}
