import ChildProcesses
import Foundation
import Testing

// MARK: - Refusals

/// What `@MemberwiseInit` refuses, as the compiler reports it: `swiftc` compiles a file against
/// the built `MemberwiseInit` module with the built plugin, as SwiftPM's own builds do.
///
/// The compiler is run rather than the macro called in process: a test target that depends on
/// the macro's target makes SwiftPM build the whole test product a second time for the host.
@Suite("MemberwiseInit refusals, through the compiler")
struct MemberwiseInitRefusalTests {
    @Test("a stored property without a written type is an error where it stands")
    func untypedProperty() async throws {
        let errors = try await Self.errors(compiling: """
            @MemberwiseInit(.public)
            public struct Guess {
                public var count = 0
            }
            """)
        #expect(errors == ["Refused.swift:5:16: error: 'count' needs a written type to be a parameter (from macro 'MemberwiseInit')"])
    }

    @Test("an enum is an error at the attribute; a typed package struct compiles")
    func enumAndTyped() async throws {
        let errors = try await Self.errors(compiling: """
            @MemberwiseInit
            enum Kind { case a }

            @MemberwiseInit(.package)
            struct Typed {
                var count: Int = 0
            }
            """)
        #expect(errors == ["Refused.swift:3:1: error: @MemberwiseInit applies to a structure, class or actor (from macro 'MemberwiseInit')"])
        #expect(try await Self.errors(compiling: "@MemberwiseInit(.package)\nstruct Typed {\n    var count: Int = 0\n}").isEmpty)
    }

    /// The error lines `swiftc` prints for `declarations` (after `import MemberwiseInit` and a
    /// blank line), paths relative to the file's folder. The file is compiled, not only
    /// type-checked: the compiler expands a member macro when it needs the type's members.
    private static func errors(compiling declarations: String) async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memberwise-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Refused.swift")
        try ("import MemberwiseInit\n\n" + declarations + "\n").write(to: file, atomically: true, encoding: .utf8)
        var binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while binaries.path.contains(".xctest") { binaries.deleteLastPathComponent() }
        let output = try await Command.run(.command("swiftc", [
            "-c", file.path, "-o", folder.appendingPathComponent("Refused.o").path, "-parse-as-library",
            "-package-name", "memberwise_refusals", "-I", binaries.appendingPathComponent("Modules").path,
            "-load-plugin-executable", binaries.appendingPathComponent("MemberwiseInitMacros-tool").path + "#MemberwiseInitMacros",
        ]))
        let errors = output.errorText.split(separator: "\n").filter { $0.contains(": error: ") && !$0.contains("`-") }
        #expect(output.status.isSuccess == errors.isEmpty, "\(output.errorText)")
        return errors.map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
    }
}
