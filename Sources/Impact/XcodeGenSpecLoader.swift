import Foundation
import YAMLBudget
import YAMLReading
import Yams

/// Loads an XcodeGen spec the way XcodeGen does: `include:` files first (each path relative to
/// the file that names it, recursively), the including file merged on top; paths inside an
/// included file made relative to the project root, since XcodeGen resolves them relative to
/// the included file by default. Every file is opened through ``ProjectFiles``: an include
/// that leads outside the repository is refused, and errors give a position, never the text.
struct XcodeGenSpecLoader {
    /// The project's files (the project root is the folder of the main spec).
    let files: ProjectFiles

    /// The most files one spec may load, its includes' includes counted each time they are
    /// named: far above real projects (a few dozen), and a bound on a branch whose files
    /// include each other thousands of times over (a cycle is refused, a fan-out is not).
    static let fileLimit = 256
    /// The most text those files may hold together.
    static let textLimit = 32 << 20

    /// The merged spec and every included file, project-relative.
    func load(_ specFile: String) throws(ImpactError) -> (spec: [String: Any], includes: [String]) {
        var includes: [String] = []
        var visiting = Set<String>()
        var text = 0
        let spec = try load(relative: specFile, namedIn: nil, includes: &includes, visiting: &visiting, text: &text)
        return (spec, includes)
    }

    // MARK: Loading

    private func load(
        relative file: String, namedIn includer: String?, includes: inout [String], visiting: inout Set<String>, text read: inout Int
    ) throws(ImpactError) -> [String: Any] {
        let shown = files.shown(file)
        guard visiting.insert(file).inserted else {
            throw .invalidBuildFile(path: shown, reason: "include cycle")
        }
        defer { visiting.remove(file) }
        guard includes.count < Self.fileLimit else {
            throw .invalidBuildFile(path: shown, reason: "the spec loads more than \(Self.fileLimit) files with its includes")
        }
        let text = try files.read(file, namedIn: includer.map(files.shown))
        read += text.utf8.count
        guard read <= Self.textLimit else {
            throw .invalidBuildFile(path: shown, reason: "the spec and its includes hold more than \(Self.textLimit >> 20) MiB")
        }
        // The server reads project.yml from checkouts anyone with a read token names.
        if let violation = YAMLBudget.standard.check(text) {
            throw .invalidBuildFile(path: shown, reason: "line \(violation.line), column \(violation.column): \(violation.message)")
        }
        let document: Any?
        do {
            document = try Yams.load(yaml: text)
        } catch {
            // Yams' own description quotes the offending line: a position only.
            let diagnostic = YAMLDocument.syntaxDiagnostic(error, file: shown)
            throw .invalidBuildFile(path: shown, reason: "line \(diagnostic.line), column \(diagnostic.column): \(diagnostic.message)")
        }
        guard var spec = document as? [String: Any] else {
            if document == nil { return [:] }
            throw .invalidBuildFile(path: shown, reason: "the top level is not a mapping")
        }
        let folder = ProjectPath.parent(file)
        if !folder.isEmpty {
            spec = rebasingPaths(spec, onto: folder)
        }
        var merged: [String: Any] = [:]
        for entry in includeEntries(spec["include"]) {
            let included = ProjectPath.join(folder, entry)
            includes.append(included)
            merged = Self.merge(
                try load(relative: included, namedIn: file, includes: &includes, visiting: &visiting, text: &read), onto: merged)
        }
        spec.removeValue(forKey: "include")
        return Self.merge(spec, onto: merged)
    }

    /// `include: [a.yml, {path: b.yml}]` or a single string.
    private func includeEntries(_ value: Any?) -> [String] {
        let items: [Any] = (value as? [Any]) ?? (value.map { [$0] } ?? [])
        return items.compactMap { item in
            if let path = item as? String { return path }
            if let mapping = item as? [String: Any] { return mapping["path"] as? String }
            return nil
        }
    }

    /// Target sources and local package paths of an included file, made root-relative.
    private func rebasingPaths(_ spec: [String: Any], onto folder: String) -> [String: Any] {
        var spec = spec
        if var targets = spec["targets"] as? [String: Any] {
            for (name, value) in targets {
                guard var target = value as? [String: Any], let sources = target["sources"] else { continue }
                target["sources"] = XcodeGenReader.sourcePaths(sources).map { ProjectPath.join(folder, $0) }
                targets[name] = target
            }
            spec["targets"] = targets
        }
        if var packages = spec["packages"] as? [String: Any] {
            for (name, value) in packages {
                guard var package = value as? [String: Any], let path = package["path"] as? String else { continue }
                package["path"] = ProjectPath.join(folder, path)
                packages[name] = package
            }
            spec["packages"] = packages
        }
        return spec
    }

    /// XcodeGen's merge: mappings merge key by key, recursively; anything else is replaced.
    static func merge(_ top: [String: Any], onto base: [String: Any]) -> [String: Any] {
        var result = base
        for (key, value) in top {
            if let nested = value as? [String: Any], let existing = result[key] as? [String: Any] {
                result[key] = merge(nested, onto: existing)
            } else {
                result[key] = value
            }
        }
        return result
    }
}
