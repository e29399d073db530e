import Foundation
import MemberwiseInit

/// Writes a selected suite's chain, `Suite → A → B → C ← file`, and its names, for one
/// analysis's closure.
///
/// Every selected suite needs its own reason string, so the cost that matters is per suite:
/// the chain is walked twice over the closure's next-hop table (once to size the text, once to
/// fill it) and the text is written with byte copies from the index's packed names into one
/// buffer of the exact size. That replaced a cache of per-module chain strings whose building
/// and releasing cost more than the copies it saved, since chains here are short.
@MemberwiseInit
struct ChainWriter {
    private let index: GraphIndex
    private let closure: ReverseClosure
    private let changedFiles: [Int32: String]

    private static let forward = Array(" → ".utf8)
    private static let backward = Array(" ← ".utf8)

    /// The reason `S → A → B → C ← file` for suite `S` through affected module `A`, the names
    /// `[S, A, B, C]`, and the file.
    func chain(suite: Int32, from module: Int32) -> (reason: String, names: [String], file: String) {
        var names: [String] = []
        names.reserveCapacity(Int(closure.depth(module)) + 2)
        names.append(index.suites[Int(suite)].name)
        var length = index.suiteNameUTF8.count(Int(suite))
        var current = module
        while true {
            names.append(index.moduleNames[Int(current)])
            length += Self.forward.count + index.moduleNameUTF8.count(Int(current))
            let next = closure.next(of: current)
            if next == current || next < 0 { break }
            current = next
        }
        var file = changedFiles[current] ?? ""
        length += Self.backward.count + file.utf8.count
        let last = current
        let reason = file.withUTF8 { fileBytes in
            String(unsafeUninitializedCapacity: length) { buffer in
                var position = index.suiteNameUTF8.copy(Int(suite), into: buffer, at: 0)
                var node = module
                while true {
                    position = Self.forward.withUnsafeBufferPointer { PackedUTF8.copy($0, into: buffer, at: position) }
                    position = index.moduleNameUTF8.copy(Int(node), into: buffer, at: position)
                    if node == last { break }
                    node = closure.next(of: node)
                }
                position = Self.backward.withUnsafeBufferPointer { PackedUTF8.copy($0, into: buffer, at: position) }
                return PackedUTF8.copy(fileBytes, into: buffer, at: position)
            }
        }
        return (reason, names, file)
    }
}
