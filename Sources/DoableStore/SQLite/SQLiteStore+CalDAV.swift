public import DoableCore
import Foundation
import GRDB

/// CalDAV objects and collection names, feed keys and per-list feed reads (INTEROP-1, INTEROP-2). The writes are in
/// `SQLiteWriter+CalDAV.swift`.
extension SQLiteStore {
    static let calendarObjectColumns = "task_id, name, uid, body, body_version, pending_parent_uid"
    static let prefixedCalendarObjectColumns = SQLiteRows.prefixed(calendarObjectColumns, "o")

    static func calendarObject(_ row: Row) -> CalendarObject {
        CalendarObject(
            taskID: SQLiteRows.id(row, "task_id"), name: row["name"], uid: row["uid"], body: row["body"],
            bodyVersion: row["body_version"], pendingParentUID: row["pending_parent_uid"])
    }

    static func feedKey(_ row: Row) -> FeedKey {
        FeedKey(
            accountID: SQLiteRows.id(row, "account_id"), key: row["key"],
            createdAt: SQLiteRows.timestamp(row, "created_at"))
    }

    public func calendarObject(taskID: TaskID) async throws -> CalendarObject? {
        try await fetchOne(
            "SELECT \(Self.calendarObjectColumns) FROM calendar_objects WHERE task_id = ?",
            [taskID.description], Self.calendarObject)
    }

    public func calendarObjects(taskIDs: [TaskID]) async throws -> [CalendarObject] {
        guard !taskIDs.isEmpty else { return [] }
        // One JSON array argument: a calendar may hold more tasks than SQLite takes variables in one statement.
        return try await fetchAll(
            """
            SELECT \(Self.calendarObjectColumns) FROM calendar_objects
            WHERE task_id IN (SELECT value FROM json_each(?)) ORDER BY task_id
            """, [Self.jsonArray(taskIDs.map(\.description))], Self.calendarObject)
    }

    public func calendarObjectTask(listID: ListID, name: String) async throws -> TaskID? {
        try await fetchOne(
            """
            SELECT o.task_id FROM calendar_objects o JOIN tasks t ON t.id = o.task_id
            WHERE o.name = ? AND t.list_id = ? ORDER BY o.task_id LIMIT 1
            """, [name, listID.description]
        ) { (row: Row) in SQLiteRows.id(row, "task_id") as TaskID }
    }

