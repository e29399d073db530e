import DI
import Testing

// MARK: - Graph export

enum Primary: ServiceTag {
    static let name = "primary"
}

@Suite("Graph export")
struct GraphExportTests {
    private func container() async throws -> Container {
        var builder = ContainerBuilder()
        builder.register((any Clock).self, .singleton, FixedClock.init)
        builder.register((any Store).self, tag: Primary.name, .singleton) { MemoryStore() as any Store }
        builder.register((any Scheduler).self, .singleton) { (store: Tagged<Primary, any Store>, clock: any Clock) in
            SQLScheduler(store: store.value, clock: clock)
        }
        builder.contribute((any Notifier).self, SlackNotifier.init)
        builder.contribute((any Notifier).self, .singleton, EmailNotifier.init)
        builder.register(Alerting.self, Alerting.init)
        builder.entryPoint((any Scheduler).self)
        builder.entryPoint(Alerting.self)
        return try await builder.build()
    }

    @Test("JSON export lists services and edges in a deterministic order")
    func json() async throws {
        let graph = try await self.container().graph
        #expect(
            graph.json == """
                {
                  "services": [
                    {"id": "Alerting", "type": "Alerting", "tag": null, "lifetime": "transient", "argument": null, "contribution": false, "entry_point": true},
                    {"id": "Clock", "type": "Clock", "tag": null, "lifetime": "singleton", "argument": null, "contribution": false, "entry_point": false},
                    {"id": "Notifier+1", "type": "Notifier", "tag": null, "lifetime": "transient", "argument": null, "contribution": true, "entry_point": false},
                    {"id": "Notifier+2", "type": "Notifier", "tag": null, "lifetime": "singleton", "argument": null, "contribution": true, "entry_point": false},
                    {"id": "Scheduler", "type": "Scheduler", "tag": null, "lifetime": "singleton", "argument": null, "contribution": false, "entry_point": true},
                    {"id": "Store#primary", "type": "Store", "tag": "primary", "lifetime": "singleton", "argument": null, "contribution": false, "entry_point": false}
                  ],
                  "edges": [
                    {"from": "Alerting", "to": "Notifier+1", "kind": "multi"},
                    {"from": "Alerting", "to": "Notifier+2", "kind": "multi"},
                    {"from": "Scheduler", "to": "Clock", "kind": "single"},
                    {"from": "Scheduler", "to": "Store#primary", "kind": "single"}
                  ]
                }

                """
        )
    }

    @Test("DOT export draws lifetimes, entry points and edge kinds")
    func dot() async throws {
        let graph = try await self.container().graph
        #expect(
            graph.dot == """
                digraph DI {
                  rankdir=LR;
                  node [shape=box, fontname="Helvetica"];
                  "Alerting" [label="Alerting\\ntransient", peripheries=2];
                  "Clock" [label="Clock\\nsingleton"];
                  "Notifier+1" [label="Notifier+1\\ntransient"];
                  "Notifier+2" [label="Notifier+2\\nsingleton"];
                  "Scheduler" [label="Scheduler\\nsingleton", peripheries=2];
                  "Store#primary" [label="Store#primary\\nsingleton"];
                  "Alerting" -> "Notifier+1" [style=bold];
                  "Alerting" -> "Notifier+2" [style=bold];
                  "Scheduler" -> "Clock";
                  "Scheduler" -> "Store#primary";
                }

                """
        )
    }

    @Test("strings are escaped in both formats")
    func escaping() async throws {
        var builder = ContainerBuilder()
        builder.register((any Clock).self, tag: "we\"ird\\\n\u{01}", .eagerSingleton, FixedClock.init)
        let graph = try await builder.build().graph
        #expect(graph.json.contains(#""tag": "we\"ird\\\n\u0001""#))
        #expect(graph.dot.contains(#""Clock#we\"ird\\\n"#))
    }
}
