import Foundation
import Testing

/// Every child process goes through `ChildProcesses`. Foundation's `Process.run()` on Linux
/// lists `/proc/self/fd` with a 256-byte over-read (swift-corelibs-foundation#5472), which
/// crashed a test process holding ~1,360 descriptors and would crash a busy server that runs
/// git; this keeps it from coming back through new code.
struct NoFoundationProcessTests {
    /// The repository's root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()


    @Test func noSourceStartsAFoundationProcess() throws {
        var offenders: [String] = []
        for folder in ["Sources", "Tests", "Benchmarks/Sources"] {
            let base = Self.root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let relative as String in files where relative.hasSuffix(".swift") {
                let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
                // The whole-word check line by line is slow; most files have neither call.
                guard text.contains("ss()") || text.contains("pe()") else { continue }
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                // Foundation's two types, constructed: whole words only (`makePipe` is ours).
                where line.contains(#/\b(Process|Pipe)\(\)/#) {
                    offenders.append("\(folder)/\(relative):\(number + 1)")
                }
            }
        }
        #expect(offenders.isEmpty, "Foundation's Process or Pipe in: \(offenders.joined(separator: ", "))")
    }
}
