import Foundation
import GRDB
import Testing

extension Fleet {
    /// With the server dead (SIGKILL) and not yet restarted: SQLite finds the file whole
    /// (`integrity_check`) and no row points at a row that is not there (`foreign_key_check`).
    ///
    /// Run between the kill and the restart, so a torn write the next start would paper over
    /// (by recovering the WAL and carrying on) is still seen as the crash left it.
    func expectDatabaseWhole(after moment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let queue = try DatabaseQueue(path: database.path)
            defer { try? queue.close() }
            try queue.read { db in
                let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                #expect(integrity == ["ok"], "\(moment): integrity_check says \(integrity.prefix(5))", sourceLocation: sourceLocation)
                let dangling = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
                #expect(dangling.isEmpty, "\(moment): rows pointing at missing rows: \(dangling.prefix(5))", sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("\(moment): the database could not be opened: \(error)", sourceLocation: sourceLocation)
        }
    }
}
