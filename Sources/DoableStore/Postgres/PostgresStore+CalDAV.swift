public import DoableCore
import Foundation
import PostgresNIO

/// CalDAV objects and collection names, feed keys and per-list feed reads (INTEROP-1, INTEROP-2), as
/// `SQLiteStore+CalDAV`. The writes are in `PostgresWriter+CalDAV.swift`.
extension PostgresStore {
    static let calendarObjectColumns = "task_id, name, uid, body, body_version, pending_parent_uid"
    static let prefixedCalendarObjectColumns =
        "o.task_id, o.name, o.uid, o.body, o.body_version, o.pending_parent_uid"

    static func calendarObject(_ row: PostgresRecord) throws -> CalendarObject {
        CalendarObject(
            taskID: try row.id("task_id"), name: try row["name"], uid: try row["uid"],
            body: try row["body"], bodyVersion: try row["body_version"],
            pendingParentUID: try row["pending_parent_uid"])
    }

    static func feedKey(_ row: PostgresRecord) throws -> FeedKey {
        FeedKey(accountID: try row.id("account_id"), key: try row["key"], createdAt: try row.timestamp("created_at"))
    }

    public func calendarObject(taskID: TaskID) async throws -> CalendarObject? {
        try await fetchOne(
            """
            SELECT \(unescaped: Self.calendarObjectColumns) FROM calendar_objects WHERE task_id = \(taskID.uuid)
            """, Self.calendarObject)
    }

