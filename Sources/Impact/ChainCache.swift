import Foundation

/// The chain from an affected module to its change, as text, built once per module and shared
/// by every suite that goes through it.
///
/// On a large graph most selected suites share long chain tails; joining each suite's whole
/// chain anew would cost O(suites × depth) string work, this costs one concatenation per suite.
struct ChainCache {
    private let index: GraphIndex
    private let closure: ReverseClosure
    private let changedFiles: [Int32: String]
    private var texts: [String?]

    /// A cache over one analysis's closure; `changedFiles` maps each changed module to its file.
    init(index: GraphIndex, closure: ReverseClosure, changedFiles: [Int32: String]) {
        self.index = index
        self.closure = closure
        self.changedFiles = changedFiles
        self.texts = [String?](repeating: nil, count: index.moduleNames.count)
    }

    /// `A → B → C ← file` for affected module `A`, its names `[A, B, C]`, and the file.
    mutating func chain(from module: Int32) -> (text: String, names: [String], file: String) {
        // Walk to the change, noting the modules not cached yet, then fill those back.
        var path: [Int32] = []
        var firstCached = -1
        var current = module
        while true {
            if firstCached < 0, texts[Int(current)] != nil { firstCached = path.count }
            path.append(current)
            let next = closure.next(of: current)
            if next == current || next < 0 { break }
            current = next
        }
        let file = changedFiles[current] ?? ""
        let uncached = firstCached < 0 ? path.count : firstCached
        for position in stride(from: uncached - 1, through: 0, by: -1) {
            let node = path[position]
            let name = index.moduleNames[Int(node)]
            texts[Int(node)] = position == path.count - 1
                ? name + " ← " + file
                : name + " → " + (texts[Int(path[position + 1])] ?? "")
        }
        return (texts[Int(module)] ?? "", path.map { index.moduleNames[Int($0)] }, file)
    }
}
