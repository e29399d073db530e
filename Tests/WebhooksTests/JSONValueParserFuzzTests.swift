import Foundation
import Testing
import Core
import FuzzSupport
import JSONScanning
@testable import Webhooks

/// Mutated webhook payloads through the byte-level JSON parser and the adapters above it:
/// every input gives a value or a `JSONValueParser.Failure` at an offset inside the input,
/// the selective parse the adapters use first agrees with the full one, and Foundation's
/// `JSONSerialization` agrees on what is JSON (see ``FoundationJSONAgreement``).
@Suite struct JSONValueParserFuzzTests {
    /// Real-shaped payloads of each provider, and small documents full of escapes and edge numbers.
    static let seeds: [[UInt8]] = [
        GitHubFixtures.pushToBranch, GitHubFixtures.pullRequest(action: "opened", headRepository: GitHubFixtures.forkRepository),
        GitLabFixtures.push, GitLabFixtures.mergeRequest(action: "update", oldrev: "abc"), BitbucketFixtures.pushSeveralChanges,
        #"{"a": [1, -2, 3.5, 1e3, true, false, null, "x\"\\\/\n\u00e9\ud83d\ude80"], "b": {}, "c": [], "id": 9223372036854775807}"#,
        #"[0, -0, 0.5e-3, 1E+2, 123456789012345678901234567890, "", {"": [[], {}]}]"#,
    ].map { Array($0.utf8) }

    /// The members the adapters read before verifying a signature.
    static let kept: Set<String> = ["ref", "repository", "project", "after"]

    @Test func mutatedPayloadsParseOrFailAtAnOffset() throws {
        let campaign = FuzzCampaign("webhook JSON", iterations: 10_000, seconds: 15)
        let summary = try campaign.run(seeds: Self.seeds, mutator: ByteMutator(grammar: .json)) { bytes in
            let full = Result { () throws(JSONValueParser.Failure) in try JSONValueParser.parse(bytes) }
            try Self.checkFailureOffset(full, bytes)
            try Self.checkSelectiveParses(bytes, agreeWith: full)
            try Self.checkFoundationAgrees(bytes, full)
        }
        #expect(summary.iterations >= Self.seeds.count)
    }

    @Test func mutatedDeliveriesGiveEventsOrAWebhookError() throws {
        let campaign = FuzzCampaign("webhook deliveries", iterations: 8_000, seconds: 10)
        let seeds = Self.seeds.prefix(5).map { $0 }
        try campaign.run(seeds: seeds, mutator: ByteMutator(grammar: .json)) { bytes in
            for provider in GitProvider.allCases {
                let adapter = WebhookProviders.adapter(for: provider)
                let request = WebhookRequest(headers: [TestSupport.eventHeader(provider): "push"], body: bytes)
                // Typed throws: anything thrown is a WebhookError; a crash ends the run.
                _ = try? adapter.repositoryIdentity(request)
                _ = try? adapter.parseEvents(request)
            }
        }
    }

    // MARK: Explicit hostile documents

    @Test(.timeLimit(.minutes(1)), arguments: ["[", #"{"a":"#])
    func hundredThousandOpenersAreRefusedAtTheDepthLimit(opener: String) {
        let document = Array(String(repeating: opener, count: 100_000).utf8)
        for keeping in [nil, Self.kept] {
            do {
                _ = try JSONValueParser.parse(document, onlyMembers: keeping)
                Issue.record("100,000 × \(opener) parsed")
            } catch {
                #expect(error.reason == "nested deeper than \(JSONScanner.maximumDepth) levels", "\(error)")
            }
        }
        let request = WebhookRequest(headers: ["X-GitHub-Event": "push"], body: document)
        #expect(throws: WebhookError.self) { try GitHubWebhookAdapter().parseEvents(request) }
    }

    // MARK: Checks

    /// A failure points inside the input (or just past it) and says what is wrong.
    static func checkFailureOffset(_ result: Result<JSONValue, JSONValueParser.Failure>, _ bytes: [UInt8]) throws {
        guard case .failure(let failure) = result else { return }
        try fuzzCheck((0...bytes.count).contains(failure.offset) && !failure.reason.isEmpty, "bad failure \(failure)")
    }

    /// Keeping some members checks the others' syntax as the full parse does: a failure at
    /// the same byte (skipping words a few reasons more tersely: "unexpected end of data"
    /// for "… in an object"), or the full value's kept members. Stopping early may accept what the full
    /// parse refuses (that is its point), never the reverse.
    static func checkSelectiveParses(_ bytes: [UInt8], agreeWith full: Result<JSONValue, JSONValueParser.Failure>) throws {
        let selective = Result { () throws(JSONValueParser.Failure) in try JSONValueParser.parse(bytes, onlyMembers: kept) }
        let stopping = Result { () throws(JSONValueParser.Failure) in
            try JSONValueParser.parse(bytes, onlyMembers: kept, stoppingWhenFound: true)
        }
        switch (full, selective) {
        case (.failure(let expected), .failure(let got)):
            try fuzzCheck(expected.offset == got.offset, "full parse failed with \(expected), selective with \(got)")
        case (.success(let value), .success(let got)):
            var expected = value
            if case .object(let object) = value {
                expected = .object(JSONObject(members: object.members.filter { kept.contains($0.name) }))
            }
            try fuzzCheck(got == expected, "selective parse read \(got), expected \(expected)")
            try fuzzCheck((try? stopping.get()) != nil, "stopping parse refused a document the full parse read")
        default:
            try fuzzCheck(false, "full parse \(full), selective \(selective)")
        }
    }

    /// Foundation accepts exactly what the parser accepts, and reads the same value.
    static func checkFoundationAgrees(_ bytes: [UInt8], _ full: Result<JSONValue, JSONValueParser.Failure>) throws {
        guard FoundationJSONAgreement.comparable(bytes) else { return }
        let foundation = FoundationJSONAgreement.foundationValue(bytes)
        switch (full, foundation) {
        case (.success(let value), .some(let object)):
            if let difference = FoundationJSONAgreement.difference(value, object) {
                try fuzzCheck(false, "Foundation read it differently: \(difference)")
            }
        case (.failure(let failure), .some):
            // Deeper than the parser's documented limit, Foundation's (512) still reads it.
            try fuzzCheck(failure.reason.hasPrefix("nested deeper than"), "refused \(failure), Foundation accepted")
        case (.success, .none):
            try fuzzCheck(false, "accepted, Foundation refused")
        case (.failure, .none):
            break
        }
    }
}
