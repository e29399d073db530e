import Core

/// What happens next on the simulated fleet, as the server would see it arrive.
enum FleetEvent {
    /// Device `device` asks for a batch (it fell free, or a wait it was told ended).
    case ask(device: Int)
    /// Device `device` reports batch `batchID`: the report is drawn when the batch is handed
    /// out (every run's time and outcome is fixed by the seed), but the server only learns it
    /// now, when the batch ends.
    case batchEnds(device: Int, batchID: Int, report: DeviceBatchReport)
}

/// The pending events in time order, those at the same time in the order they were added: a
/// sorted list, not a heap, since at most one event per device waits at a time (40 here) and
/// first-in-first-out among equal times keeps a report ahead of the asks it was meant to wake.
struct EventList<Event> {
    private var entries: [(time: Double, event: Event)] = []

    /// Whether nothing waits.
    var isEmpty: Bool { entries.isEmpty }

    /// Adds `event` at virtual time `time`, after every event already at that time.
    mutating func add(_ event: Event, at time: Double) {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        entries.insert((time, event), at: low)
    }

    /// Takes the earliest event out.
    mutating func next() -> (time: Double, event: Event)? {
        entries.isEmpty ? nil : entries.removeFirst()
    }

    /// The earliest time of an event `matching` says yes to; nil when none waits.
    func firstTime(where matching: (Event) -> Bool) -> Double? {
        entries.first { matching($0.event) }?.time
    }
}
