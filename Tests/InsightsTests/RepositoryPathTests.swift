import Core
import Foundation
@testable import Insights
import Testing

/// A path a caller names inside a repository is checked by spelling, then by where it leads
/// after checkout: nothing outside the checkout is ever read.
@Suite("Repository paths named by a caller")
struct RepositoryPathTests {
    @Test("plain relative paths come back in normal form", arguments: [
        ("./App//Sources/", "App/Sources"), (".", "."), ("", "."), ("a/./b", "a/b"),
    ])
    func normalForm(path: String, expected: String) throws {
        #expect(try RepositoryPath.validate(path, field: "project") == expected)
    }

    @Test("absolute paths, '..', NUL bytes and backslashes are refused as the field's bad input", arguments: [
        "/etc", "../other", "a/../../b", "a\0b", "a\\b",
    ])
    func refusedSpellings(path: String) {
        do {
            _ = try RepositoryPath.validate(path, field: "project")
            Issue.record("'\(path)' was accepted")
        } catch {
            #expect(error.kind == .invalidInput)
            #expect(error.code == "invalid_project")
        }
    }

    @Test("a committed symlink that leads outside the checkout is refused; one inside is followed")
    func symlinks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("insights-paths-\(UUID().uuidString)")
        let checkout = root.appendingPathComponent("checkout")
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: checkout.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: checkout.appendingPathComponent("escape").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: checkout.appendingPathComponent("alias").path, withDestinationPath: "App")

        #expect(throws: ServiceError.self) {
            try RepositoryPath.resolve("escape", in: checkout.path, field: "project", kind: .folder)
        }
        let resolved = try RepositoryPath.resolve("alias", in: checkout.path, field: "project", kind: .folder)
        #expect(resolved.hasSuffix("/checkout/App"))
        // A folder where a file is wanted, and a path that does not exist, are the caller's fault too.
        #expect(throws: ServiceError.self) { try RepositoryPath.resolve("App", in: checkout.path, field: "graph", kind: .file) }
        #expect(throws: ServiceError.self) { try RepositoryPath.resolve("missing", in: checkout.path, field: "project", kind: .folder) }
    }
}
