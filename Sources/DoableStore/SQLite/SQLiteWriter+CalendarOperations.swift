import DoableCore
import GRDB

extension SQLiteWriter {
    /// Writes CalDAV resources and collections, ICS feed keys (INTEROP-1, INTEROP-2).
    func apply(_ operation: WriteBatch.CalendarOperation, now: Timestamp) throws {
        switch operation {
        case .putCalendarObject(let object):
            try putCalendarObject(object)
        case .deleteCalendarObject(let taskID):
            try deleteCalendarObject(taskID)
        case .putFeedKey(let key):
            try putFeedKey(key)
        case .putCalendarCollection(let listID, let name):
            try putCalendarCollection(listID, name: name)
        }
    }
}
