import ChildProcesses
import Foundation
import Testing

/// The libraries the server binary needs at run time: only those its container image ships
/// (deploy/Dockerfile installs libcurl and SQLite besides the C library).
@Suite("The server's shared libraries")
struct ServerLinkageTests {
    @Test("the server does not load FoundationXML or libxml2 (reports are read by the project's own XML scanner)")
    func noLibXML2() async throws {
        let binary = ServerProcess.binaries.appendingPathComponent("mobile-ops-server").path
        let output = try await Command.run(.command("ldd", [binary]))
        #expect(output.status == .exited(0), "\(output.errorText)")
        #expect(!output.text.contains("libxml2"), "\(output.text)")
        #expect(!output.text.contains("FoundationXML"), "\(output.text)")
    }
}
