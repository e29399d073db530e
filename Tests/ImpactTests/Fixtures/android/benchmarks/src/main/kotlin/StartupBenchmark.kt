// benchmarks/src/main/kotlin/StartupBenchmark
