import Foundation
import Impact
import Testing
import TestSupport

/// Reading changes: plain lists, name-status lines, `-z` output, and a real git repository
/// with a rename, a deletion and paths with spaces.
@Suite struct ChangeSetTests {
    @Test func listsAreNormalizedDeduplicatedAndSorted() {
        let changes = ChangeSet.parse(list: "./b/x.swift\r\na//c.swift\n\n  \nb/x.swift\nSources/My Target/A B.swift\n")
        #expect(changes.paths == ["Sources/My Target/A B.swift", "a/c.swift", "b/x.swift"])
    }

    @Test func nameStatusLinesArePairsOfPaths() {
        let changes = ChangeSet.parse(list: "M\tSources/A/a.swift\nR087\tSources/A/old.swift\tSources/B/new.swift\nD\tdocs/x.md\n")
        #expect(changes.paths == ["Sources/A/a.swift", "Sources/A/old.swift", "Sources/B/new.swift", "docs/x.md"])
    }

    @Test func nulSeparatedOutputKeepsOddNames() throws {
        let raw = "M\0with space.swift\0R100\0old\tname.swift\0new\nname.swift\0C75\0src.swift\0copy.swift\0"
        let changes = try ChangeSet.parse(nameStatusZ: Data(raw.utf8))
        #expect(changes.paths == ["copy.swift", "new\nname.swift", "old\tname.swift", "with space.swift"])
    }

    @Test func truncatedNulOutputIsAnError() {
        #expect(throws: ImpactError.self) { try ChangeSet.parse(nameStatusZ: Data("R100\0only-old\0".utf8)) }
        #expect(throws: ImpactError.self) { try ChangeSet.parse(nameStatusZ: Data("??\0x\0".utf8)) }
    }

    // MARK: Real git

    @Test(.enabled(if: onPath("git"), "needs git on PATH"))
    func renameAndDeletionBetweenRevisions() async throws {
        let repository = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: repository) }
        try await git(["init", "-q", "-b", "main"], in: repository)
        let body = (1...40).map { "let line\($0) = \($0)" }.joined(separator: "\n")
        try write(body, to: "app/Sources/Onboarding Feature/Welcome View.swift", in: repository)
        try write("// core", to: "app/Sources/Core/Core.swift", in: repository)
        try write("// old", to: "app/Sources/Networking/Legacy.swift", in: repository)
        try write("# readme", to: "README.md", in: repository)
        try await git(["add", "-A"], in: repository)
        try await git(["commit", "-q", "-m", "base"], in: repository)
        let base = try await git(["rev-parse", "HEAD"], in: repository)

        try await git(["mv", "app/Sources/Onboarding Feature/Welcome View.swift", "app/Sources/Core/Welcome View.swift"], in: repository)
        try await git(["rm", "-q", "app/Sources/Networking/Legacy.swift"], in: repository)
        try write("# changed", to: "README.md", in: repository)
        try await git(["commit", "-q", "-am", "head"], in: repository)

        // The project is a sub-folder of the repository: paths come back relative to it.
        let changes = try GitChangeReader().changes(in: repository + "/app", base: base, head: "HEAD")
        #expect(changes.paths == [
            "Sources/Core/Welcome View.swift",
            "Sources/Networking/Legacy.swift",
            "Sources/Onboarding Feature/Welcome View.swift",
        ])

        let graph = ModuleGraph(
            modules: [
                Module(name: "Core", paths: ["Sources/Core"]),
                Module(name: "Networking", paths: ["Sources/Networking"], dependencies: ["Core"]),
                Module(name: "OnboardingFeature", paths: ["Sources/Onboarding Feature"]),
                Module(name: "Search", paths: ["Sources/Search"]),
            ],
            testSuites: [
                TestSuite(name: "OnboardingUITests", module: "OnboardingFeature", kind: .ui),
                TestSuite(name: "NetworkingTests", module: "Networking", kind: .unit),
                TestSuite(name: "SearchUITests", module: "Search", kind: .ui),
            ]
        )
        let report = try ImpactAnalyzer(graph: graph).analyze(changes)
        // The rename's old path still selects the module it left.
        #expect(report.selectedNames == ["NetworkingTests", "OnboardingUITests"])
        #expect(report.reason(for: "OnboardingUITests") == "OnboardingUITests → OnboardingFeature ← Sources/Onboarding Feature/Welcome View.swift")
        #expect(report.skippedNames == ["SearchUITests"])
    }

    @Test(.enabled(if: onPath("git"), "needs git on PATH"))
    func unknownRevisionIsATypedError() async throws {
        let repository = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: repository) }
        try await git(["init", "-q"], in: repository)
        #expect(throws: ImpactError.self) { try GitChangeReader().changes(in: repository, base: "nope", head: "HEAD") }
        #expect(throws: ImpactError.self) { try GitChangeReader().changes(in: repository, base: "--output=x", head: "HEAD") }
    }
}
