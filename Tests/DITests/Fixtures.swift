import DI
import Synchronization

// MARK: - Services used across the suites

protocol Clock: Sendable {
    var now: Int { get }
}

struct FixedClock: Clock {
    var now: Int { 42 }
}

protocol Store: Sendable {
    var name: String { get }
}

final class MemoryStore: Store {
    let name: String
    init() { self.name = "memory" }
    init(name: String) { self.name = name }
}

protocol Scheduler: Sendable {
    var store: any Store { get }
}

final class SQLScheduler: Scheduler {
    let store: any Store
    let clock: any Clock
    init(store: any Store, clock: any Clock) {
        self.store = store
        self.clock = clock
    }
}

protocol Notifier: Sendable {
    var channel: String { get }
}

struct SlackNotifier: Notifier {
    var channel: String { "slack" }
}

struct EmailNotifier: Notifier {
    var channel: String { "email" }
}

struct PagerNotifier: Notifier {
    let clock: any Clock
    var channel: String { "pager" }
}

struct Alerting: Sendable {
    let notifiers: [any Notifier]
}

struct JobID: Sendable, Hashable {
    let raw: Int
}

struct JobRunner: Sendable {
    let id: JobID
    let store: any Store
}

/// A scoped service that counts its instances and disposals.
final class RequestContext: Disposable {
    static let created = Atomic<Int>(0)
    static let disposed = Atomic<Int>(0)
    let id: Int
    init() {
        self.id = Self.created.add(1, ordering: .relaxed).newValue
    }
    func dispose() async {
        Self.disposed.add(1, ordering: .relaxed)
    }
}

struct RequestHandler: Sendable {
    let context: RequestContext
    let store: any Store
}

struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
}

/// Counts factory calls from concurrent tasks.
final class Counter: Sendable {
    let value = Atomic<Int>(0)
    func increment() { self.value.add(1, ordering: .relaxed) }
    var count: Int { self.value.load(ordering: .relaxed) }
}
