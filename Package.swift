// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

/// One settings list shared by every target: Swift 6 language mode plus the upcoming
/// features the Hummingbird project itself builds with.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// What a test target needs to run its own Hummingbird server on loopback (fake git hosts,
/// fake agent-protocol servers, a live MobileOps server).
let loopbackServerDependencies: [Target.Dependency] = [
    .product(name: "Hummingbird", package: "hummingbird"),
    .product(name: "Logging", package: "swift-log"),
    .product(name: "NIOCore", package: "swift-nio"),
    .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
]

/// The `@MemberwiseInit` macro's implementation: a compiler plugin built on SwiftSyntax.
let memberwiseInitMacros: Target = .macro(
    name: "MemberwiseInitMacros",
    dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
    ],
    swiftSettings: swiftSettings
)

/// The macro's initializers as the compiler builds them, and its refusals as the compiler
/// reports them. No test target depends on the macro's own target: SwiftPM would then build the
/// whole test product, and every library under it, a second time for the host.
let memberwiseInitTests: Target = .testTarget(
    name: "MemberwiseInitTests",
    dependencies: ["MemberwiseInit", "ChildProcesses"],
    swiftSettings: swiftSettings
)

let package = Package(
    name: "mobile-ops",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mobile-ops-server", targets: ["mobile-ops-server"]),
        .executable(name: "mobile-ops", targets: ["mobile-ops"]),
        .executable(name: "mobile-ops-agent", targets: ["mobile-ops-agent"]),
        .library(name: "DI", targets: ["DI"]),
        .library(name: "HTTPClient", targets: ["HTTPClient"]),
        // For the benchmark package, which measures these modules directly.
        .library(name: "Core", targets: ["Core"]),
        .library(name: "Store", targets: ["Store"]),
        .library(name: "StoreSQLite", targets: ["StoreSQLite"]),
        .library(name: "StorePostgres", targets: ["StorePostgres"]),
        .library(name: "StoreCopy", targets: ["StoreCopy"]),
        .library(name: "Agent", targets: ["Agent"]),
        .library(name: "BuildMetrics", targets: ["BuildMetrics"]),
        .library(name: "Impact", targets: ["Impact"]),
        .library(name: "Checks", targets: ["Checks"]),
        .library(name: "ChildProcesses", targets: ["ChildProcesses"]),
        .library(name: "Findings", targets: ["Findings"]),
        .library(name: "Devices", targets: ["Devices"]),
        .library(name: "BuildCache", targets: ["BuildCache"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Named so tests can import what Hummingbird already brings in, and so the server can
        // add a channel handler of its own (NIOCore, NIOHTTP1, NIOHTTPTypes) to Hummingbird's pipeline.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // The PostgreSQL store (a `postgres://` database URL): PostgresClient's pool, LISTEN.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // The `@MemberwiseInit` macro's implementation (run by the compiler, never linked).
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.1"),
    ],
    targets: [
        // MARK: Libraries
        .target(name: "DI", exclude: ["README.md"], swiftSettings: swiftSettings),
        // libcurl's headers. No `pkgConfig`: it would add `-lcurl` to every link, and the
        // library is loaded at run time instead (CCurlRuntime).
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // Loads libcurl on first use instead of linking it (see its header for why).
        .target(name: "CCurlRuntime", dependencies: ["CCurl"]),
        .target(name: "HTTPClient", dependencies: ["MemberwiseInit", "CCurlRuntime"], swiftSettings: swiftSettings),
        // One client per git host (GitHub, GitLab, Bitbucket Cloud): commit statuses, findings
        // reports, branch cuts and compares, each host's headers built in one place. The only
        // module that knows a git host's API; its requests go through HTTPClient.
        .target(name: "GitHosts", dependencies: ["MemberwiseInit", "Core", "HTTPClient"], swiftSettings: swiftSettings),
        // `@MemberwiseInit`: a type's memberwise initializer at the access level it names, for
        // the value types other modules build (the macro's implementation is the plugin below).
        .target(name: "MemberwiseInit", dependencies: ["MemberwiseInitMacros"], swiftSettings: swiftSettings),
        memberwiseInitMacros,
        .target(name: "Core", dependencies: ["MemberwiseInit"], swiftSettings: swiftSettings),
        // The store as a contract: the protocols the services consume, their values and the
        // rules every backend decides alike. No database library.
        .target(
            name: "Store",
            dependencies: ["MemberwiseInit", "Core", "BuildMetrics", "Devices", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        // The store on an SQLite file through GRDB (the embedded default).
        .target(
            name: "StoreSQLite",
            dependencies: [
                "MemberwiseInit", "Store", "Core", "BuildMetrics", "Devices",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The store on PostgreSQL through postgres-nio (several servers on one database).
        .target(
            name: "StorePostgres",
            dependencies: [
                "MemberwiseInit", "Store", "Core", "BuildMetrics", "Devices",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // `migrate-data`: an SQLite file's rows copied into an empty PostgreSQL database.
        .target(
            name: "StoreCopy",
            dependencies: [
                "Store", "StoreSQLite", "StorePostgres",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Where artifacts' bytes are kept: a folder (beside the database or a shared volume) or
        // an S3-compatible bucket (`MOBILE_OPS_ARTIFACTS`). No HTTP server: the server turns
        // its streams into response bodies and its errors into answers.
        .target(
            name: "Artifacts",
            dependencies: [
                "MemberwiseInit", "Core", "HTTPClient",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Webhooks",
            dependencies: ["MemberwiseInit", "Core", "JSONScanning", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        // Alias-expansion and depth limits checked before any YAML is composed. It imports
        // Yams' CYaml (libyaml's events), which Yams does not offer as a product, so it cannot
        // be listed here; YAMLBudget.swift says why Yams' public API cannot replace it.
        .target(name: "YAMLBudget", dependencies: ["MemberwiseInit", .product(name: "Yams", package: "Yams")], swiftSettings: swiftSettings),
        // Typed values out of YAML nodes, every problem at file:line:column, "did you mean" hints.
        .target(
            name: "YAMLReading",
            dependencies: ["MemberwiseInit", "YAMLBudget", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Pipelines",
            dependencies: ["MemberwiseInit", "Core", "YAMLReading", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        // The byte-level JSON reader under the webhook parser and the build-report fast decoder.
        .target(name: "JSONScanning", dependencies: ["MemberwiseInit"], swiftSettings: swiftSettings),
        // A small pull scanner for the XML reporters write, without FoundationXML (which would
        // load libxml2 into every binary that reads a report). No HTTP, no storage.
        .target(name: "XMLScanning", swiftSettings: swiftSettings),
        // Named BuildMetrics: swift-metrics (via Hummingbird) already has a `Metrics` module.
        .target(name: "BuildMetrics", dependencies: ["MemberwiseInit", "JSONScanning", "XMLScanning"], swiftSettings: swiftSettings),
        // Analysers' reports (SARIF, Checkstyle, Android Lint, SwiftLint JSON) read into
        // fingerprinted findings, and the new-only comparison. No HTTP, no storage.
        .target(
            name: "Findings",
            dependencies: ["MemberwiseInit", "Core", "JSONScanning", "XMLScanning", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        // Secret values sealed with AES-256-GCM for storage, and masked in job output. No I/O.
        .target(name: "Secrets", dependencies: ["MemberwiseInit", .product(name: "Crypto", package: "swift-crypto")], swiftSettings: swiftSettings),
        // The device pool's pure logic: what adb and simctl print read into device reports, and
        // the batch planner (expected times, probability copies, the work-stealing queue). No I/O.
        .target(name: "Devices", dependencies: ["MemberwiseInit", "Core"], swiftSettings: swiftSettings),
        // Child processes through posix_spawn (Foundation's Process crashes past ~1,360 open fds).
        .target(name: "ChildProcesses", dependencies: ["MemberwiseInit"], swiftSettings: swiftSettings),
        .target(
            name: "Impact",
            dependencies: ["MemberwiseInit", "ChildProcesses", "Core", "YAMLBudget", "YAMLReading", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        // Dependency rules (layers, forbidden edges, cycles, depth) evaluated on Impact's module graph.
        .target(name: "Checks", dependencies: ["MemberwiseInit", "Impact", "YAMLReading", .product(name: "Yams", package: "Yams")], swiftSettings: swiftSettings),
        // The release train's model: train definitions, cadence, the release state machine,
        // rollout and health rules, and the app stores' API clients. ReleaseDriver drives it.
        .target(
            name: "ReleaseTrain",
            dependencies: [
                "MemberwiseInit", "ChildProcesses",
                "Core",
                "HTTPClient",
                "YAMLReading",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Agent",
            dependencies: ["MemberwiseInit", "ChildProcesses", "Core", "Devices", "HTTPClient", "Impact", "Checks", "BuildMetrics", "Findings", "Secrets", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Notifications",
            dependencies: [
                "MemberwiseInit", "Core", "Store", "HTTPClient", "GitHosts",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // API tokens, agent registration tokens and agent identities.
        .target(
            name: "Access",
            dependencies: ["MemberwiseInit", "Core", "Store", .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        // The remote build cache's storage (Gradle, Bazel, ccache, XCRemoteCache entries in a
        // folder, streamed both ways through the NIO thread pool) and its counts, batched into
        // the store. No HTTP: the server's cache routes call it.
        .target(
            name: "BuildCache",
            dependencies: [
                "MemberwiseInit", "Core", "Store", "Artifacts",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "_NIOFileSystem", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // The CI loop's decisions: webhook intake, build planning, job dispatch, leases,
        // scheduled builds, repositories. No HTTP: the server's controllers call it.
        .target(
            name: "Scheduling",
            dependencies: [
                "MemberwiseInit", "Core", "Store", "Webhooks", "Pipelines", "Secrets",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Impact analysis of a registered repository, the build-metrics upkeep (regression
        // checks, retention) and analysers' findings per build. No HTTP.
        .target(
            name: "Insights",
            dependencies: [
                "MemberwiseInit", "Core", "Store", "Impact", "Checks", "Findings", "YAMLReading", "BuildMetrics", "Notifications", "GitHosts",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // The release train driver, which moves releases through ReleaseTrain's model: releases
        // and their steps, the trains catalog, branch cutting, the app stores' clients
        // (DistributionClients), release notes. No HTTP.
        .target(
            name: "ReleaseDriver",
            dependencies: [
                "MemberwiseInit", "Core", "Store", "ReleaseTrain", "Scheduling", "Pipelines", "GitHosts", "HTTPClient", "YAMLReading",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Server",
            dependencies: [
                "MemberwiseInit", "DI", "Core", "Artifacts", "ReleaseTrain", "Store", "StoreSQLite", "StorePostgres", "Webhooks", "Pipelines", "Notifications", "GitHosts", "HTTPClient", "Impact", "Checks", "BuildMetrics", "JSONScanning",
                "Access", "Scheduling", "Insights", "Findings", "ReleaseDriver", "YAMLReading", "BuildCache", "Secrets", "Devices",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            // The OpenAPI document's component schemas, as byte arrays in the binary: the installed
            // server carries no resource bundle (OpenAPIDocument.swift says what that costs).
            resources: [.embedInCode("OpenAPI/Schemas")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CLI",
            dependencies: [
                "MemberwiseInit", "HTTPClient", "Core", "Pipelines", "YAMLReading", "Impact", "BuildMetrics", "Checks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Executables
        .executableTarget(
            name: "mobile-ops-server",
            dependencies: [
                "Server", "Core", "Store", "StoreCopy",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "mobile-ops-agent",
            dependencies: ["Agent", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "mobile-ops",
            dependencies: ["CLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swiftSettings
        ),

        // MARK: Tests
        // The seeded mutation engine the parsers' fuzz tests share (no production code uses it).
        .target(name: "FuzzSupport", path: "Tests/FuzzSupport", swiftSettings: swiftSettings),
        // Strict fakes of the app stores' APIs (Google Play, App Store Connect) and the loopback
        // server that hosts both for the release train, with its credentials and files; shared
        // by the release driver's, the server's and the end-to-end tests.
        .target(
            name: "DistributionFakes",
            dependencies: ["TestSupport", .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/DistributionFakes",
            swiftSettings: swiftSettings
        ),
        // Strict fakes of the git hosts' checks, notes and Code Insights APIs on a loopback
        // server, shared by the notifier and server tests.
        .target(name: "GitHostFakes", dependencies: ["TestSupport"], path: "Tests/GitHostFakes", swiftSettings: swiftSettings),
        // The harness every test target shares: servers on loopback, time limits, temporary
        // folders, the date shift of the clock-shifted runs, JWT decoding and a fixed RSA key.
        .target(
            name: "TestSupport",
            dependencies: [
                "Core", "HTTPClient",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ] + loopbackServerDependencies,
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings
        ),
        // Scratch databases on the test PostgreSQL server, for the suites that run on both backends.
        .target(
            name: "PostgresSupport",
            dependencies: ["Store", "StorePostgres", .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log")],
            path: "Tests/PostgresSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AgentTests",
            dependencies: ["TestSupport", "Agent", "ChildProcesses", "Core", "HTTPClient", "BuildMetrics", "Secrets", "mobile-ops-agent"] + loopbackServerDependencies,
            // A strict fake of macOS `security`, put first on an agent's PATH.
            resources: [.copy("SecurityFake")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NotificationsTests",
            dependencies: [
                "TestSupport", "Notifications", "GitHosts", "Store", "StoreSQLite", "Core", "HTTPClient", "GitHostFakes",
                .product(name: "GRDB", package: "GRDB.swift"),
            ] + loopbackServerDependencies,
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "TestSupport", "mobile-ops-server", "mobile-ops-agent", "ChildProcesses", "HTTPClient", "Webhooks", "Core", "DistributionFakes", "GitHostFakes", "PostgresSupport",
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                // To check a stopped server's file with SQLite itself (`PRAGMA integrity_check`).
                .product(name: "GRDB", package: "GRDB.swift"),
            ] + loopbackServerDependencies,
            // Strict fakes of adb and xcrun simctl, put first on an agent's PATH.
            resources: [.copy("DeviceFakes")],
            swiftSettings: swiftSettings
        ),
        // The git host clients against a recorder of their requests: headers, paths, bodies, what each answer becomes.
        .testTarget(name: "GitHostsTests", dependencies: ["GitHosts", "Core", "HTTPClient"], swiftSettings: swiftSettings),
        .testTarget(
            name: "ArtifactsTests",
            dependencies: ["TestSupport", "Artifacts", "Core", .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "ChildProcessesTests", dependencies: ["ChildProcesses"], swiftSettings: swiftSettings),
        .testTarget(name: "CoreTests", dependencies: ["Core"], swiftSettings: swiftSettings),
        memberwiseInitTests,
        .testTarget(name: "SecretsTests", dependencies: ["Secrets"], swiftSettings: swiftSettings),
        // Real captured adb and simctl output (each fixture names its source) read by Devices; the planner.
        .testTarget(name: "DevicesTests", dependencies: ["Devices", "Core"], resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(name: "WebhooksTests", dependencies: ["Webhooks", "Core", "JSONScanning", "FuzzSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "JSONScanningTests", dependencies: ["JSONScanning"], swiftSettings: swiftSettings),
        .testTarget(
            name: "YAMLReadingTests",
            dependencies: ["YAMLReading", "YAMLBudget", "FuzzSupport", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "PipelinesTests", dependencies: ["TestSupport", "Pipelines", "Core", "YAMLReading", "FuzzSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "BuildMetricsTests", dependencies: ["BuildMetrics", "XMLScanning", "FuzzSupport"], resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(name: "FindingsTests", dependencies: ["TestSupport", "Core", "Findings", "FuzzSupport"], resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(name: "ImpactTests", dependencies: ["TestSupport", "Impact", "ChildProcesses"], resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(name: "ChecksTests", dependencies: ["Checks", "Impact", "YAMLReading"], resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(
            name: "ReleaseTrainTests",
            dependencies: [
                "TestSupport", "ReleaseTrain", "ChildProcesses", "YAMLReading", "HTTPClient", "FuzzSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ] + loopbackServerDependencies,
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "DITests", dependencies: ["DI"], swiftSettings: swiftSettings),
        // deploy/: the compose file, nginx.conf and the Kubernetes manifests, checked offline
        // (kubernetes-validate and nginx -t as child processes) and read against the server's facts.
        .testTarget(
            name: "DeployTests",
            dependencies: ["ChildProcesses", "Pipelines", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HTTPClientTests",
            dependencies: ["TestSupport", "HTTPClient"] + loopbackServerDependencies,
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "StoreTests",
            dependencies: [
                "TestSupport", "Store", "StoreSQLite", "StorePostgres", "StoreCopy", "Core", "BuildMetrics", "PostgresSupport", "Devices",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                // SHA-256 of each shipped migration (ShippedMigrationTests).
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SchedulingTests",
            dependencies: ["TestSupport", "Scheduling", "Store", "StoreSQLite", "Core", "Pipelines", "Webhooks", "Secrets", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "InsightsTests",
            dependencies: ["Insights", "Core", "Store", "Impact", "BuildMetrics"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ReleaseDriverTests",
            dependencies: [
                "TestSupport", "DistributionFakes", "ReleaseDriver", "ReleaseTrain", "Core", "Store", "StoreSQLite", "Scheduling", "Pipelines", "GitHosts", "HTTPClient",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BuildCacheTests",
            dependencies: [
                "TestSupport", "Artifacts", "BuildCache", "Core", "Store",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "_NIOFileSystem", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AccessTests",
            dependencies: ["Access", "Core", "Store", "StoreSQLite"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "TestSupport", "mobile-ops-server", "ChildProcesses", "Server", "Artifacts", "ReleaseTrain", "HTTPClient", "Webhooks", "Notifications", "GitHosts", "Core", "BuildMetrics", "Store", "StoreSQLite", "StoreCopy",
                "Access", "Scheduling", "Insights", "ReleaseDriver", "DistributionFakes", "GitHostFakes", "PostgresSupport", "DI", "BuildCache", "Secrets",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "TestSupport", "mobile-ops", "mobile-ops-server", "CLI", "ChildProcesses", "Core", "Server", "HTTPClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + loopbackServerDependencies,
            swiftSettings: swiftSettings
        ),
    ]
)
