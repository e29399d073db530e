import Foundation
import BuildMetrics
import Testing

@Suite("JSON Feed 1.1")
struct JSONFeedTests {
    @Test("an encoded feed validates and uses the spec's key names")
    func valid() throws {
        let feed = JSONFeed(
            title: "MobileOps", homePageURL: "http://127.0.0.1:8080/", feedURL: "http://127.0.0.1:8080/feed.json",
            items: [
                JSONFeedItem(id: "build-1-failed", url: "http://127.0.0.1:8080/api/v1/builds/1", title: "main failed",
                             contentText: "Build 1 of acme/ios-app failed on main.", datePublished: Date(timeIntervalSince1970: 1_800_000_000),
                             tags: ["failed-build"]),
                JSONFeedItem(id: "regression-7", contentText: "p50 +48%", contentHTML: "<p>p50 +48%</p>",
                             datePublished: Date(timeIntervalSince1970: 1_800_000_100.25)),
            ])
        let data = try feed.encoded()
        #expect(JSONFeedValidator.problems(in: data).isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(object["home_page_url"] as? String == "http://127.0.0.1:8080/")
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["regression-7", "build-1-failed"])
        #expect(items[1]["date_published"] as? String == "2027-01-15T08:00:00Z")
        #expect(items[0]["content_html"] as? String == "<p>p50 +48%</p>")
    }

    @Test("the validator names each missing or wrong field")
    func invalid() {
        let json = #"""
        {"version": "https://example.com/v9", "items": [
          {"id": "a", "content_text": "x", "date_published": "last tuesday"},
          {"content_html": "<p>"},
          {"id": "a"},
          {"id": "b", "content_text": 5, "tags": [1]}
        ]}
        """#
        let problems = JSONFeedValidator.problems(in: Data(json.utf8))
        #expect(problems == [
            "version: unknown version \"https://example.com/v9\"",
            "title: required string is missing",
            "items[0].date_published: must be an RFC 3339 date",
            "items[1].id: required non-empty string is missing",
            "items[2].id: \"a\" is not unique",
            "items[2]: needs content_html or content_text",
            "items[3].content_text: must be a string",
            "items[3].tags: must be an array of strings",
        ])
        #expect(JSONFeedValidator.problems(in: Data("[]".utf8)) == ["the feed is not a JSON object"])
        #expect(JSONFeedValidator.problems(in: Data(#"{"version":"https://jsonfeed.org/version/1.1","title":"t"}"#.utf8)) == ["items: required array is missing"])
    }
}
