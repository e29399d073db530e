// MARK: - Workload services

/// The singleton of workload 1.
public final class AppConfig: Sendable {
    public let name: String
    public init() { self.name = "mobile-ops" }
}

/// Level 4 of workload 2's tree (16 leaves).
public final class Leaf: Sendable {
    public init() {}
}

/// Level 3 (8 nodes).
public final class Level3: Sendable {
    public let left: Leaf
    public let right: Leaf
    public init(left: Leaf, right: Leaf) {
        self.left = left
        self.right = right
    }
}

/// Level 2 (4 nodes).
public final class Level2: Sendable {
    public let left: Level3
    public let right: Level3
    public init(left: Level3, right: Level3) {
        self.left = left
        self.right = right
    }
}

/// Level 1 (2 nodes).
public final class Level1: Sendable {
    public let left: Level2
    public let right: Level2
    public init(left: Level2, right: Level2) {
        self.left = left
        self.right = right
    }
}

/// The root: a transient graph of 31 objects, 5 levels deep, two dependencies per node.
public final class Root: Sendable {
    public let left: Level1
    public let right: Level1
    public init(left: Level1, right: Level1) {
        self.left = left
        self.right = right
    }
}

// MARK: - Hand-wired baseline

/// The same graphs built with plain `init` calls.
public enum HandWired {
    /// Workload 2 without a container.
    @inline(never)
    public static func root() -> Root {
        Root(left: self.level1(), right: self.level1())
    }

    @inline(never)
    static func level1() -> Level1 { Level1(left: self.level2(), right: self.level2()) }
    @inline(never)
    static func level2() -> Level2 { Level2(left: self.level3(), right: self.level3()) }
    @inline(never)
    static func level3() -> Level3 { Level3(left: Leaf(), right: Leaf()) }
}

/// Keeps the optimiser from discarding a result.
@inline(never)
public func sink<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
