public import DoableCore

/// The write operations of CalDAV resources and collections, ICS feed keys (INTEROP-1, INTEROP-2).
@_spi(StoreWriting)
extension WriteBatch {
    public enum CalendarOperation: Sendable {
        /// INTEROP-1: a task's CalDAV resource (no feed entry: the task's own put announces it).
        case putCalendarObject(CalendarObject)
        case deleteCalendarObject(TaskID)
        /// INTEROP-1: the collection name a client chose for a list (no feed entry: the list's own put announces it).
        case putCalendarCollection(ListID, name: String)
        /// INTEROP-2: the member's feed secret, replacing the previous one.
        case putFeedKey(FeedKey)
    }
}

/// `.putCalendarObject(…)` and the others read as before where a batch is made.
@_spi(StoreWriting)
extension WriteBatch.Operation {
    public static func putCalendarObject(_ calendarObject: CalendarObject) -> Self { .calendar(.putCalendarObject(calendarObject)) }
    public static func deleteCalendarObject(_ taskID: TaskID) -> Self { .calendar(.deleteCalendarObject(taskID)) }
    public static func putCalendarCollection(_ listID: ListID, name: String) -> Self { .calendar(.putCalendarCollection(listID, name: name)) }
    public static func putFeedKey(_ feedKey: FeedKey) -> Self { .calendar(.putFeedKey(feedKey)) }
}

extension WriteBatch.CalendarOperation {
    /// The row the operation changed, for the change feed (`WriteBatch.feedEntries`).
    var subject: WriteBatch.Subject? {
        switch self {
        case .putCalendarObject, .deleteCalendarObject, .putFeedKey, .putCalendarCollection: nil
        }
    }
}
