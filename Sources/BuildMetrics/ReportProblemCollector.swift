import Foundation
import Synchronization

/// Problems found while decoding a report, so an unknown enum value (`"outcome": "meh"`) is
/// listed with every other broken rule instead of stopping the decoder at the first one.
///
/// ``BuildReport/decode(_:)`` puts one in the decoder's `userInfo`; ``StrictRawDecodable``
/// values record what they cannot read here and stand in with a placeholder, and the report is
/// then rejected with the collected problems and those of ``BuildReport/validate()``.
final class ReportProblemCollector: Sendable {
    /// The `userInfo` key the collector is found under.
    static let key = CodingUserInfoKey(rawValue: "mobile-ops.report-problems")!

    private let found = Mutex<[ValidationProblem]>([])

    /// Records one problem at a decoder's coding path.
    func add(at codingPath: [any CodingKey], _ message: String) {
        let problem = ValidationProblem(path: BuildReportError.path(codingPath), message: message)
        found.withLock { $0.append(problem) }
    }

    /// Everything recorded, in decoding order.
    var problems: [ValidationProblem] { found.withLock { $0 } }
}
