public import DoableCore

/// CalDAV objects and collections, and ICS feed keys (INTEROP-1, INTEROP-2). One part of `Store`, which every engine implements.
public protocol CalendarStore: Sendable {
    func calendarObject(taskID: TaskID) async throws -> CalendarObject?
    func calendarObjects(taskIDs: [TaskID]) async throws -> [CalendarObject]
    /// The task stored under a client-chosen resource name in the list (trashed tasks included), if any.
    func calendarObjectTask(listID: ListID, name: String) async throws -> TaskID?
    /// The tasks stored under these client-chosen names in the list (trashed tasks included), by name.
    func calendarObjectTasks(listID: ListID, names: [String]) async throws -> [String: TaskID]
    /// The objects of the list's live tasks, without their bodies.
    func calendarObjectHeaders(listID: ListID) async throws -> [CalendarObjectHeader]
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
