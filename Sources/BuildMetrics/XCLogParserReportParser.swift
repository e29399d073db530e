import Foundation

/// Reads XCLogParser reports: `json` (one `main` step with nested `subSteps`) and `flatJson`
/// (an array of steps linked by `parentIdentifier`). Each `target` step becomes a task with its
/// `duration`; it is `fromCache` when XCLogParser marks it `fetchedFromCache`, or when all its
/// detail steps were fetched from cache. The cache is Xcode's own (DerivedData / compilation
/// cache on the machine), so the cache kind is `local`. A target with errors is `failed`.
public enum XCLogParserReportParser {
    /// Parses a report; a truncated report is read up to its last complete value.
    public static func parse(_ data: Data) -> ParseResult {
        var result = ParseResult(format: .xclogparser)
        let reading = TolerantJSON.read(data)
        if reading.repaired { result.warn("the report was truncated; read up to its last complete value") }
        var steps: [[String: Any]] = []
        if let root = JSONLook.object(reading.value) {
            flatten(root, parent: nil, into: &steps)
        } else if let array = JSONLook.array(reading.value) {
            steps = array.compactMap(JSONLook.object)
        } else {
            result.warn(reading.problem.map { "\($0): nothing read" } ?? "expected a JSON object or array of steps")
            return result
        }
        read(steps, into: &result)
        if result.tasks.isEmpty, result.outcome == nil {
            result.warn("no XCLogParser steps recognised (expected `type`: main/target/detail)")
        }
        return result
    }

    // MARK: Steps

    /// Turns the nested `json` shape into the flat one, linking children to parents.
    private static func flatten(_ step: [String: Any], parent: String?, into steps: inout [[String: Any]]) {
        var copy = step
        let identifier = JSONLook.string(step["identifier"]) ?? "step-\(steps.count)"
        copy["identifier"] = identifier
        if let parent { copy["parentIdentifier"] = parent }
        copy["subSteps"] = nil
        steps.append(copy)
        for child in JSONLook.array(step["subSteps"]) ?? [] {
            if let child = JSONLook.object(child) { flatten(child, parent: identifier, into: &steps) }
        }
    }

    private static func read(_ steps: [[String: Any]], into result: inout ParseResult) {
        var detailsByParent: [String: (total: Int, cached: Int)] = [:]
        for step in steps where JSONLook.string(step["type"]) == "detail" {
            guard let parent = JSONLook.string(step["parentIdentifier"]) else { continue }
            var entry = detailsByParent[parent] ?? (0, 0)
            entry.total += 1
            if JSONLook.bool(step["fetchedFromCache"]) == true { entry.cached += 1 }
            detailsByParent[parent] = entry
        }
        var unknownTypes = Set<String>()
        for step in steps {
            switch JSONLook.string(step["type"]) {
            case "main": main(step, into: &result)
            case "target": target(step, details: detailsByParent, into: &result)
            case "detail": break
            case let other?: unknownTypes.insert(other)
            case nil: unknownTypes.insert("(missing)")
            }
        }
        for type in unknownTypes.sorted() { result.warn("steps of unknown type `\(type)` ignored") }
    }

    private static func main(_ step: [String: Any], into result: inout ParseResult) {
        switch JSONLook.string(step["buildStatus"])?.lowercased() {
        case "succeeded", "success": result.outcome = .success
        case "failed", "failure": result.outcome = .failure
        case "stopped", "cancelled", "canceled", "interrupted": result.outcome = .canceled
        case let other?: result.warn("unknown buildStatus `\(other)`")
        case nil: break
        }
        result.durationSeconds = JSONLook.number(step["duration"]).flatMap { $0 >= 0 ? $0 : nil }
        result.errorCount = JSONLook.count(step["errorCount"])
        result.warningCount = JSONLook.count(step["warningCount"])
        for error in JSONLook.array(step["errors"]) ?? [] {
            if let title = JSONLook.string(JSONLook.object(error)?["title"]) { result.keepErrorMessage(title) }
        }
    }

    private static func target(_ step: [String: Any], details: [String: (total: Int, cached: Int)], into result: inout ParseResult) {
        guard let name = targetName(step) else { return result.warn("a target step without a title was skipped") }
        let identifier = JSONLook.string(step["identifier"]) ?? ""
        let detail = details[identifier]
        let cached = JSONLook.bool(step["fetchedFromCache"]) == true
            || (detail.map { $0.total > 0 && $0.cached == $0.total } ?? false)
        var outcome: TaskOutcome = cached ? .fromCache : .executed
        if (JSONLook.number(step["errorCount"]) ?? 0) > 0 { outcome = .failed }
        var duration = JSONLook.number(step["duration"])
        if let value = duration, value < 0 || !value.isFinite {
            result.warn("target `\(name)` has an invalid duration; ignored")
            duration = nil
        }
        result.tasks.append(TaskRecord(
            name: name, target: name, durationSeconds: duration, outcome: outcome,
            cacheKind: outcome == .fromCache ? .local : .unknown))
    }

    /// `Build target App` / `Build target App of project App with configuration Debug` → `App`.
    private static func targetName(_ step: [String: Any]) -> String? {
        guard var title = JSONLook.string(step["title"]) ?? JSONLook.string(step["signature"]), !title.isEmpty else { return nil }
        if title.hasPrefix("Build target ") { title.removeFirst(13) }
        if let range = title.range(of: " of project ") { title = String(title[..<range.lowerBound]) }
        return title
    }
}
