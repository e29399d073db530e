import ArgumentParser
import Foundation
import Impact

/// `mobile-ops impact`: which test suites a change can break, and why. Works offline: reads the
/// project's own build description (or a graph file) and the change, and needs no server.
struct ImpactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "impact",
        abstract: "Select the test suites a change can break, with the chain that selects each.",
        discussion: """
            The module graph comes from --graph (our JSON format or `swift package dump-package` \
            output), else from the project folder: every build description it holds, merged \
            (Package.swift, which needs swift on PATH; settings.gradle(.kts); project.yml), or \
            only the one --kind names.
            The change is --changed-files FILE (one path per line, relative to --project; - reads \
            stdin) or --base REV --head REV, also written --base REV...REV: what head changed since \
            it left base (git diff from their merge base, as a pull request and the server count it).
            Exit status 0 whatever is selected; 1 when the graph or the change cannot be read.

            Examples:
              mobile-ops impact --project . --base origin/main --head HEAD
              git diff --name-only origin/main... | mobile-ops impact --project . --changed-files -
              mobile-ops impact --project android --changed-files changes.txt --kind gradle
            """
    )

    @Option(help: "The project folder (paths in the change are relative to it).")
    var project: String

    @Option(name: .customLong("changed-files"), help: "File listing changed paths, one per line; - for stdin.")
    var changedFiles: String?

    @Option(help: "Base revision (with --head), or BASE...HEAD: changes since head left base (their merge base).")
    var base: String?

    @Option(help: "Head revision (with --base).")
    var head: String?

    @Option(help: "Module graph file: mobile-ops JSON graph or dump-package JSON.")
    var graph: String?

    @Option(help: "Read only this build description when the project has several: gradle, xcodegen or spm (default: all, merged).")
    var kind: String?

    @Option(name: .customLong("run-all"), help: "Extra run-all trigger pattern, e.g. 'ci/**' (repeatable).")
    var runAllPatterns: [String] = []

    @Flag(help: "Print the report as JSON.")
    var json = false

    // MARK: Validation

    func validate() throws {
        try OfflineProject.validate(project: project)
        if let base, base.contains("...") {
            guard head == nil else { throw ValidationError("--base \(base) already names the head; leave out --head") }
            guard revisions != nil else { throw ValidationError("--base \(base): write BASE...HEAD with both revisions") }
        }
        switch (changedFiles, base, head ?? revisions?.head) {
        case (nil, nil, nil):
            throw ValidationError("say what changed: --changed-files FILE (- for stdin), or --base REV --head REV")
        case (.some, .some, _), (.some, _, .some):
            throw ValidationError("use either --changed-files or --base/--head, not both")
        case (nil, .some, nil), (nil, nil, .some):
            throw ValidationError("--base and --head go together")
        default:
            break
        }
        if let changedFiles, changedFiles != "-", !FileManager.default.fileExists(atPath: changedFiles) {
            throw ValidationError("--changed-files \(changedFiles) does not exist (use - to read stdin)")
        }
        try OfflineProject.validate(kind: kind)
        if let graph, !FileManager.default.fileExists(atPath: graph) {
            throw ValidationError("--graph \(graph) does not exist")
        }
    }

    // MARK: Running

    func run() throws {
        do {
            let moduleGraph = try OfflineProject.moduleGraph(project: project, graph: graph, kind: kind)
            let analyzer = try ImpactAnalyzer(graph: moduleGraph, triggers: .default.adding(runAllPatterns))
            let report = analyzer.analyze(try readChanges())
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
            } else {
                printHuman(report)
            }
        } catch let error as ImpactError {
            throw OfflineProject.failure(error.description, exitStatus: 1)
        }
    }

    /// `--base A...B` split into its two revisions, when written so.
    private var revisions: (base: String, head: String)? {
        guard let base, let range = base.range(of: "...") else { return nil }
        let (from, to) = (String(base[..<range.lowerBound]), String(base[range.upperBound...]))
        return from.isEmpty || to.isEmpty ? nil : (from, to)
    }

    private func readChanges() throws -> ChangeSet {
        if let (base, head) = revisions {
            return try GitChangeReader().changes(in: project, base: base, head: head)
        }
        if let base, let head {
            return try GitChangeReader().changes(in: project, base: base, head: head)
        }
        let text: String
        if changedFiles == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            let file = changedFiles ?? ""
            do {
                text = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw ImpactError.unreadableFile(path: file, reason: error.localizedDescription)
            }
        }
        let absoluteProject = URL(fileURLWithPath: project).standardizedFileURL.path
        return ChangeSet.parse(list: text).relative(to: absoluteProject)
    }

    // MARK: Human output

    private func printHuman(_ report: ImpactReport) {
        print("Selected \(report.selected.count) of \(report.selected.count + report.skipped.count) suites" +
              (report.runAll.value ? " (run all)" : ""))
        Output.table(["SUITE", "KIND", "REASON"], report.selected.map { [$0.name, $0.kind.rawValue, $0.reason] })
        if !report.skipped.isEmpty {
            print("")
            print("Skipped")
            Output.table(["SUITE", "KIND", "REASON"], report.skipped.map { [$0.name, $0.kind.rawValue, $0.reason] })
        }
        if report.runAll.value {
            print("")
            print("Run all, forced by:")
            report.runAll.reasons.forEach { print("  \($0)") }
        }
        if !report.unownedFiles.isEmpty {
            print("")
            print("Outside every module (select nothing):")
            report.unownedFiles.forEach { print("  \($0)") }
        }
        if !report.sharedFiles.isEmpty {
            print("")
            print("In more than one module:")
            report.sharedFiles.forEach { print("  \($0.file): \($0.owners.joined(separator: ", "))") }
        }
        report.warnings.forEach { FileHandle.standardError.write(Data("warning: \($0)\n".utf8)) }
    }
}
