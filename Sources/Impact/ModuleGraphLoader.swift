import Foundation

/// The kinds of project description impact analysis can read.
public enum ProjectKind: String, Sendable, Codable, CaseIterable {
    /// A Swift package, read through `swift package dump-package`.
    case swiftPackage
    /// A Gradle multi-project build.
    case gradle
    /// An XcodeGen `project.yml`.
    case xcodeGen
    /// A graph file: our JSON format or dump-package JSON.
    case graphFile

    /// The kind a user names: the raw value, or `spm`/`swiftpm`/`package`, `xcodegen`,
    /// `gradle`, any case. Nil for anything else, and for `graphFile` (use a graph file instead).
    public static func named(_ text: String) -> ProjectKind? {
        switch text.lowercased() {
        case "swiftpackage", "spm", "swiftpm", "package", "swift": .swiftPackage
        case "gradle": .gradle
        case "xcodegen": .xcodeGen
        default: nil
        }
    }
}

/// Whether reading a project may run the project's own code.
///
/// A `Package.swift` is a program: `swift package dump-package` compiles and runs it. That is
/// fine on a developer's machine or a build agent, which run the project's code anyway, and
/// never acceptable on the server, which reads checkouts of branches anyone with a read token
/// can name.
public enum ManifestPolicy: Sendable, Equatable {
    /// Package.swift is run through `swift package dump-package` (CLI, build agents).
    case runManifests
    /// Only files that can be parsed are read; a Swift package needs a graph instead.
    case parseOnly
}

/// One entry point for getting a ``ModuleGraph``: from a graph file (our JSON format or
/// dump-package JSON, told apart by shape), or from a project folder by what it contains.
public struct ModuleGraphLoader: Sendable {
    private let swiftPackages: SwiftPackageReader
    private let policy: ManifestPolicy
    /// Stops reading the project's files once set (the server's deadline or shutdown).
    private let cancellation: Cancellation?

    /// A loader; `searchPath` is the PATH used to find `swift` (the process's own when nil).
    /// `policy` says whether a Package.swift may be run; the default never runs one, so a
    /// caller has to choose to run project code. `cancellation` stops reading files once set.
    public init(searchPath: String? = nil, policy: ManifestPolicy = .parseOnly, cancellation: Cancellation? = nil) {
        self.swiftPackages = SwiftPackageReader(searchPath: searchPath)
        self.policy = policy
        self.cancellation = cancellation
    }

    // MARK: Graph files

    /// Reads a graph file. `projectDirectory`, when given, lets dump-package JSON probe target
    /// folders on disk.
    public func load(graphFile path: String, projectDirectory: String? = nil) throws(ImpactError) -> ModuleGraph {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        return try decode(data, source: path, projectDirectory: projectDirectory)
    }

    /// Decodes a graph document: ours when it has `modules`, dump-package JSON when it has
    /// `targets`; otherwise an error naming what was wrong with the closer match.
    public func decode(_ data: Data, source: String, projectDirectory: String? = nil) throws(ImpactError) -> ModuleGraph {
        let ownError: any Error
        do {
            return try JSONDecoder().decode(ModuleGraph.self, from: data)
        } catch {
            ownError = error
        }
        if Self.isMissingModules(ownError) {
            do {
                return try swiftPackages.graph(fromDumpPackage: data, projectDirectory: projectDirectory, source: source)
            } catch {
                throw .unrecognizedGraphDocument(path: source, reason: "no \"modules\" (our format) and not dump-package JSON either")
            }
        }
        throw .unrecognizedGraphDocument(path: source, reason: Self.describe(ownError))
    }

    // MARK: Project folders

    /// What the folder is: its app description (Gradle settings, then project.yml) when it has
    /// one, else a Package.swift.
    public func detectKind(projectDirectory: String) -> ProjectKind? {
        detectKinds(projectDirectory: projectDirectory).first
    }

