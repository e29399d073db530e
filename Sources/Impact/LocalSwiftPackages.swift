import Foundation

/// The local Swift packages of an XcodeGen project (`packages: {Name: {path: …}}`) as modules
/// and suites, read from each `Package.swift`'s text (``SwiftPackageManifestText``), never run.
///
/// Package `P` is a module `P` owning the package folder (its manifest and whatever no target
/// claims); each target `T` is a module `P:T` depending on `P`, so a manifest change reaches
/// every target; each test target is a suite `P:T`. An app target's `- package: P` depends on
/// `P` and every library target of it. Whatever the text does not say plainly widens: a target
/// with unreadable dependencies depends on every target of its package, and a manifest whose
/// target list is computed stays one module for the whole folder.
struct LocalSwiftPackages: Sendable {
    /// Modules: each package, then its targets.
    private(set) var modules: [Module] = []
    /// The packages' test targets.
    private(set) var suites: [TestSuite] = []
    /// Package name → the module names an app target depending on it depends on.
    private(set) var products: [String: [String]] = [:]
    /// What was widened, and why.
    private(set) var warnings: [String] = []

    /// Reads every package; `packages` maps the spec's name to the project-relative folder.
    /// A manifest that is missing, unreadable or leads outside the repository leaves its
    /// package one module (with a warning unless it is simply missing).
    init(packages: [String: String], files: ProjectFiles) {
        var manifests: [String: SwiftPackageManifestText] = [:]
        for (name, folder) in packages.sorted(by: { $0.key < $1.key }) {
            let manifestPath = ProjectPath.join(folder, "Package.swift")
            var problems: [String] = []
            guard let text = files.readIfPresent(manifestPath, warnings: &problems) else {
                warnings += problems.map { "package \(name): \($0); its targets are unknown" }
                products[name] = [name]
                modules.append(Module(name: name, paths: [folder]))
                continue
            }
            let manifest = SwiftPackageManifestText.parse(text) { files.isFolder(ProjectPath.join(folder, $0)) }
            for note in manifest.notes {
                warnings.append("\(ProjectPath.join(folder, "Package.swift")): \(note); widened")
            }
            manifests[name] = manifest
        }
        // Package identities are folder names, lower-cased; `.product(package:)` uses them.
        var byIdentity: [String: String] = [:]
        for (name, folder) in packages {
            byIdentity[name.lowercased()] = name
            byIdentity[(folder.split(separator: "/").last.map(String.init) ?? folder).lowercased()] = name
        }
        for (name, manifest) in manifests.sorted(by: { $0.key < $1.key }) {
            let libraries = manifest.isComplete ? manifest.targets.filter { !$0.isTest }.map { "\(name):\($0.name)" } : []
            products[name] = [name] + libraries
        }
        for (name, manifest) in manifests.sorted(by: { $0.key < $1.key }) {
            add(name, folder: packages[name] ?? name, manifest: manifest, byIdentity: byIdentity)
        }
    }

    private mutating func add(_ package: String, folder: String, manifest: SwiftPackageManifestText, byIdentity: [String: String]) {
        modules.append(Module(name: package, paths: [folder]))
        // A computed target list: the whole folder stays one module, its tests unknown.
        guard manifest.isComplete else { return }
        let declared = Set(manifest.targets.map(\.name))
        let libraries = manifest.targets.filter { !$0.isTest }.map { "\(package):\($0.name)" }
        for target in manifest.targets {
            let qualified = "\(package):\(target.name)"
            var dependencies = target.targets.filter(declared.contains).map { "\(package):\($0)" }
            for other in target.packages {
                if let local = byIdentity[other.lowercased()], local != package { dependencies += products[local] ?? [] }
            }
            if !target.dependenciesCertain {
                warnings.append("\(ProjectPath.join(folder, "Package.swift")): target \(target.name) has dependencies this reader cannot follow; it is treated as depending on every target of \(package)")
                dependencies += libraries.filter { $0 != qualified }
            }
            let paths = target.paths.map { ProjectPath.join(folder, $0) }
            if target.isTest {
                let tested = testedTarget(target, package: package, declared: declared)
                suites.append(TestSuite(
                    name: qualified, module: tested, kind: TestKind.guessed(fromTargetName: target.name),
                    paths: paths, dependencies: ([package] + dependencies).filter { $0 != tested }
                ))
            } else {
                modules.append(Module(name: qualified, paths: paths, dependencies: [package] + dependencies))
            }
        }
    }

    /// `FooTests` tests `P:Foo` when it depends on it, else its first target dependency, else
    /// the package as a whole.
    private func testedTarget(_ target: SwiftPackageManifestText.Target, package: String, declared: Set<String>) -> String {
        let own = target.targets.filter(declared.contains)
        for suffix in ["UITests", "SnapshotTests", "IntegrationTests", "Tests"] where target.name.hasSuffix(suffix) {
            let stem = String(target.name.dropLast(suffix.count))
            if own.contains(stem) { return "\(package):\(stem)" }
        }
        return own.first.map { "\(package):\($0)" } ?? package
    }
}