    public func calendarObjectTasks(listID: ListID, names: [String]) async throws -> [String: TaskID] {
        guard !names.isEmpty else { return [:] }
        let rows = try await fetchAll(
            """
            SELECT o.name, o.task_id FROM calendar_objects o JOIN tasks t ON t.id = o.task_id
            WHERE o.name IN (SELECT value FROM json_each(?)) AND t.list_id = ? ORDER BY o.task_id
            """, [Self.jsonArray(names), listID.description]
        ) { (row: Row) in
            (row["name"] as String, SQLiteRows.id(row, "task_id") as TaskID)
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func calendarEntries(listID: ListID, names: [String]) async throws -> [CalendarEntry] {
        guard !names.isEmpty else { return [] }
        let entries = try await fetchAll(
            """
            SELECT \(SQLiteRows.prefixedTaskColumns), \(Self.prefixedCalendarObjectColumns), p.uid AS parent_uid
            FROM calendar_objects o JOIN tasks t ON t.id = o.task_id LEFT JOIN calendar_objects p ON p.task_id = t.parent_id
            WHERE o.name IN (SELECT value FROM json_each(?)) AND t.list_id = ? ORDER BY o.task_id
            """, [Self.jsonArray(names), listID.description]
        ) { (columns: SQLiteColumns) in
            let object = columns.from(23)
            return CalendarEntry(
                task: SQLiteRows.task(columns),
                object: CalendarObject(
                    taskID: object.id(0)!, name: object.text(1), uid: object.text(2), body: object.text(3),
                    bodyVersion: object.int64(4), pendingParentUID: object.optionalText(5)),
                parentUID: object.optionalText(6))
        }
        var seen: Set<String> = []
        return entries.filter { seen.insert($0.object.name).inserted }
    }

    public func calendarObjectHeaders(listID: ListID) async throws -> [CalendarObjectHeader] {
        try await fetchAll(
            """
            SELECT o.task_id, o.name, o.uid, o.body_version, o.pending_parent_uid,
                instr(o.body, 'DURATION') > 0 AS mentions_duration
            FROM calendar_objects o JOIN tasks t ON t.id = o.task_id
            WHERE t.list_id = ? AND t.deleted_at IS NULL
            """, [listID.description]
        ) { (row: Row) in
            CalendarObjectHeader(
                taskID: SQLiteRows.id(row, "task_id"), name: row["name"], uid: row["uid"],
                bodyVersion: row["body_version"], pendingParentUID: row["pending_parent_uid"],
                mentionsDuration: row["mentions_duration"])
        }
    }

    /// Text comparison works for both forms of a date: `2027-03-01` sorts before every moment of that day
    /// (`2027-03-01T…Z`), so "on or after the day" and "before the day" hold for days and moments alike.
    public func calendarTasks(listID: ListID, datedFrom from: CivilDate?, before: CivilDate?) async throws
        -> [TaskItem]
    {
        let from = from?.description ?? "", before = before?.description ?? ""
        return try await fetchAll(
            """
            SELECT \(SQLiteRows.taskColumns) FROM tasks t WHERE list_id = ?1 AND deleted_at IS NULL AND (
                ((?2 = '' OR due >= ?2 OR start >= ?2) AND (?3 = '' OR due < ?3 OR start < ?3))
                OR recurrence IS NOT NULL OR (due IS NULL AND start IS NULL)
                OR EXISTS (SELECT 1 FROM calendar_objects o WHERE o.task_id = t.id AND instr(o.body, 'DURATION') > 0))
            ORDER BY rank, id
            """, [listID.description, from, before], SQLiteRows.task)
    }

    public func calendarObjectTasks(listID: ListID, uid: String) async throws -> [TaskID] {
        try await fetchAll(
            """
            SELECT o.task_id FROM calendar_objects o JOIN tasks t ON t.id = o.task_id
            WHERE o.uid = ? AND t.list_id = ? ORDER BY o.task_id
            """, [uid, listID.description]
        ) { (row: Row) in SQLiteRows.id(row, "task_id") as TaskID }
    }

    public func calendarObjectsAwaitingParent(listID: ListID, uid: String) async throws -> [CalendarObject] {
        try await fetchAll(
            """
            SELECT \(Self.prefixedCalendarObjectColumns) FROM calendar_objects o JOIN tasks t ON t.id = o.task_id
            WHERE o.pending_parent_uid = ? AND t.list_id = ? AND t.deleted_at IS NULL ORDER BY o.task_id
            """, [uid, listID.description], Self.calendarObject)
    }

    public func feedKey(accountID: AccountID) async throws -> FeedKey? {
        try await fetchOne(
            "SELECT account_id, key, created_at FROM feed_keys WHERE account_id = ?",
            [accountID.description], Self.feedKey)
    }

    public func feedKey(key: String) async throws -> FeedKey? {
        try await fetchOne("SELECT account_id, key, created_at FROM feed_keys WHERE key = ?", [key], Self.feedKey)
    }

    public func shelvedUndo(id: String, accountID: AccountID, now: Timestamp) async throws -> ShelvedUndo? {
        try await fetchOne(
            """
            SELECT id, account_id, steps, expires_at FROM undo_shelf WHERE id = ? AND account_id = ? AND expires_at >= ?
            """, [id, accountID.description, now.milliseconds]
        ) { (row: Row) in
            ShelvedUndo(
                id: row["id"], accountID: SQLiteRows.id(row, "account_id"), steps: row["steps"],
                expiresAt: SQLiteRows.timestamp(row, "expires_at"))
        }
    }

    public func changes(accountID: AccountID, listID: ListID, after sequence: Int64, limit: Int) async throws
        -> [Change]
    {
        try await fetchAll(
            """
            SELECT * FROM changes WHERE account_id = ? AND list_id = ? AND seq > ? ORDER BY seq LIMIT ?
            """, [accountID.description, listID.description, sequence, limit], SQLiteRows.change)
    }

    public func latestSequence(accountID: AccountID, listID: ListID) async throws -> Int64 {
        try await fetchOne(
            """
            SELECT coalesce(max(seq), 0) AS latest FROM changes WHERE account_id = ? AND list_id = ?
            """, [accountID.description, listID.description]
        ) { (row: Row) in row["latest"] as Int64 } ?? 0
    }

    public func calendarCollectionNames(listIDs: [ListID]) async throws -> [ListID: String] {
        guard !listIDs.isEmpty else { return [:] }
        // One JSON array argument, as `calendarObjects(taskIDs:)`: a member may see more lists than SQLite takes
        // variables in one statement.
        let rows = try await fetchAll(
            """
            SELECT list_id, name FROM calendar_collections WHERE list_id IN (SELECT value FROM json_each(?))
            """, [Self.jsonArray(listIDs.map(\.description))]
        ) { (row: Row) in
            (SQLiteRows.id(row, "list_id") as ListID, row["name"] as String)
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func calendarCollectionLists(name: String) async throws -> [ListID] {
        try await fetchAll("SELECT list_id FROM calendar_collections WHERE name = ? ORDER BY list_id", [name]) {
            (row: Row) in SQLiteRows.id(row, "list_id") as ListID
        }
    }
}
