import Foundation

/// Checks a document against JSON Feed 1.1's required fields and types: `version` (the 1.1 or
/// 1.0 URL), `title` (string), `items` (array); per item `id` (string, non-empty) and at least
/// one of `content_html` / `content_text` (strings); optional URLs, `date_published` /
/// `date_modified` (RFC 3339), `tags` (array of strings) of the right type.
public enum JSONFeedValidator {
    /// Every problem found; empty when the document is a valid feed.
    public static func problems(in data: Data) -> [String] {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return ["the feed is not a JSON object"]
        }
        var problems: [String] = []
        switch root["version"] as? String {
        case "https://jsonfeed.org/version/1.1", "https://jsonfeed.org/version/1": break
        case let other?: problems.append("version: unknown version \"\(other)\"")
        case nil: problems.append("version: required string is missing")
        }
        if !(root["title"] is String) { problems.append("title: required string is missing") }
        for key in ["home_page_url", "feed_url", "description", "icon", "favicon", "language"] {
            if let value = root[key], !(value is String) { problems.append("\(key): must be a string") }
        }
        guard let items = root["items"] as? [Any] else {
            return problems + ["items: required array is missing"]
        }
        var seen = Set<String>()
        for (index, value) in items.enumerated() {
            guard let item = value as? [String: Any] else {
                problems.append("items[\(index)]: must be an object")
                continue
            }
            problems += itemProblems(item, at: "items[\(index)]", seen: &seen)
        }
        return problems
    }

    // MARK: Items

    private static func itemProblems(_ item: [String: Any], at path: String, seen: inout Set<String>) -> [String] {
        var problems: [String] = []
        if let id = item["id"] as? String, !id.isEmpty {
            if !seen.insert(id).inserted { problems.append("\(path).id: \"\(id)\" is not unique") }
        } else {
            problems.append("\(path).id: required non-empty string is missing")
        }
        let html = item["content_html"], text = item["content_text"]
        if html == nil, text == nil { problems.append("\(path): needs content_html or content_text") }
        if let html, !(html is String) { problems.append("\(path).content_html: must be a string") }
        if let text, !(text is String) { problems.append("\(path).content_text: must be a string") }
        for key in ["url", "external_url", "title", "summary", "image", "banner_image", "language"] {
            if let value = item[key], !(value is String) { problems.append("\(path).\(key): must be a string") }
        }
        for key in ["date_published", "date_modified"] {
            guard let value = item[key] else { continue }
            if let text = value as? String, ISO8601Dates.parse(text) != nil { continue }
            problems.append("\(path).\(key): must be an RFC 3339 date")
        }
        if let tags = item["tags"], !((tags as? [Any])?.allSatisfy { $0 is String } ?? false) {
            problems.append("\(path).tags: must be an array of strings")
        }
        return problems
    }
}
