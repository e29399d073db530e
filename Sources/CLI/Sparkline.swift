/// Text sparklines (`▁▂▃▄▅▆▇█`) for trends in a terminal.
enum Sparkline {
    /// The eight block heights, lowest first.
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One block per value, scaled between the smallest and largest finite value; a missing
    /// value is a space. All-equal values draw the middle block.
    static func render(_ values: [Double?]) -> String {
        let finite = values.compactMap { $0 }.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return String(repeating: " ", count: values.count) }
        let span = high - low
        return String(values.map { value -> Character in
            guard let value, value.isFinite else { return " " }
            guard span > 0 else { return blocks[3] }
            let index = Int(((value - low) / span * Double(blocks.count - 1)).rounded())
            return blocks[min(max(index, 0), blocks.count - 1)]
        })
    }
}
