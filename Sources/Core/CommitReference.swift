/// What a build's `commitSHA` names: usually a full object name from a webhook, but manual
/// and scheduled builds may name a branch, a tag or `HEAD`, resolved by the agent at checkout.
public enum CommitReference {
    /// Whether `name` is a full SHA-1 (40) or SHA-256 (64) lowercase hex object name.
    ///
    /// Only those are final: a ref moves, so the agent fetches it again, and a commit status
    /// (which git hosts attach to an object name) cannot be posted for it.
    public static func isObjectName(_ name: String) -> Bool {
        let bytes = name.utf8
        return (bytes.count == 40 || bytes.count == 64)
            && bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
}
