import Devices
import Foundation

// Scheduling quality of the device queue (issue 35) on a simulated fleet, beside today's static
// shards and a round-robin split. No device and no sleeping: a virtual clock, seeded draws.
//   swift run -c release device-bench
// 1. 2,000 tests (log-normal run times, median 30 s) on 40 devices: makespan against the lower
//    bound max(total ÷ devices, longest test); target ≤ 1.10× for the queue.
// 2. The same with 5 % flaky tests (each run passes 60 %) and two devices that go offline
//    half-way through every batch: makespan and wasted device-minutes beside the same baselines.

let planner = BatchPlanner(unknownTestSeconds: 120, flakiness: FlakinessCopies(target: 0.99, maximum: 3))
let budget = BatchBudget(minimumSeconds: 30, maximumSeconds: 600)
let devices = 40

func report(_ title: String, suite: SimulatedSuite, fleet: Fleet) -> Double {
    let bound = suite.lowerBound(devices: fleet.devices)
    print("\n\(title)")
    print("lower bound: \(String(format: "%.1f", bound / 60)) min")
    print("strategy".padding(toLength: 26, withPad: " ", startingAt: 0) + "makespan   × bound   wasted device-min   unresolved")
    let outcomes: [(String, FleetOutcome)] = [
        ("work stealing (Devices)", workStealing(suite, fleet: fleet, planner: planner, budget: budget)),
        ("static shards (balanced)", staticShards(suite, fleet: fleet, shards: balancedShards(suite, count: fleet.devices, planner: planner))),
        ("round robin", staticShards(suite, fleet: fleet, shards: roundRobinShards(suite, count: fleet.devices))),
    ]
    for (name, outcome) in outcomes {
        print(name.padding(toLength: 26, withPad: " ", startingAt: 0)
            + String(format: "%6.1f min  %6.2f×  %12.1f        %d", outcome.makespan / 60, outcome.makespan / bound, outcome.wastedSeconds / 60, outcome.unresolved))
    }
    return (outcomes.first?.1.makespan ?? .infinity) / bound
}

let clean = report("2,000 tests, 40 devices", suite: SimulatedSuite(count: 2_000, seed: 35), fleet: Fleet(devices: devices))
_ = report(
    "2,000 tests, 5 % flaky, 40 devices of which 2 go offline in every batch",
    suite: SimulatedSuite(count: 2_000, flakyShare: 0.05, seed: 35), fleet: Fleet(devices: devices, bad: [3, 17]))

let holds = clean <= 1.10
print("\ntarget: work stealing within 1.10× of the lower bound: \(String(format: "%.3f", clean))× — \(holds ? "holds" : "MISSED")")
exit(holds ? 0 : 1)
