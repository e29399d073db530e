import Foundation
import Findings
import FuzzSupport
import Testing

/// Mutated reports through every reader: each is read or refused with a ``FindingsError``,
/// never a crash, and the streaming readers answer the same whatever the pieces they are fed.
@Suite struct FindingsFuzzTests {
    /// The outcome of one read, comparable across feeding strategies.
    enum Outcome: Equatable {
        case findings([Finding])
        case failed(FindingsError)
    }

    static func sarif(_ bytes: [UInt8], piece: Int) -> Outcome {
        streamed(SARIFStreamReader(root: "/home/runner/work/shop/shop"), bytes, piece: piece)
    }

    /// `bytes` fed to `reader` `piece` bytes at a time.
    static func streamed(_ reader: some ReportStreamReader, _ bytes: [UInt8], piece: Int) -> Outcome {
        var reader = reader
        do {
            var start = 0
            while start < bytes.count {
                let end = min(start + piece, bytes.count)
                try reader.feed(bytes[start..<end])
                start = end
            }
            return .findings(try reader.finish())
        } catch {
            return .failed(error)
        }
    }

    @Test func mutatedSARIFReadsTheSameInAnyPieces() throws {
        let seeds = try ["codeql.sarif", "swiftlint.sarif"].map { Array(try Fixture.data($0)) }
        let campaign = FuzzCampaign("SARIF", iterations: 2_000, seconds: 15)
        let summary = try campaign.run(seeds: seeds, mutator: ByteMutator(grammar: .json)) { bytes in
            let whole = Self.sarif(bytes, piece: max(bytes.count, 1))
            let piecewise = Self.sarif(bytes, piece: 1 + bytes.count % 97)
            try fuzzCheck(whole == piecewise, "whole \(whole) but in pieces \(piecewise)")
        }
        #expect(summary.iterations >= seeds.count)
    }

    @Test func mutatedCodeQualityReadsTheSameInAnyPieces() throws {
        let seeds = try ["gl-code-quality-lines.json", "gl-code-quality-positions.json"].map { Array(try Fixture.data($0)) }
        let campaign = FuzzCampaign("GitLab Code Quality", iterations: 1_000, seconds: 10)
        let summary = try campaign.run(seeds: seeds, mutator: ByteMutator(grammar: .json)) { bytes in
            let whole = Self.streamed(CodeClimateStreamReader(root: "/r"), bytes, piece: max(bytes.count, 1))
            let piecewise = Self.streamed(CodeClimateStreamReader(root: "/r"), bytes, piece: 1 + bytes.count % 97)
            try fuzzCheck(whole == piecewise, "whole \(whole) but in pieces \(piecewise)")
        }
        #expect(summary.iterations >= seeds.count)
    }

    @Test func mutatedXMLAndJSONReportsAreReadOrRefused() throws {
        let seeds = try ["swiftlint-checkstyle.xml", "lint-results.xml", "swiftlint.json"].map { Array(try Fixture.data($0)) }
        let campaign = FuzzCampaign("analyser reports", iterations: 1_500, seconds: 15)
        let summary = try campaign.run(seeds: seeds, mutator: ByteMutator(grammar: .xml)) { bytes in
            do {
                _ = try FindingsReader(repositoryRoot: "/r", readsSources: false).read(Data(bytes))
            } catch {
                try fuzzCheck(!"\(error)".isEmpty, "an error without a message")
            }
        }
        #expect(summary.iterations >= seeds.count)
    }
}
