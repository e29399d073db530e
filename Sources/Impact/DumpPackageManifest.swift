import Foundation

/// The parts of `swift package dump-package` JSON impact analysis reads. Everything else in
/// the (large, version-dependent) document is ignored, so newer toolchains keep working.
struct DumpPackageManifest: Decodable {
    var name: String
    var roots: [String]
    var targets: [Target]
    var dependencies: [PackageDependency]

    private enum CodingKeys: String, CodingKey {
        case name, packageKind, targets, dependencies
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        targets = try container.decode([Target].self, forKey: .targets)
        dependencies = try container.decodeIfPresent([PackageDependency].self, forKey: .dependencies) ?? []
        // `"packageKind": {"root": ["/abs/path"]}`; other kinds have other shapes and no root.
        let kind = try? container.decodeIfPresent([String: [String]].self, forKey: .packageKind)
        roots = kind?["root"] ?? []
    }

    // MARK: Targets

    /// A target: `type` is regular, executable, test, system, binary, plugin or macro.
    struct Target: Decodable {
        var name: String
        var type: String
        var path: String?
        var sources: [String]?
        var dependencies: [TargetDependency]

        private enum CodingKeys: String, CodingKey {
            case name, type, path, sources, dependencies
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            type = try container.decodeIfPresent(String.self, forKey: .type) ?? "regular"
            path = try container.decodeIfPresent(String.self, forKey: .path)
            sources = try container.decodeIfPresent([String].self, forKey: .sources)
            dependencies = try container.decodeIfPresent([TargetDependency].self, forKey: .dependencies) ?? []
        }
    }

    /// `{"byName": [name, condition]}`, `{"target": [name, condition]}` or
    /// `{"product": [name, package, moduleAliases, condition]}`.
    enum TargetDependency: Decodable {
        case byName(String)
        case target(String)
        case product(name: String, package: String?)
        case other

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            guard let key = container.allKeys.first else { self = .other; return }
            var values = try container.nestedUnkeyedContainer(forKey: key)
            let name = try values.decode(String.self)
            switch key.stringValue {
            case "byName": self = .byName(name)
            case "target": self = .target(name)
            case "product": self = .product(name: name, package: try? values.decodeIfPresent(String.self))
            default: self = .other
            }
        }
    }

    // MARK: Package dependencies

    /// A package dependency; only local (`fileSystem`) ones can be modules of this project.
    struct PackageDependency: Decodable {
        var localPath: String?
        var identity: String?

        private enum CodingKeys: String, CodingKey { case fileSystem }
        private struct Local: Decodable { var identity: String?; var path: String }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let local = try? container.decodeIfPresent([Local].self, forKey: .fileSystem)
            localPath = local?.first?.path
            identity = local?.first?.identity
        }
    }
}
