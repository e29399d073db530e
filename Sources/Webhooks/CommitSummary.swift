import MemberwiseInit

/// One commit as a push payload describes it.
///
/// Every field but `id` may be missing from a real payload, so they are optional or
/// default to empty rather than failing the delivery.
@MemberwiseInit(.public)
public struct CommitSummary: Sendable, Equatable, Codable {
    /// Full commit id (GitHub, GitLab) or the abbreviated hash Bitbucket sends.
    public var id: String
    /// Full commit message, emoji and all.
    public var message: String = ""
    /// Author name as recorded in the commit.
    public var authorName: String?
    /// Author e-mail as recorded in the commit.
    public var authorEmail: String?
    /// Commit time exactly as the provider wrote it (ISO 8601 with offset); kept as text
    /// because providers disagree on precision and offsets, and nothing here needs arithmetic.
    public var timestamp: String?
    /// Web page of the commit.
    public var url: String?
    /// Paths the commit added. Empty for Bitbucket, which sends no file lists.
    public var added: [String] = []
    /// Paths the commit modified.
    public var modified: [String] = []
    /// Paths the commit removed.
    public var removed: [String] = []

    // MARK: Creating

    // MARK: Derived

    /// Every path the commit touched, in added, modified, removed order, without repeats.
    public var changedFiles: [String] {
        var seen = Set<String>()
        return (added + modified + removed).filter { seen.insert($0).inserted }
    }

    /// The first line of the message, for lists and notifications.
    public var title: String {
        String(message.prefix { $0 != "\n" && $0 != "\r" })
    }
}

// MARK: - A commit of a GitHub or GitLab push

extension CommitSummary {
    /// A commit of a push payload in the shape GitHub and GitLab share (`id`, `author.name`,
    /// `author.email`, `timestamp`, `url`, `added`, `modified`, `removed`), with its `message`
    /// as the host gives it (empty when it gives none); nil when it has no id. Bitbucket's
    /// commits have another shape (its adapter reads them).
    init?(pushed value: JSONValue, message: String?) {
        guard let id = value["id"].nonEmptyString else { return nil }
        self.init(
            id: id,
            message: message ?? "",
            authorName: value["author"]["name"].nonEmptyString,
            authorEmail: value["author"]["email"].nonEmptyString,
            timestamp: value["timestamp"].nonEmptyString,
            url: value["url"].nonEmptyString,
            added: value["added"].strings,
            modified: value["modified"].strings,
            removed: value["removed"].strings
        )
    }
}
