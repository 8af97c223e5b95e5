import DoableCore
import Foundation
import GRDB

/// Turning SQLite rows into domain values and domain values into statement arguments.
enum SQLiteRows {
    static let taskColumns = """
        id, owner_id, list_id, parent_id, title, notes, status, priority, due, start, estimated_minutes, category,
        assignee_id, label_ids, completed_at, rank, created_at, updated_at, deleted_at, trashed_with, version,
        recurrence, recurrence_basis
        """
    static let prefixedTaskColumns = prefixed(taskColumns, "t")
    static let listColumns = """
        id, owner_id, name, description, color, icon, is_inbox, is_archived, rank, created_at, updated_at,
        deleted_at, version
        """
    static let accountColumns = """
        id, email, username, password_hash, first_name, last_name, gender, gender_description, date_of_birth,
        education_level, phone, show_email, show_phone, is_admin, is_disabled, preferences, inbox_id, created_at,
        updated_at, version, change_seq, disabled_reason, email_verified_at, two_factor, last_seen_at
        """
    static let credentialColumns = """
        id, account_id, kind, name, scope, secret_hash, created_at, expires_at, device_name, address, last_used_at
        """
    static let credentialColumnCount = credentialColumns.split(separator: ",").count
    /// A credential joined with its account (`c`, `a`): see `identity(_:)`.
    static let identityColumns = prefixed(credentialColumns, "c") + ", " + prefixed(accountColumns, "a")

    /// `columns` with each name qualified by a table alias.
    static func prefixed(_ columns: String, _ alias: String) -> String {
        columns.split(separator: ",").map { alias + "." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .joined(separator: ", ")
    }

    static func id<T>(_ row: Row, _ column: String) -> EntityID<T> {
        EntityID<T>(row[column] as String)!
    }

    static func optionalID<T>(_ row: Row, _ column: String) -> EntityID<T>? {
        (row[column] as String?).flatMap { EntityID<T>($0) }
    }

    static func timestamp(_ row: Row, _ column: String) -> Timestamp {
        Timestamp(milliseconds: row[column])
    }

    static func optionalTimestamp(_ row: Row, _ column: String) -> Timestamp? {
        (row[column] as Int64?).map { Timestamp(milliseconds: $0) }
    }

    static func accountArguments(_ account: Account) throws -> [(any DatabaseValueConvertible)?] {
        let preferences = String(decoding: try JSONEncoder().encode(account.preferences), as: UTF8.self)
        return [
            account.id.description, account.email, Rules.matchKey(account.email), account.username,
            Rules.matchKey(account.username), account.passwordHash, account.firstName, account.lastName,
            account.gender?.rawValue, account.genderDescription, account.dateOfBirth?.description,
            account.educationLevel?.rawValue, account.phone, account.showEmail, account.showPhone, account.isAdmin,
            account.isDisabled, preferences, account.inboxID.description, account.createdAt.milliseconds,
            account.updatedAt.milliseconds, account.version, account.disabledReason,
            account.emailVerifiedAt?.milliseconds, try account.twoFactor.map(TwoFactorColumn.text),
        ]
    }

    static func listArguments(_ list: TaskList) -> [(any DatabaseValueConvertible)?] {
        [
            list.id.description, list.ownerID.description, list.name, Rules.matchKey(list.name), list.description,
            list.color, list.icon, list.isInbox, list.isArchived, list.rank, list.createdAt.milliseconds,
            list.updatedAt.milliseconds, list.deletedAt?.milliseconds, list.version,
        ]
    }

    static func taskArguments(_ task: TaskItem) -> [(any DatabaseValueConvertible)?] {
        [
            task.id.description, task.ownerID.description, task.listID.description, task.parentID?.description,
            task.title, Rules.matchKey(task.title), task.notes, task.status.rawValue, task.priority.rawValue,
            task.priority.weight, task.due?.description, task.due?.sortKey.milliseconds, task.start?.description,
            task.estimatedMinutes, task.category?.rawValue, task.assigneeID?.description,
            task.labelIDs.map(\.description).joined(separator: ","), task.completedAt?.milliseconds, task.rank,
            task.createdAt.milliseconds, task.updatedAt.milliseconds, task.deletedAt?.milliseconds,
            task.trashedWith, task.version, task.recurrence, task.recurrenceBasis.rawValue,
        ]
    }

    static func label(_ row: Row) -> Label {
        Label(
            id: id(row, "id"), ownerID: id(row, "owner_id"), name: row["name"], color: row["color"],
            createdAt: timestamp(row, "created_at"), updatedAt: timestamp(row, "updated_at"),
            version: row["version"])
    }

    static func change(_ row: Row) -> Change {
        Change(
            accountID: id(row, "account_id"), sequence: row["seq"],
            entity: Change.Entity(rawValue: row["entity"]) ?? .task, entityID: row["entity_id"],
            kind: Change.Kind(rawValue: row["kind"]) ?? .put, at: timestamp(row, "at"),
            actorID: optionalID(row, "actor_id"), listID: optionalID(row, "list_id"))
    }
}
