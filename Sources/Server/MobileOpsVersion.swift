/// The version this binary reports in `/healthz`, `/readyz` and the CLI.
public enum MobileOpsVersion {
    /// Semantic version of the server and CLI.
    public static let current = "0.1.0"
}