    public func calendarObjects(taskIDs: [TaskID]) async throws -> [CalendarObject] {
        guard !taskIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(unescaped: Self.calendarObjectColumns) FROM calendar_objects
            WHERE task_id = ANY(\(taskIDs.map(\.uuid))) ORDER BY task_id
            """, Self.calendarObject)
    }

    public func calendarObjectTask(listID: ListID, name: String) async throws -> TaskID? {
        try await fetchOne(
            """
            SELECT o.task_id FROM calendar_objects o JOIN tasks t ON t.id = o.task_id
            WHERE o.name = \(name) AND t.list_id = \(listID.uuid) ORDER BY o.task_id LIMIT 1
            """
        ) { try $0.id("task_id") as TaskID }
    }

    public func calendarObjectTasks(listID: ListID, names: [String]) async throws -> [String: TaskID] {
        guard !names.isEmpty else { return [:] }
        let rows = try await fetchAll(
            """
            SELECT o.name, o.task_id FROM calendar_objects o JOIN tasks t ON t.id = o.task_id
            WHERE o.name = ANY(\(names)) AND t.list_id = \(listID.uuid) ORDER BY o.task_id
            """
        ) { (try $0["name"] as String, try $0.id("task_id") as TaskID) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func calendarEntries(listID: ListID, names: [String]) async throws -> [CalendarEntry] {
        guard !names.isEmpty else { return [] }
        let entries = try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.taskColumns), \(unescaped: Self.prefixedCalendarObjectColumns),
                p.uid AS parent_uid
            FROM calendar_objects o JOIN tasks t ON t.id = o.task_id LEFT JOIN calendar_objects p ON p.task_id = t.parent_id
            WHERE o.name = ANY(\(names)) AND t.list_id = \(listID.uuid) ORDER BY o.task_id
            """
        ) { row in
            CalendarEntry(
                task: try PostgresRows.task(row), object: try Self.calendarObject(row), parentUID: try row["parent_uid"])
        }
        var seen: Set<String> = []
        return entries.filter { seen.insert($0.object.name).inserted }
    }

    public func calendarObjectHeaders(listID: ListID) async throws -> [CalendarObjectHeader] {
        try await fetchAll(
            """
            SELECT o.task_id, o.name, o.uid, o.body_version, o.pending_parent_uid,
                position('DURATION' in o.body) > 0 AS mentions_duration
            FROM calendar_objects o JOIN tasks t ON t.id = o.task_id
            WHERE t.list_id = \(listID.uuid) AND t.deleted_at IS NULL
            """
        ) {
            CalendarObjectHeader(
                taskID: try $0.id("task_id"), name: try $0["name"], uid: try $0["uid"],
                bodyVersion: try $0["body_version"], pendingParentUID: try $0["pending_parent_uid"],
                mentionsDuration: try $0["mentions_duration"])
        }
    }

    /// Text comparison works for both forms of a date: `2027-03-01` sorts before every moment of that day
    /// (`2027-03-01T…Z`), so "on or after the day" and "before the day" hold for days and moments alike.
    public func calendarTasks(listID: ListID, datedFrom from: CivilDate?, before: CivilDate?) async throws
        -> [TaskItem]
    {
        // COLLATE "C": byte order, whatever the database's collation makes of `-` and `T`.
        let from = from?.description ?? "", before = before?.description ?? ""
        return try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.taskColumns) FROM tasks t
            WHERE t.list_id = \(listID.uuid) AND t.deleted_at IS NULL AND (
                ((\(from) = '' OR t.due >= \(from) COLLATE "C" OR t.start >= \(from) COLLATE "C")
                    AND (\(before) = '' OR t.due < \(before) COLLATE "C" OR t.start < \(before) COLLATE "C"))
                OR t.recurrence IS NOT NULL OR (t.due IS NULL AND t.start IS NULL)
                OR EXISTS (SELECT 1 FROM calendar_objects o WHERE o.task_id = t.id AND position('DURATION' in o.body) > 0))
            ORDER BY t.rank, t.id
            """, PostgresRows.task)
    }

    public func calendarObjectTasks(listID: ListID, uid: String) async throws -> [TaskID] {
        try await fetchAll(
            """
            SELECT o.task_id FROM calendar_objects o JOIN tasks t ON t.id = o.task_id
            WHERE o.uid = \(uid) AND t.list_id = \(listID.uuid) ORDER BY o.task_id
            """
        ) { try $0.id("task_id") as TaskID }
    }

    public func calendarObjectsAwaitingParent(listID: ListID, uid: String) async throws -> [CalendarObject] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.prefixedCalendarObjectColumns) FROM calendar_objects o
            JOIN tasks t ON t.id = o.task_id
            WHERE o.pending_parent_uid = \(uid) AND t.list_id = \(listID.uuid) AND t.deleted_at IS NULL
            ORDER BY o.task_id
            """, Self.calendarObject)
    }

    public func feedKey(accountID: AccountID) async throws -> FeedKey? {
        try await fetchOne(
            """
            SELECT account_id, key, created_at FROM feed_keys WHERE account_id = \(accountID.uuid)
            """, Self.feedKey)
    }

    public func feedKey(key: String) async throws -> FeedKey? {
        try await fetchOne("SELECT account_id, key, created_at FROM feed_keys WHERE key = \(key)", Self.feedKey)
    }

    public func shelvedUndo(id: String, accountID: AccountID, now: Timestamp) async throws -> ShelvedUndo? {
        try await fetchOne(
            """
            SELECT id, account_id, steps, expires_at FROM undo_shelf
            WHERE id = \(id) AND account_id = \(accountID.uuid) AND expires_at >= \(now.milliseconds)
            """
        ) { row in
            ShelvedUndo(
                id: try row["id"], accountID: try row.id("account_id"), steps: try row["steps"],
                expiresAt: try row.timestamp("expires_at"))
        }
    }

    public func changes(accountID: AccountID, listID: ListID, after sequence: Int64, limit: Int) async throws
        -> [Change]
    {
        try await fetchAll(
            """
            SELECT account_id, seq, entity, entity_id, kind, at, actor_id, list_id FROM changes
            WHERE account_id = \(accountID.uuid) AND list_id = \(listID.uuid) AND seq > \(sequence)
            ORDER BY seq LIMIT \(limit)
            """, PostgresRows.change)
    }

    public func latestSequence(accountID: AccountID, listID: ListID) async throws -> Int64 {
        try await fetchOne(
            """
            SELECT coalesce(max(seq), 0) AS latest FROM changes
            WHERE account_id = \(accountID.uuid) AND list_id = \(listID.uuid)
            """
        ) { try $0["latest"] as Int64 } ?? 0
    }

    public func calendarCollectionNames(listIDs: [ListID]) async throws -> [ListID: String] {
        guard !listIDs.isEmpty else { return [:] }
        let rows = try await fetchAll(
            """
            SELECT list_id, name FROM calendar_collections WHERE list_id = ANY(\(listIDs.map(\.uuid)))
            """
        ) { row in (try row.id("list_id") as ListID, try row["name"] as String) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func calendarCollectionLists(name: String) async throws -> [ListID] {
        try await fetchAll("SELECT list_id FROM calendar_collections WHERE name = \(name) ORDER BY list_id") {
            try $0.id("list_id") as ListID
        }
    }
}
