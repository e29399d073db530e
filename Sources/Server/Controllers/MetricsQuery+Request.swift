import BuildMetrics
import Foundation
import Hummingbird
import Store

extension MetricsQuery {
    /// The parameters `init(parsing:)` reads, as the OpenAPI document lists them.
    static let openAPIParameters: [OpenAPIOperation.Parameter] = [
        .query("window", description: "Days or weeks like `7d` or `4w`; default `7d`."),
        .query("repository"),
        .query("pipeline"),
        .query("branch"),
        .query("platform"),
        .query("groupBy"),
        .query("speedup", .number, description: "A percentage above 0, at most 100."),
    ]

    /// Reads `window`, `repository`, `pipeline`, `branch`, `platform`, `groupBy` and `speedup`
    /// from the query string; a bad value is a 400 naming the parameter and what is accepted.
    init(parsing request: Request) throws {
        let parameters = request.uri.queryParameters
        func text(_ name: String) -> String? {
            guard let value = parameters.get(name)?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            return value
        }
        self.init(
            days: try Self.days(text("window") ?? "7d"), repository: text("repository"), pipeline: text("pipeline"),
            branch: text("branch"))
        if let platform = text("platform") {
            guard Platform(rawValue: platform) != nil else {
                let allowed = Platform.allCases.map(\.rawValue).joined(separator: ", ")
                throw APIError.badRequest("platform must be one of \(allowed), not '\(platform)'", code: "invalid_parameter")
            }
            self.platform = platform
        }
        if let group = text("groupBy") {
            guard let grouping = MetricsGrouping(rawValue: group) else {
                let allowed = MetricsGrouping.allCases.map(\.rawValue).joined(separator: ", ")
                throw APIError.badRequest("groupBy must be one of \(allowed), not '\(group)'", code: "invalid_parameter")
            }
            groupBy = grouping
        }
        if let speedup = text("speedup") {
            guard let percent = Double(speedup), percent.isFinite, percent > 0, percent <= 100 else {
                throw APIError.badRequest("speedup must be a percentage above 0 and at most 100, not '\(speedup)'", code: "invalid_parameter")
            }
            speedupPercent = percent
        }
    }

    /// `7d`, `2w` or a bare number of days, 1…366.
    static func days(_ text: String) throws -> Int {
        let lower = text.lowercased()
        var number = lower
        var factor = 1
        if lower.hasSuffix("d") {
            number = String(lower.dropLast())
        } else if lower.hasSuffix("w") {
            number = String(lower.dropLast())
            factor = 7
        }
        guard let count = Int(number), count > 0, count <= MetricsQuery.maxWindowDays, count * factor <= MetricsQuery.maxWindowDays else {
            throw APIError.badRequest(
                "window must be a number of days or weeks like 7d or 4w, at most \(MetricsQuery.maxWindowDays) days; got '\(text)'",
                code: "invalid_window")
        }
        return count * factor
    }
}
