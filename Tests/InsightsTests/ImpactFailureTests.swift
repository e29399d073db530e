import Core
import Foundation
import Impact
@testable import Insights
import Testing

/// An impact failure is told in the API caller's terms: repository-relative paths, no server
/// folders, advice naming the request's fields.
@Suite("Impact failures in the caller's terms")
struct ImpactFailureTests {
    let failure = ImpactFailure(checkout: "/srv/data/impact/checkouts/1234", hidden: ["/srv/data/impact/mirrors/acme.git", "/srv/data/impact"])

    @Test("paths inside the checkout become repository-relative; others are not shown")
    func repositoryPaths() {
        #expect(failure.repositoryPath("/srv/data/impact/checkouts/1234") == ".")
        #expect(failure.repositoryPath("/srv/data/impact/checkouts/1234/App/Package.swift") == "App/Package.swift")
        #expect(failure.repositoryPath("/home/someone/secret") == "(a path outside the repository)")
    }

    @Test("a reader's message loses every server folder, the longest first")
    func scrubbing() {
        let text = "git failed in /srv/data/impact/mirrors/acme.git for /srv/data/impact/checkouts/1234/App/build.gradle (/srv/data/impact/tmp)"
        let scrubbed = failure.scrub(text)
        #expect(!scrubbed.contains("/srv/data"))
        #expect(scrubbed.contains("App/build.gradle"))
        #expect(scrubbed.contains("<server>"))
    }

    @Test("a Swift package without a graph is answered 'graph_required' with the request's advice")
    func graphRequired() {
        let error = failure.apiError(.graphRequired(directory: "/srv/data/impact/checkouts/1234/Tools", kind: .swiftPackage))
        #expect(error.kind == .invalidInput)
        #expect(error.code == "graph_required")
        #expect(error.message.contains("'Tools'"))
        #expect(error.message.contains("give 'graph'"))
        #expect(!error.message.contains("/srv/data"))
    }
}
