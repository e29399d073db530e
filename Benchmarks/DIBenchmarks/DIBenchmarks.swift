import Benchmark
import BenchmarkFixtures
import DI
import Swinject

// MARK: - Suite

// Each workload runs for DI, Swinject and hand-wired code in the same process, so the
// figures are directly comparable. Run with `swift package --disable-sandbox benchmark`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 100,
        scalingFactor: .kilo,
        maxDuration: .seconds(2)
    )

    // MARK: 1. Resolve a singleton

    Benchmark("1 singleton / DI") { benchmark async throws in
        let container = try await DIWiring.container()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await container.resolve(AppConfig.self))
        }
    }
    Benchmark("1 singleton / Swinject") { benchmark in
        let container = SwinjectWiring.container()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(container.resolve(AppConfig.self))
        }
    }
    Benchmark("1 singleton / hand-wired") { benchmark in
        let config = AppConfig()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(config)
        }
    }

    // MARK: 2. Resolve a transient graph of 31 objects

    Benchmark("2 transient graph (31 objects) / DI") { benchmark async throws in
        let container = try await DIWiring.container()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await container.resolve(Root.self))
        }
    }
    Benchmark("2 transient graph (31 objects) / Swinject") { benchmark in
        let container = SwinjectWiring.container()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(container.resolve(Root.self))
        }
    }
    Benchmark("2 transient graph (31 objects) / hand-wired") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(HandWired.root())
        }
    }

    // MARK: 3. Build and validate 500 registrations

    Benchmark("3 build+validate 500 registrations / DI", configuration: .init(scalingFactor: .one)) { benchmark async throws in
        for _ in benchmark.scaledIterations {
            blackHole(try await Large.buildDI())
        }
    }
    Benchmark("3 register 500 (no validation) / Swinject", configuration: .init(scalingFactor: .one)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Large.buildSwinject())
        }
    }
}
