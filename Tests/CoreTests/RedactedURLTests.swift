import Core
import Testing

/// URLs as logs and messages show them: passwords in user info masked.
struct RedactedURLTests {
    @Test("a password in the user info is masked; user info without one is masked whole; the rest stays", arguments: [
        ("http://AKIA123:s3cr3t@minio:9000/s3", "http://AKIA123:***@minio:9000/s3"),
        ("https://ghp_token@github.com/a/b.git", "https://***@github.com/a/b.git"),
        ("http://user:p@ss:word@host/x?y=a@b", "http://user:***@host/x?y=a@b"),
        ("https://s3.eu-west-1.amazonaws.com", "https://s3.eu-west-1.amazonaws.com"),
        ("http://host/path@not-user-info", "http://host/path@not-user-info"),
        ("not a url", "not a url"),
    ])
    func masking(_ url: String, _ shown: String) {
        #expect(RedactedURL.masking(url) == shown)
    }

    @Test("a message quoting the URL shows it masked")
    func inText() {
        let url = "http://k:secret@host:1"
        #expect(RedactedURL.masking(url, in: "S3 endpoint \(url) cannot be reached: \(url)/b refused")
            == "S3 endpoint http://k:***@host:1 cannot be reached: http://k:***@host:1/b refused")
    }
}