    /// Every build description the folder holds, the app's first: a repository may keep a
    /// Package.swift for its tools next to the app's project.yml or Gradle build, and is then
    /// an app with tools, not a package.
    public func detectKinds(projectDirectory: String) -> [ProjectKind] {
        guard let files = try? ProjectFiles(project: projectDirectory) else { return [] }
        return detectKinds(files: files)
    }

    /// The build descriptions of the project `files` opens. A description that is a symlink
    /// leading outside still counts: reading it then says why it is refused.
    private func detectKinds(files: ProjectFiles) -> [ProjectKind] {
        let has = { (name: String) in files.entry(name) != .missing }
        var kinds: [ProjectKind] = []
        if has("settings.gradle.kts") || has("settings.gradle") { kinds.append(.gradle) }
        if has("project.yml") || has("project.yaml") { kinds.append(.xcodeGen) }
        if has("Package.swift") { kinds.append(.swiftPackage) }
        return kinds
    }

    /// Reads the project in `projectDirectory`: every build description it holds, merged into
    /// one graph, or only `kind` when given. `kind` in the answer is the first kind read.
    ///
    /// A Swift package is refused with ``ImpactError/graphRequired(directory:kind:)`` under
    /// `.parseOnly` when it is all there is (or was asked for); next to an app description it
    /// is read from its text (``RootSwiftPackageText``), widening where the text is unclear.
    ///
    /// Readers open nothing outside `boundary` (the project folder when nil): the server
    /// passes the checkout, the CLI the repository's work tree, an agent its workspace.
    ///
    /// Folders holding a build file that no module of the result owns become
    /// ``ModuleGraph/unknownModules``: a change under one runs every suite.
    public func load(projectDirectory: String, kind: ProjectKind? = nil, boundary: String? = nil) throws(ImpactError) -> (graph: ModuleGraph, kind: ProjectKind) {
        let files = try ProjectFiles(project: projectDirectory, boundary: boundary, cancellation: cancellation)
        let found = detectKinds(files: files)
        let kinds = kind.map { [$0] } ?? found
        guard let primary = kinds.first, kinds.allSatisfy(found.contains) else {
            throw .unknownProjectKind(directory: projectDirectory)
        }
        var graphs: [ModuleGraph] = []
        for kind in kinds {
            switch kind {
            case .swiftPackage where kinds.count > 1 && policy == .parseOnly:
                graphs.append(RootSwiftPackageText.graph(files: files))
            case .swiftPackage:
                guard policy == .runManifests else {
                    throw .graphRequired(directory: projectDirectory, kind: .swiftPackage)
                }
                guard swiftPackages.canDumpPackages else {
                    throw .toolNotFound("swift (needed to read Package.swift; or pass --graph with `swift package dump-package` output)")
                }
                graphs.append(try swiftPackages.graph(projectDirectory: projectDirectory))
            case .gradle:
                graphs.append(try GradleProjectReader().graph(files: files))
            case .xcodeGen:
                let spec = files.entry("project.yml") != .missing ? "project.yml" : "project.yaml"
                graphs.append(try XcodeGenReader().graph(files: files, specFile: spec))
            case .graphFile:
                throw .unknownProjectKind(directory: projectDirectory)
            }
        }
        // A folder with a build file none of the descriptions knows must not drop its changes.
        return (UnknownModuleScan.adding(to: ModuleGraphMerge.merge(graphs), files: files), primary)
    }

    // MARK: Errors

    private static func isMissingModules(_ error: any Error) -> Bool {
        if case let DecodingError.keyNotFound(key, context)? = error as? DecodingError {
            return key.stringValue == "modules" && context.codingPath.isEmpty
        }
        return false
    }

    /// `modules[3].name: key not found` rather than the decoder's debug dump.
    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        func at(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch decoding {
        case let .keyNotFound(key, context):
            return "\(at(context.codingPath + [key])): missing"
        case let .typeMismatch(_, context) where context.codingPath.isEmpty:
            return "the top level is not a JSON object: \(context.debugDescription)"
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return "\(at(context.codingPath)): \(context.debugDescription)"
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty ? "not valid JSON: \(context.debugDescription)" : "\(at(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
