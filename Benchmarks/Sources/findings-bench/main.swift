// findings-bench: the streaming SARIF reader on a ~100 MB log (goal: ≥ 100 MB/s, bounded memory),
// against a straightforward baseline in the same run (JSONSerialization of the whole file, then
// walking runs[].results[] for the same fields).
//
// Run from Benchmarks/:  swift run -c release findings-bench [megabytes | hostile]
// The log is generated deterministically (a fixed LCG seed) and written to a temporary file
// chunk by chunk, so the generator never holds it: results shaped like CodeQL's (rule ids and
// indices, messages, a location with uriBaseId and region, partialFingerprints, sometimes a code
// flow and related locations). MB here is 10^6 bytes.
//
// Then the hostile reports of the 2026-11-28 security probe (HostileReports.swift): SARIF with
// 40,000 rules × 40,000 results, XML nested 10 million deep, 900,000 Checkstyle findings, each
// read once in memory as `POST /api/v1/builds/{id}/findings` reads it (goal: under a second);
// `findings-bench hostile` runs only these, so the peak RSS it prints is theirs.
import Findings
import Foundation

/// A small deterministic generator, so every run parses the same bytes.
struct LCG {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// Peak resident set size so far, in MB (VmHWM).
func peakRSSMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
    return kilobytes / 1_024
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

// MARK: Generating

let rules = (0..<120).map { "java/rule-\($0)" }
let words = ["value", "query", "user-provided", "parameter", "unsafe", "deserialization", "path", "flows", "to", "this", "sink", "from",
             "the", "request", "an", "untrusted", "source", "may", "allow", "injection"]

func result(_ random: inout LCG, index: Int) -> String {
    let rule = random.next(rules.count)
    let file = "app/src/main/java/com/shop/module\(random.next(400))/File\(random.next(60)).java"
    let line = 1 + random.next(2_000)
    let message = (0..<(8 + random.next(20))).map { _ in words[random.next(words.count)] }.joined(separator: " ")
    var text = """
    {"ruleId":"\(rules[rule])","ruleIndex":\(rule),"level":"\(["error", "warning", "note"][random.next(3)])",\
    "message":{"text":"\(message) [\\"quoted\\"](1)."},\
    "locations":[{"physicalLocation":{"artifactLocation":{"uri":"\(file)","uriBaseId":"%SRCROOT%","index":\(random.next(5_000))},\
    "region":{"startLine":\(line),"startColumn":\(1 + random.next(80)),"endLine":\(line),"endColumn":\(81 + random.next(40))}}}],\
    "partialFingerprints":{"primaryLocationLineHash":"\(String(random.next(1 << 30), radix: 16))\(String(random.next(1 << 30), radix: 16)):1",\
    "primaryLocationStartColumnFingerprint":"\(random.next(60))"}
    """
    if random.next(4) == 0 {
        text += #","codeFlows":[{"threadFlows":[{"locations":["#
        text += (0..<3).map { step in
            #"{"location":{"physicalLocation":{"artifactLocation":{"uri":"\#(file)","uriBaseId":"%SRCROOT%"},"region":{"startLine":\#(line + step)}},"message":{"text":"step \#(step)"}}}"#
        }.joined(separator: ",")
        text += "]}]}]"
        text += #","relatedLocations":[{"id":1,"physicalLocation":{"artifactLocation":{"uri":"\#(file)","uriBaseId":"%SRCROOT%"},"region":{"startLine":\#(line)}},"message":{"text":"user-provided value"}}]"#
    }
    return text + #","properties":{"github/alertNumber":\#(index)}}"#
}

/// Writes a SARIF log of about `targetBytes` to `path`; answers its size and result count.
func writeLog(to path: String, targetBytes: Int) throws -> (bytes: Int, results: Int) {
    FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var random = LCG(state: 42)
    var written = 0
    func write(_ text: String) throws {
        let data = Data(text.utf8)
        written += data.count
        try handle.write(contentsOf: data)
    }
    let ruleObjects = rules.map { #"{"id":"\#($0)","name":"\#($0)","shortDescription":{"text":"A rule"},"defaultConfiguration":{"level":"warning"}}"# }
    try write(#"{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"tool":{"driver":{"name":"CodeQL","semanticVersion":"2.15.3","rules":["#)
    try write(ruleObjects.joined(separator: ",") + "]}},\"results\":[\n")
    var count = 0
    var chunk = ""
    while written + chunk.utf8.count < targetBytes {
        chunk += (count == 0 ? "" : ",\n") + result(&random, index: count)
        count += 1
        if chunk.utf8.count > 1 << 20 {
            try write(chunk)
            chunk = ""
        }
    }
    try write(chunk + "\n],\"originalUriBaseIds\":{\"%SRCROOT%\":{\"uri\":\"file:///home/runner/work/shop/shop/\"}}}]}\n")
    return (written, count)
}

// MARK: Baseline

/// The straightforward reader: the whole file, the whole tree, then a walk for the same fields.
func baseline(path: String) throws -> Int {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let log = try JSONSerialization.jsonObject(with: data) as? [String: Any],
          let runs = log["runs"] as? [[String: Any]] else { return 0 }
    var findings: [Finding] = []
    for run in runs {
        let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
        let tool = driver?["name"] as? String ?? "SARIF"
        for case let result as [String: Any] in run["results"] as? [Any] ?? [] {
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let artifact = location?["artifactLocation"] as? [String: Any]
            let region = location?["region"] as? [String: Any]
            findings.append(Finding(
                tool: tool,
                ruleID: result["ruleId"] as? String ?? "unknown",
                level: (result["level"] as? String).flatMap(FindingLevel.init(sarif:)) ?? .warning,
                message: (result["message"] as? [String: Any])?["text"] as? String ?? "",
                path: artifact?["uri"] as? String ?? "",
                startLine: region?["startLine"] as? Int ?? 0,
                column: region?["startColumn"] as? Int,
                endLine: region?["endLine"] as? Int,
                toolFingerprint: ((result["partialFingerprints"] as? [String: Any])?["primaryLocationLineHash"] as? String)
            ))
        }
    }
    return findings.count
}

// MARK: Run

if CommandLine.arguments.dropFirst().first == "hostile" {
    printHostileReports()
    exit(0)
}
let megabytes = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100
let path = NSTemporaryDirectory() + "findings-bench-\(getpid()).sarif"
defer { try? FileManager.default.removeItem(atPath: path) }
let (bytes, resultCount) = try writeLog(to: path, targetBytes: megabytes * 1_000_000)
let size = Double(bytes) / 1e6
print(String(format: "SARIF log: %.1f MB, %d results (peak RSS after writing it: %.0f MB)", size, resultCount, peakRSSMegabytes()))

var streamed: [Finding] = []
var times: [Double] = []
for _ in 0..<3 {
    // Dropped first, so the peak is one run's findings, not two runs'.
    streamed = []
    times.append(try seconds { streamed = try SARIFStreamReader.read(fileAt: path, root: "/home/runner/work/shop/shop") })
}
let median = times.sorted()[1]
let streamingPeak = peakRSSMegabytes()
guard streamed.count == resultCount else {
    print("streaming reader found \(streamed.count) findings, expected \(resultCount)")
    exit(1)
}
let fingerprintSeconds = seconds { _ = Fingerprinter(sourceRoot: nil).fingerprint(streamed) }
streamed = []

var baselineCount = 0
let baselineSeconds = try seconds { baselineCount = try baseline(path: path) }
let baselinePeak = peakRSSMegabytes()

func row(_ name: String, _ value: String, _ goal: String, _ met: Bool?) -> String {
    name.padding(toLength: 44, withPad: " ", startingAt: 0) + value.padding(toLength: 16, withPad: " ", startingAt: 0)
        + goal.padding(toLength: 14, withPad: " ", startingAt: 0) + (met.map { $0 ? "ok" : "MISSED" } ?? "")
}
print(row("", "measured", "goal", nil))
print(row("streaming reader (median of 3)", String(format: "%.0f MB/s", size / median), "≥ 100 MB/s", size / median >= 100))
print(row("streaming: peak RSS (findings included)", String(format: "%.0f MB", streamingPeak), "", nil))
print(row("fingerprinting \(resultCount) findings", String(format: "%.2f s", fingerprintSeconds), "", nil))
print(row("baseline: JSONSerialization + walk", String(format: "%.0f MB/s", size / baselineSeconds), "", nil))
print(row("baseline: peak RSS", String(format: "%.0f MB", baselinePeak), "", nil))
print(row("baseline findings", "\(baselineCount)", "", baselineCount == resultCount))

// MARK: Hostile reports

print("")
printHostileReports()
