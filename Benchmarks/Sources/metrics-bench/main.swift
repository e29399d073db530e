// metrics-bench: throughput of the build-log parsers on ~50 MB logs (goal: ≥ 100 MB/s).
//
// Run from Benchmarks/:  swift run -c release metrics-bench
// The logs are generated in memory, deterministically (a fixed LCG seed), in the shape of real
// output: Gradle task headers among compiler warnings and test chatter; xcodebuild action lines
// with their long indented compiler invocations, diagnostics, XCTest lines and a timing summary.
// MB here is 10^6 bytes. Each parser runs `runs` times; the median is reported.
import Foundation
import BuildMetrics

/// A small deterministic generator, so every run parses the same bytes.
struct LCG {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

// MARK: Generators

func gradleLog(targetBytes: Int) -> [UInt8] {
    var random = LCG(state: 42)
    var out: [UInt8] = []
    out.reserveCapacity(targetBytes + 4_096)
    func line(_ text: String) { out.append(contentsOf: text.utf8); out.append(0x0A) }
    let outcomes = ["", " UP-TO-DATE", " FROM-CACHE", " NO-SOURCE", " SKIPPED", " FROM-CACHE", " UP-TO-DATE"]
    let taskNames = ["preBuild", "compileDebugKotlin", "compileDebugJavaWithJavac", "mergeDebugResources", "processDebugManifest",
                     "kaptDebugKotlin", "dexBuilderDebug", "mergeDebugJniLibFolders", "testDebugUnitTest", "lintAnalyzeDebug"]
    line("Starting a Gradle Daemon (subsequent builds will be faster)")
    var module = 0, tasks = 0
    while out.count < targetBytes {
        module += 1
        line("> Configure project :feature\(module)")
        for task in taskNames {
            tasks += 1
            line("> Task :feature\(module):\(task)\(outcomes[random.next(outcomes.count)])")
            for _ in 0..<random.next(5) {
                switch random.next(4) {
                case 0: line("w: file:///home/ci/work/app/feature\(module)/src/main/kotlin/com/acme/feature\(module)/Screen\(random.next(40)).kt:\(random.next(300)):\(random.next(80)) 'setter for systemUiVisibility: Int' is deprecated. Deprecated in Java")
                case 1: line("Note: Some input files use or override a deprecated API. Recompile with -Xlint:deprecation for details.")
                case 2: line("com.acme.feature\(module).ScreenViewModelTest > loadsItems[\(random.next(9))] PASSED")
                default: line("    at com.acme.feature\(module).internal.Repository\(random.next(20)).fetch(Repository.kt:\(random.next(200)))")
                }
            }
        }
    }
    line("")
    line("BUILD SUCCESSFUL in 12m 3s")
    line("\(tasks) actionable tasks: \(tasks / 3) executed, \(tasks / 3) from cache, \(tasks - 2 * (tasks / 3)) up-to-date")
    return out
}

func xcodebuildLog(targetBytes: Int) -> [UInt8] {
    var random = LCG(state: 7)
    var out: [UInt8] = []
    out.reserveCapacity(targetBytes + 4_096)
    func line(_ text: String) { out.append(contentsOf: text.utf8); out.append(0x0A) }
    let flags = (0..<40).map { " -Xfrontend -some-flag-\($0) -I/Users/ci/Library/Developer/Xcode/DerivedData/App-abc/Build/Products/Debug-iphonesimulator/include" }.joined()
    line("Command line invocation:\n    /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild -scheme App -showBuildTimingSummary test\n")
    var file = 0
    while out.count < targetBytes {
        file += 1
        let target = "Module\(file / 200)"
        line("SwiftCompile normal arm64 /Users/ci/src/\(target)/File\(file).swift (in target '\(target)' from project 'App')")
        line("    cd /Users/ci/src")
        line("    /Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin/swift-frontend -frontend -c -primary-file /Users/ci/src/\(target)/File\(file).swift\(flags)")
        line("")
        if random.next(10) == 0 { line("/Users/ci/src/\(target)/File\(file).swift:\(random.next(400)):\(random.next(80)): warning: 'UIApplication.shared.keyWindow' was deprecated in iOS 13.0") }
        if random.next(8) == 0 {
            line("Test Case '-[\(target)Tests.File\(file)Tests testBehaviour\(random.next(50))]' started.")
            line("Test Case '-[\(target)Tests.File\(file)Tests testBehaviour\(random.next(50))]' passed (0.\(random.next(999)) seconds).")
        }
    }
    line("Build Timing Summary")
    line("")
    line("SwiftCompile (\(file) tasks) | 812.345 seconds")
    line("")
    line("Ld (\(file / 200 + 1) tasks) | 12.5 seconds")
    line("")
    line("** TEST SUCCEEDED ** [901.234 sec]")
    return out
}

// MARK: Measuring

func measure(_ name: String, bytes: [UInt8], runs: Int, parse: (UnsafeRawBufferPointer) -> ParseResult) {
    var rates: [Double] = []
    var last: ParseResult?
    for _ in 0..<runs {
        let clock = ContinuousClock()
        var result: ParseResult?
        let elapsed = clock.measure { result = bytes.withUnsafeBytes(parse) }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        rates.append(Double(bytes.count) / 1e6 / seconds)
        last = result
    }
    rates.sort()
    let median = rates[rates.count / 2]
    let verdict = median >= 100 ? "ok" : "BELOW GOAL"
    let size = String(format: "%.1f", Double(bytes.count) / 1e6)
    let detail = "tasks \(last?.tasks.count ?? 0), tests \(last?.tests?.total ?? 0), warnings \(last?.warningCount ?? 0)"
    print("\(name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(size) MB  median \(String(format: "%7.1f", median)) MB/s  (min \(String(format: "%.1f", rates.first ?? 0)), max \(String(format: "%.1f", rates.last ?? 0)))  \(verdict)  [\(detail)]")
}

let targetBytes = 50_000_000
let runs = 5
let gradle = gradleLog(targetBytes: targetBytes)
let xcode = xcodebuildLog(targetBytes: targetBytes)
print("parser throughput, median of \(runs) runs (goal ≥ 100 MB/s)")
measure("gradle", bytes: gradle, runs: runs) { GradleLogParser.parse($0) }
measure("xcodebuild", bytes: xcode, runs: runs) { XcodebuildLogParser.parse($0) }
