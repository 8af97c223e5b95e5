import DoableCore
import Foundation
import GRDB

/// INTEROP-1 and INTEROP-2 writes. No row here is versioned: a calendar object changes only with its task, in the
/// task's batch (whose version check covers both), and a feed key or a collection name is replaced whole.
extension SQLiteWriter {
    func putCalendarObject(_ object: CalendarObject) throws {
        try execute(
            """
            INSERT INTO calendar_objects (\(SQLiteStore.calendarObjectColumns)) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (task_id) DO UPDATE SET name = excluded.name, uid = excluded.uid, body = excluded.body,
                body_version = excluded.body_version, pending_parent_uid = excluded.pending_parent_uid
            """,
            arguments: [
                object.taskID.description, object.name, object.uid, object.body, object.bodyVersion,
                object.pendingParentUID,
            ])
    }

    func deleteCalendarObject(_ taskID: TaskID) throws {
        try execute("DELETE FROM calendar_objects WHERE task_id = ?", arguments: [taskID.description])
    }

    func putFeedKey(_ key: FeedKey) throws {
        try execute(
            """
            INSERT INTO feed_keys (account_id, key, created_at) VALUES (?, ?, ?)
            ON CONFLICT (account_id) DO UPDATE SET key = excluded.key, created_at = excluded.created_at
            """, arguments: [key.accountID.description, key.key, key.createdAt.milliseconds])
    }

    /// ACC-6: the account's feed key, and the objects of the tasks and the collection names of the lists it owns
    /// (deleted with it).
    func deleteCalDAVRows(of account: AccountID) throws {
        let id = account.description
        try execute(
            "DELETE FROM calendar_objects WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = ?)",
            arguments: [id])
        try execute(
            "DELETE FROM calendar_collections WHERE list_id IN (SELECT id FROM lists WHERE owner_id = ?)",
            arguments: [id])
        try execute("DELETE FROM feed_keys WHERE account_id = ?", arguments: [id])
    }

    func putCalendarCollection(_ listID: ListID, name: String) throws {
        try execute(
            """
            INSERT INTO calendar_collections (list_id, name) VALUES (?, ?)
            ON CONFLICT (list_id) DO UPDATE SET name = excluded.name
            """, arguments: [listID.description, name])
    }

    func deleteCalendarCollection(_ listID: ListID) throws {
        try execute("DELETE FROM calendar_collections WHERE list_id = ?", arguments: [listID.description])
    }
}
