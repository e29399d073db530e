import Core
import Devices
import Foundation

// Scheduling quality of the device queue (issue 35) on a simulated fleet, beside today's static
// shards and a round-robin split. No device and no sleeping: a virtual clock, seeded draws.
//   swift run -c release device-bench
// 1. 2,000 tests (log-normal run times, median 30 s) on 40 devices: makespan against the lower
//    bound max(total ÷ devices, longest test); target ≤ 1.10× for the queue.
// 2. The same with 5 % flaky tests (each run passes 60 %) and two devices that go offline
//    half-way through every batch: makespan and wasted device-minutes beside the same baselines.
// The queue is the server's own `DeviceRun` (DeviceQueue.swift), not a model of it: a copy of
// its logic would measure the copy.

let planner = BatchPlanner(unknownTestSeconds: 120, flakiness: FlakinessCopies(target: 0.99, maximum: 3))
let budget = BatchBudget(minimumSeconds: 30, maximumSeconds: 600)
let devices = 40

/// The `devices:` step the queue runs: android, one batch per device at a time over the whole
/// fleet, the planner's copies; retries, verdict rule, time limit and quarantine are a step's
/// defaults (2 per test, 50 per build, any pass, 1,800 s, after 3 failures in a row).
func deviceStep(devices: Int) -> DeviceStep {
    DeviceStep(
        platform: .android, count: devices, runner: .androidInstrumentation,
        flakyTarget: planner.flakiness?.target, flakyCopies: planner.flakiness?.maximum ?? 1)
}

func report(_ title: String, suite: SimulatedSuite, fleet: Fleet) -> Double {
    let bound = suite.lowerBound(devices: fleet.devices)
    print("\n\(title)")
    print("lower bound: \(String(format: "%.1f", bound / 60)) min")
    print("strategy".padding(toLength: 26, withPad: " ", startingAt: 0) + "makespan   × bound   wasted device-min   unresolved")
    var queue = DeviceQueueSimulation(suite, fleet: fleet, step: deviceStep(devices: fleet.devices), budget: budget)
    let started = Date()
    let queueOutcome = queue.simulate()
    let simulated = Date().timeIntervalSince(started)
    let outcomes: [(String, FleetOutcome)] = [
        ("work stealing (DeviceRun)", queueOutcome),
        ("static shards (balanced)", staticShards(suite, fleet: fleet, shards: balancedShards(suite, count: fleet.devices, planner: planner))),
        ("round robin", staticShards(suite, fleet: fleet, shards: roundRobinShards(suite, count: fleet.devices))),
    ]
    for (name, outcome) in outcomes {
        print(name.padding(toLength: 26, withPad: " ", startingAt: 0)
            + String(format: "%6.1f min  %6.2f×  %12.1f        %d", outcome.makespan / 60, outcome.makespan / bound, outcome.wastedSeconds / 60, outcome.unresolved))
    }
    print(queue.account(seconds: simulated))
    return (outcomes.first?.1.makespan ?? .infinity) / bound
}

let clean = report("2,000 tests, 40 devices", suite: SimulatedSuite(count: 2_000, seed: 35), fleet: Fleet(devices: devices))
_ = report(
    "2,000 tests, 5 % flaky, 40 devices of which 2 go offline in every batch",
    suite: SimulatedSuite(count: 2_000, flakyShare: 0.05, seed: 35), fleet: Fleet(devices: devices, bad: [3, 17]))

let holds = clean <= 1.10
print("\ntarget: work stealing within 1.10× of the lower bound: \(String(format: "%.3f", clean))× — \(holds ? "holds" : "MISSED")")
exit(holds ? 0 : 1)
