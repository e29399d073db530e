import ChildProcesses
import Foundation
import Testing

/// `Command`: output and errors captured apart, exit statuses, and the fds a child gets.
struct CommandTests {
    @Test func capturesStandardOutputAndErrorApart() async throws {
        let output = try await Command.run(.shell("echo out; echo err >&2; exit 3", environment: [:], workingDirectory: "/"))
        #expect(output.text == "out\n")
        #expect(output.errorText == "err")
        #expect(output.status == .exited(3))
        #expect(output.status.code == 3)
    }

    /// Megabytes on both pipes at once: reading one while the other fills must not block.
    /// Standard output reaches the caller as it is written, not only at the end: the script
    /// prints its second line only once the caller has seen the first.
    @Test func handsStandardOutputOverAsItArrives() async throws {
        let flag = FileManager.default.temporaryDirectory.appendingPathComponent("seen-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: flag) }
        let script = "echo first; i=0; while [ ! -e \"$FLAG\" ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done; echo second"
        let launch = ProcessLaunch.shell(script, environment: ["FLAG": flag, "PATH": "/usr/bin:/bin"], workingDirectory: "/")
        // The blocking overload, on a thread of its own (never on the cooperative pool).
        let chunks = await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
            let thread = Thread {
                var seen: [String] = []
                _ = try? Command.run(launch, started: { _ in }, standardOutput: { chunk in
                    seen.append(String(decoding: chunk, as: UTF8.self))
                    FileManager.default.createFile(atPath: flag, contents: nil)
                })
                continuation.resume(returning: seen)
            }
            thread.start()
        }
        #expect(chunks.first == "first\n", "\(chunks)")
        #expect(chunks.joined() == "first\nsecond\n")
    }

    @Test func largeOutputOnBothPipesDoesNotBlock() async throws {
        let script = "head -c 3000000 /dev/zero; head -c 2000000 /dev/zero >&2; head -c 1000000 /dev/zero"
        let output = try await Command.run(.shell(script, environment: [:], workingDirectory: "/"))
        #expect(output.standardOutput.count == 4_000_000)
        #expect(output.standardError.count == 2_000_000)
        #expect(output.status.isSuccess)
    }

    @Test func runsInTheGivenDirectoryWithTheGivenEnvironment() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await Command.run(.command("sh", ["-c", "pwd; echo $GREETING"], in: folder.path, environment: ["GREETING": "hello"]))
        #expect(output.text == "\(folder.resolvingSymlinksInPath().path)\nhello\n")
    }

    @Test func reportsASignalAndAMissingProgram() async throws {
        #expect(try await Command.run(.shell("kill -9 $$", environment: [:], workingDirectory: "/")).status == .signaled(9))
        let missing = try await Command.run(.command("/nonexistent/tool", []))
        #expect(missing.status == .exited(127))
        #expect(missing.errorText.contains("/nonexistent/tool"))
    }

    /// The child sees stdin, stdout and stderr and nothing else of ours: our pipes are closed on
    /// exec, so a child cannot hold another child's output open.
    @Test func aChildInheritsNoPipeOfOurs() async throws {
        let listing = "ls /proc/self/fd | sort -n | tr '\\n' ' '"
        async let first = Command.run(.shell("sleep 0.3; " + listing, environment: [:], workingDirectory: "/"))
        async let second = Command.run(.shell(listing, environment: [:], workingDirectory: "/"))
        for output in try await [first, second] {
            let descriptors = output.text.split(separator: " ").compactMap { Int($0) }
            // 0-2, plus the one `ls` opened to list the folder.
            #expect(descriptors.filter { $0 > 2 }.count <= 1, "\(descriptors)")
        }
    }

    /// A process holding thousands of descriptors starts children as usual (Foundation's
    /// `Process.run()` reads past its `/proc/self/fd` listing in that state).
    @Test func manyOpenDescriptorsAreNoProblem() throws {
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        for _ in 0..<3_000 {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            if descriptor < 0 { break }
            opened.append(descriptor)
        }
        try #require(opened.count > 1_500, "could open only \(opened.count) descriptors")
        for _ in 0..<50 {
            #expect(try Command.run(.shell("true", environment: [:], workingDirectory: "/")).status.isSuccess)
        }
    }
}
