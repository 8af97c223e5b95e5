public import DoableCore

/// CalDAV objects and collections, and ICS feed keys (INTEROP-1, INTEROP-2). One part of `Store`, which every engine implements.
public protocol CalendarStore: Sendable {
    func calendarObject(taskID: TaskID) async throws -> CalendarObject?
    func calendarObjects(taskIDs: [TaskID]) async throws -> [CalendarObject]
    /// The task stored under a client-chosen resource name in the list (trashed tasks included), if any.
    func calendarObjectTask(listID: ListID, name: String) async throws -> TaskID?
    /// The tasks stored under these client-chosen names in the list (trashed tasks included), by name.
    func calendarObjectTasks(listID: ListID, names: [String]) async throws -> [String: TaskID]
    /// The tasks stored under these client-chosen names in the list (trashed tasks included), each with its object
    /// and its parent's object UID, in one read; by task id, one entry per name (the first task's, as
    /// `calendarObjectTasks(listID:names:)`).
    func calendarEntries(listID: ListID, names: [String]) async throws -> [CalendarEntry]
    /// The objects of the list's live tasks, without their bodies.
    func calendarObjectHeaders(listID: ListID) async throws -> [CalendarObjectHeader]
    /// RFC 4791 §9.9's candidates for a VTODO time range, read where the dates are indexed instead of reading every
    /// task: the list's live tasks (by rank, then id) that have a due or start date (`YYYY-MM-DD…`, compared as text)
    /// on or after the day `from` and one before the day `before` (nil: no bound on that side), and every live task
    /// the dates alone cannot judge: one that repeats, one with neither date, one whose object mentions DURATION.
    /// A superset: the caller widens the days for time zones and judges each task exactly.
    func calendarTasks(listID: ListID, datedFrom from: CivilDate?, before: CivilDate?) async throws -> [TaskItem]
    /// The tasks in the list whose object has this UID (trashed tasks included).
    func calendarObjectTasks(listID: ListID, uid: String) async throws -> [TaskID]
    /// Objects in the list still waiting for a parent with this UID.
    func calendarObjectsAwaitingParent(listID: ListID, uid: String) async throws -> [CalendarObject]
    /// The collection names CalDAV clients chose for lists (MKCALENDAR or MKCOL at `/dav/calendars/<user>/<name>/`).
    func calendarCollectionNames(listIDs: [ListID]) async throws -> [ListID: String]
    /// The lists (trashed ones included) whose collection name is this, exactly.
    func calendarCollectionLists(name: String) async throws -> [ListID]
    func feedKey(accountID: AccountID) async throws -> FeedKey?
    func feedKey(key: String) async throws -> FeedKey?
}

/// A task with its calendar object and the UID of its parent's object, read together: what a `calendar-multiget`
/// renders for one name.
public struct CalendarEntry: Sendable, Equatable {
    public var task: TaskItem
    public var object: CalendarObject
    /// The UID of the parent's object; nil when the task has no parent or the parent has no object.
    public var parentUID: String?

    public init(task: TaskItem, object: CalendarObject, parentUID: String?) {
        self.task = task
        self.object = object
        self.parentUID = parentUID
    }
}
