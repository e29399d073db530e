import Core
import Foundation

// MARK: - A merge base as both backends store it

extension MergeBase {
    /// The first parents as the JSON array text both backends keep (so `migrate-data` copies
    /// the text as it is).
    package var storedFirstParents: String {
        get throws(StoreError) {
            do { return try StoreJSON.encode(firstParents) } catch {
                throw StoreError.database("the merge base's first parents could not be encoded: \(error)")
            }
        }
    }

    /// A merge base read back: `commit` and the JSON array text of its first parents.
    package init(commit: String, storedFirstParents text: String) throws {
        self.init(commit: commit, firstParents: try JSONDecoder().decode([String].self, from: Data(text.utf8)))
    }
}
