import Checks
import Foundation
import Impact
import ModuleGraphGenerator

// Dependency rules at scale: impact-bench's generated graph (10,000 modules, 50,000 edges),
// renamed into five Gradle-style layers of 2,000 modules, with declarations (configuration,
// file, line) on every edge, 40 edges pointing upwards (layer violations and cycles), and six
// rules of every kind. Run in release mode:
//   swift run -c release checks-bench
// Target (issue 23): the rules in < 50 ms, compared in the same run with a naive evaluation.

/// CPU time of this thread, so figures stay meaningful on a machine shared with other builds.
func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Wall and thread-CPU milliseconds of `body`.
func measure(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    let cpuStart = threadCPUNanoseconds()
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000, Double(threadCPUNanoseconds() - cpuStart) / 1_000_000)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// `m01234` → `:l0:g12:m01234`: layer = index / 2000, group = index / 100.
func gradleName(_ index: Int) -> String { ":l\(index / 2000):g\(index / 100):\(GraphGenerator.moduleName(index))" }

let (generated, _) = GraphGenerator(moduleCount: 10_000, edgeCount: 50_000, fileCount: 10_000, seed: 6).generate()
var index: [String: Int] = [:]
for (position, module) in generated.modules.enumerated() { index[module.name] = position }
var random = SeededGenerator(seed: 23)
var modules: [Module] = generated.modules.enumerated().map { position, module in
    let targets = module.dependencies.compactMap { index[$0] }.map(gradleName)
    let file = "\(GraphGenerator.root(position))/build.gradle.kts"
    let declarations = targets.enumerated().map { line, target in
        DependencyDeclaration(target: target, configuration: line % 4 == 0 ? "api" : "implementation", file: file, line: line + 10)
    }
    return Module(name: gradleName(position), paths: [GraphGenerator.root(position)], dependencies: targets, declarations: declarations)
}
// Upward edges: each breaks the layers and, where the target already reaches the source, closes a cycle.
for _ in 0..<40 {
    let from = Int.random(in: 0..<8_000, using: &random)
    let to = from + 1 + Int.random(in: 0..<2_000, using: &random)
    modules[from].dependencies.append(gradleName(to))
    modules[from].declarations?.append(DependencyDeclaration(target: gradleName(to), configuration: "implementation", file: "x", line: 1))
}
for suite in generated.testSuites {
    guard let tested = index[suite.module], let helper = suite.dependencies.first.flatMap({ index[$0] }) else { continue }
    modules[tested].declarations?.append(DependencyDeclaration(target: gradleName(helper), configuration: "testImplementation", isTest: true, file: "t", line: 2))
}
let graph = ModuleGraph(modules: modules)

let yaml = """
    rules:
      - layers: [":l4:**", ":l3:**", ":l2:**", ":l1:**", ":l0:**"]
      - forbid: {from: ":l*:g1*:**", to: ":l*:g2*:**", unless: same_parent}
      - allow_only: {from: ":l0:**", to: [":l0:**"]}
        include_tests: true
      - forbid: {from: ":l4:**", to: ":l0:**"}
        configurations: [api]
      - no_cycles: true
      - max_depth: 60
    """
guard case let .success(rules) = DependencyRulesParser.parse(yaml: yaml, file: "bench.yml") else {
    print("the bench rules do not parse")
    exit(1)
}

var found: [DependencyViolation] = []
var naiveFound: [NaiveChecker.Violation] = []
var indexTimes: [Double] = []
var indexCPU: [Double] = []
var checkTimes: [Double] = []
var checkCPU: [Double] = []
var totalTimes: [Double] = []
var totalCPU: [Double] = []
var naiveTimes: [Double] = []
for _ in 0..<7 {
    var checker: DependencyChecker?
    let built = measure { checker = DependencyChecker(graph: graph) }
    let checked = measure { found = checker?.violations(of: rules) ?? [] }
    indexTimes.append(built.wall)
    indexCPU.append(built.cpu)
    checkTimes.append(checked.wall)
    checkCPU.append(checked.cpu)
    totalTimes.append(built.wall + checked.wall)
    totalCPU.append(built.cpu + checked.cpu)
}
for _ in 0..<3 {
    naiveTimes.append(measure { naiveFound = NaiveChecker(graph: graph).violations(of: rules) }.wall)
}

let byKind = Dictionary(grouping: found, by: \.kind).mapValues(\.count).sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
print("graph: \(graph.modules.count) modules, \(DependencyChecker(graph: graph).size.edges) declared edges; \(rules.rules.count) rules")
print("violations: \(found.count) (\(byKind.joined(separator: ", "))); naive: \(naiveFound.count)")
print(String(format: "indexed rules: index %.1f ms + rules %.1f ms = %.1f ms median wall of 7  [target < 50 ms]",
             median(indexTimes), median(checkTimes), median(totalTimes)))
print(String(format: "  thread CPU: index %.1f ms + rules %.1f ms = %.1f ms", median(indexCPU), median(checkCPU), median(totalCPU)))
print(String(format: "naive per-rule evaluation: %.1f ms median of 3 (%.0fx slower)", median(naiveTimes), median(naiveTimes) / median(totalTimes)))
let direct = Set(found.filter { $0.edges.count == 1 && $0.kind != "no_cycles" }.map { "\($0.rule) \($0.from) \($0.to)" })
let naiveDirect = Set(naiveFound.filter { !$0.transitive }.map { "\($0.rule) \($0.from) \($0.to)" })
print("direct violations agree with the naive evaluation: \(direct == naiveDirect)")
