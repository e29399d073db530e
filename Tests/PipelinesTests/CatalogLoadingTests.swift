import Foundation
import Testing
import Pipelines
import TestSupport
import YAMLReading

/// Loading a folder: good files load even when others are broken, names are unique, and a
/// reload keeps serving a file's last good version while it is broken.
@Suite struct CatalogLoadingTests {
    static let good = "name: good\nsteps:\n  - key: a\n    command: make\n"
    static let other = "name: other\nsteps:\n  - key: a\n    command: make\n"
    static let broken = "name: broken\nsteps:\n  - key: a\n    comand: make\n"

    // MARK: Folder loading

    @Test func brokenFileDoesNotStopTheOthers() throws {
        let directory = try TemporaryDirectory.create("pipelines-tests").path
        defer { FileManagerPath.remove(directory) }
        try FileManagerPath.write(Self.good, to: "a-good.yml", in: directory)
        let brokenPath = try FileManagerPath.write(Self.broken, to: "b-broken.yml", in: directory)
        try FileManagerPath.write(Self.other, to: "c-other.yaml", in: directory)
        try FileManagerPath.write("not: a pipeline", to: "notes.txt", in: directory)
        try FileManagerPath.write("garbage: [", to: ".hidden.yml", in: directory)

        let (catalog, diagnostics) = PipelineCatalog.load(directory: directory)
        #expect(catalog.pipelines.map(\.name) == ["good", "other"])
        #expect(diagnostics.map(\.description) == [
            "\(brokenPath):3:5: step 'a' needs 'command' or 'commands'",
            "\(brokenPath):4:5: unknown key 'comand' in step 1; did you mean 'command'?",
        ])
        #expect(catalog.pipeline(named: "good")?.file == directory + "/a-good.yml")
        #expect(catalog.pipeline(named: "broken") == nil)
    }

    @Test func duplicateNamesAcrossFilesAreAnError() throws {
        let directory = try TemporaryDirectory.create("pipelines-tests").path
        defer { FileManagerPath.remove(directory) }
        let first = try FileManagerPath.write(Self.good, to: "1.yml", in: directory)
        let second = try FileManagerPath.write("# same name\n" + Self.good, to: "2.yml", in: directory)

        let (catalog, diagnostics) = PipelineCatalog.load(directory: directory)
        #expect(catalog.pipelines.map(\.file) == [first])
        #expect(diagnostics.map(\.description) == [
            "\(second):2:7: pipeline name 'good' is already used by \(first); names must be unique",
        ])
    }

    @Test func missingFolderIsReported() {
        let (catalog, diagnostics) = PipelineCatalog.load(directory: "/nonexistent/pipelines")
        #expect(catalog.pipelines.isEmpty)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.file == "/nonexistent/pipelines")
    }

    // MARK: Reloading

    @Test func reloadKeepsLastGoodVersionOfABrokenFile() throws {
        let directory = try TemporaryDirectory.create("pipelines-tests").path
        defer { FileManagerPath.remove(directory) }
        try FileManagerPath.write(Self.good, to: "good.yml", in: directory)
        try FileManagerPath.write(Self.other, to: "other.yml", in: directory)
        let library = PipelineLibrary(directory: directory)
        #expect(library.reload().isEmpty)
        #expect(library.catalog.pipelines.map(\.name) == ["good", "other"])

        // `other.yml` breaks: its last good version keeps serving, the problem is reported.
        try FileManagerPath.write("name: other\nsteps: []\n", to: "other.yml", in: directory)
        let problems = library.reload()
        #expect(problems.map(\.line) == [2])
        #expect(library.catalog.pipelines.map(\.name) == ["good", "other"])

        // Deleting a file drops its pipelines; fixing one replaces the kept version.
        FileManagerPath.remove(directory + "/good.yml")
        try FileManagerPath.write("name: other\npriority: 2\nsteps: [{key: a, command: x}]\n", to: "other.yml", in: directory)
        #expect(library.reload().isEmpty)
        #expect(library.catalog.pipelines.map(\.name) == ["other"])
        #expect(library.catalog.pipeline(named: "other")?.priority == 2)
    }

    @Test func inMemorySourcesFollowTheSameRules() {
        let (catalog, diagnostics) = PipelineCatalog.load(sources: [
            (file: "x.yml", yaml: Self.good),
            (file: "y.yml", yaml: "name: [oops]"),
        ])
        #expect(catalog.pipelines.map(\.name) == ["good"])
        #expect(diagnostics.map(\.description).first == "y.yml:1:1: missing required key 'steps': a pipeline needs at least one step")
        #expect(diagnostics.count == 2)
    }
}
