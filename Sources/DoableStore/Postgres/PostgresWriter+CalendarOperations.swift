import DoableCore
import Foundation
import PostgresNIO

extension PostgresWriter {
    /// Writes CalDAV resources and collections, ICS feed keys (INTEROP-1, INTEROP-2).
    func apply(_ operation: WriteBatch.CalendarOperation, now: Timestamp) async throws {
        switch operation {
        case .putCalendarObject(let object):
            try await putCalendarObject(object)
        case .deleteCalendarObject(let taskID):
            try await deleteCalendarObject(taskID)
        case .putFeedKey(let key):
            try await putFeedKey(key)
        case .putCalendarCollection(let listID, let name):
            try await putCalendarCollection(listID, name: name)
        }
    }
}
