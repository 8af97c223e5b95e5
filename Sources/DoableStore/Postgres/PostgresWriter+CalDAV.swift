import DoableCore
import Foundation
import PostgresNIO

/// INTEROP-1 and INTEROP-2 writes, as `SQLiteWriter+CalDAV`: no row here is versioned.
extension PostgresWriter {
    func putCalendarObject(_ object: CalendarObject) async throws {
        try await execute(
            """
            INSERT INTO calendar_objects (\(unescaped: PostgresStore.calendarObjectColumns))
            VALUES (\(object.taskID.uuid), \(object.name), \(object.uid), \(object.body), \(object.bodyVersion),
                    \(object.pendingParentUID))
            ON CONFLICT (task_id) DO UPDATE SET name = excluded.name, uid = excluded.uid, body = excluded.body,
                body_version = excluded.body_version, pending_parent_uid = excluded.pending_parent_uid
            """)
    }

    func deleteCalendarObject(_ taskID: TaskID) async throws {
        try await execute("DELETE FROM calendar_objects WHERE task_id = \(taskID.uuid)")
    }

    func putFeedKey(_ key: FeedKey) async throws {
        try await execute(
            """
            INSERT INTO feed_keys (account_id, key, created_at)
            VALUES (\(key.accountID.uuid), \(key.key), \(key.createdAt.milliseconds))
            ON CONFLICT (account_id) DO UPDATE SET key = excluded.key, created_at = excluded.created_at
            """)
    }

    /// ACC-6: the account's feed key, and the objects of the tasks and the collection names of the lists it owns
    /// (deleted with it).
    func deleteCalDAVRows(of account: AccountID) async throws {
        let id = account.uuid
        try await execute("DELETE FROM calendar_objects WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = \(id))")
        try await execute(
            """
            DELETE FROM calendar_collections WHERE list_id IN (SELECT id FROM lists WHERE owner_id = \(id))
            """)
        try await execute("DELETE FROM feed_keys WHERE account_id = \(id)")
    }

    func putCalendarCollection(_ listID: ListID, name: String) async throws {
        try await execute(
            """
            INSERT INTO calendar_collections (list_id, name) VALUES (\(listID.uuid), \(name))
            ON CONFLICT (list_id) DO UPDATE SET name = excluded.name
            """)
    }

    func deleteCalendarCollection(_ listID: ListID) async throws {
        try await execute("DELETE FROM calendar_collections WHERE list_id = \(listID.uuid)")
    }
}
