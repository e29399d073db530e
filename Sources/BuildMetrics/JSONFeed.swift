import Foundation

/// A JSON Feed 1.1 document (https://jsonfeed.org/version/1.1): what `GET /feed.json` serves so
/// feed readers and chat bots can follow failed main builds, regressions and release steps.
public struct JSONFeed: Codable, Sendable, Equatable {
    /// The version URL the spec requires.
    public static let version11 = "https://jsonfeed.org/version/1.1"

    /// Always ``version11``.
    public var version: String
    /// The feed's name.
    public var title: String
    /// The site the feed describes (the dashboard).
    public var homePageURL: String?
    /// Where the feed itself lives.
    public var feedURL: String?
    /// What the feed is about.
    public var description: String?
    /// Items, newest first.
    public var items: [JSONFeedItem]

    /// Creates a 1.1 feed.
    public init(title: String, homePageURL: String? = nil, feedURL: String? = nil, description: String? = nil, items: [JSONFeedItem]) {
        version = Self.version11
        self.title = title
        self.homePageURL = homePageURL
        self.feedURL = feedURL
        self.description = description
        self.items = items
    }

    private enum CodingKeys: String, CodingKey {
        case version, title, description, items
        case homePageURL = "home_page_url"
        case feedURL = "feed_url"
    }

    // MARK: Encoding

    /// The feed as JSON: RFC 3339 dates, sorted keys, no escaped slashes; items sorted newest
    /// first (by `date_published`, then `id`) so the output is stable.
    public func encoded() throws -> Data {
        var copy = self
        copy.items.sort { ($0.datePublished ?? .distantPast, $1.id) > ($1.datePublished ?? .distantPast, $0.id) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Dates.format(date))
        }
        return try encoder.encode(copy)
    }
}

/// One feed item. The spec requires `id` and at least one of `content_text` / `content_html`;
/// the initialiser always sets `content_text`.
public struct JSONFeedItem: Codable, Sendable, Equatable {
    /// Unique and stable for the item (`build-123-failed`, `regression-42`).
    public var id: String
    /// Link to the item on the dashboard or API.
    public var url: String?
    /// Short title.
    public var title: String?
    /// Plain-text body.
    public var contentText: String?
    /// HTML body.
    public var contentHTML: String?
    /// One-line summary.
    public var summary: String?
    /// When the event happened.
    public var datePublished: Date?
    /// Tags (`failed-build`, `regression`, `release`).
    public var tags: [String]?

    /// Creates an item with a plain-text body.
    public init(
        id: String, url: String? = nil, title: String? = nil, contentText: String, contentHTML: String? = nil,
        summary: String? = nil, datePublished: Date? = nil, tags: [String]? = nil
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.contentText = contentText
        self.contentHTML = contentHTML
        self.summary = summary
        self.datePublished = datePublished
        self.tags = tags
    }

    private enum CodingKeys: String, CodingKey {
        case id, url, title, summary, tags
        case contentText = "content_text"
        case contentHTML = "content_html"
        case datePublished = "date_published"
    }
}
