/// A table written whole by `SQLiteWriter.put`: its columns (the id first) and the two statements, built once.
struct SQLiteTable: Sendable {
    let name: String
    let insertSQL: String
    let updateSQL: String

    /// `insertOnly`: columns an insert writes after `columns` and an update leaves alone.
    init(_ name: String, columns: [String], insertOnly: [String] = []) {
        self.name = name
        let inserted = columns + insertOnly
        let marks = Array(repeating: "?", count: inserted.count).joined(separator: ", ")
        insertSQL = "INSERT INTO \(name) (\(inserted.joined(separator: ", "))) VALUES (\(marks))"
        let assignments = columns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")
        updateSQL = "UPDATE \(name) SET \(assignments) WHERE id = ? AND version = ?"
    }

    static let accounts = SQLiteTable(
        "accounts",
        columns: [
            "id", "email", "email_key", "username", "username_key", "password_hash", "first_name", "last_name",
            "gender", "gender_description", "date_of_birth", "education_level", "phone", "show_email", "show_phone",
            "is_admin", "is_disabled", "preferences", "inbox_id", "created_at", "updated_at", "version",
            "disabled_reason", "email_verified_at", "two_factor",
        ])

    static let lists = SQLiteTable(
        "lists",
        columns: [
            "id", "owner_id", "name", "name_key", "description", "color", "icon", "is_inbox", "is_archived", "rank",
            "created_at", "updated_at", "deleted_at", "version",
        ])

    static let tasks = SQLiteTable(
        "tasks",
        columns: [
            "id", "owner_id", "list_id", "parent_id", "title", "title_key", "notes", "status", "priority",
            "priority_weight", "due", "due_at", "start", "estimated_minutes", "category", "assignee_id", "label_ids",
            "completed_at", "rank", "created_at", "updated_at", "deleted_at", "trashed_with", "version", "recurrence",
            "recurrence_basis",
        ], insertOnly: ["inserted_at"])

    static let labels = SQLiteTable(
        "labels",
        columns: [
            "id", "owner_id", "name", "name_key", "color", "created_at", "updated_at", "version",
        ])

    static let comments = SQLiteTable(
        "comments",
        columns: [
            "id", "task_id", "author_id", "body", "created_at", "updated_at", "edited_at", "version",
        ])

    /// `claimed_until` last: every put releases the scheduler's hold (the put is the firing, or an edit it must see).
    static let reminders = SQLiteTable(
        "reminders",
        columns: [
            "id", "task_id", "account_id", "at", "relative_to", "offset_minutes", "snoozed_until", "silenced", "fired_for",
            "next_at", "created_at", "updated_at", "version", "claimed_until",
        ])

    static let webhooks = SQLiteTable(
        "webhooks",
        columns: [
            "id", "account_id", "url", "events", "secret", "feed_cursor", "created_at", "updated_at", "version",
        ])

    static let pushSubscriptions = SQLiteTable(
        "push_subscriptions",
        columns: ["id", "account_id", "endpoint", "p256dh", "auth", "device_name", "created_at", "updated_at", "version"])

    static let notifications = SQLiteTable(
        "notifications",
        columns: [
            "id", "account_id", "kind", "title", "body", "task_id", "list_id", "actor_id", "created_at", "read_at",
            "version", "posting_id", "silent",
        ])
}
