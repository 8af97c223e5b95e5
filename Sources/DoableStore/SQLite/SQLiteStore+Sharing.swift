public import DoableCore
import GRDB

/// Memberships, comments, history and notifications (issue 12).
extension SQLiteStore {
    static let membershipColumns = "list_id, account_id, role, rank, added_by, created_at, updated_at, version"

    static func membership(_ row: Row) -> ListMembership {
        ListMembership(
            listID: SQLiteRows.id(row, "list_id"), accountID: SQLiteRows.id(row, "account_id"),
            role: ListRole(rawValue: row["role"]) ?? .viewer, rank: row["rank"],
            addedBy: SQLiteRows.optionalID(row, "added_by"), createdAt: SQLiteRows.timestamp(row, "created_at"),
            updatedAt: SQLiteRows.timestamp(row, "updated_at"), version: row["version"])
    }

    public func memberships(listID: ListID) async throws -> [ListMembership] {
        try await fetchAll(
            """
            SELECT \(Self.membershipColumns) FROM list_members WHERE list_id = ? ORDER BY created_at, account_id
            """, [listID.description], Self.membership)
    }

    public func memberships(accountID: AccountID) async throws -> [ListMembership] {
        try await fetchAll(
            """
            SELECT \(Self.membershipColumns) FROM list_members WHERE account_id = ? ORDER BY rank, list_id
            """, [accountID.description], Self.membership)
    }

    public func membership(listID: ListID, accountID: AccountID) async throws -> ListMembership? {
        try await fetchOne(
            """
            SELECT \(Self.membershipColumns) FROM list_members WHERE list_id = ? AND account_id = ?
            """, [listID.description, accountID.description], Self.membership)
    }

    public func list(id: ListID, roleOf accountID: AccountID) async throws -> (TaskList, ListRole?)? {
        try await fetchOne(
            """
            SELECT \(SQLiteRows.prefixed(SQLiteRows.listColumns, "l")), m.role FROM lists l
            LEFT JOIN list_members m ON m.list_id = l.id AND m.account_id = ? WHERE l.id = ?
            """, [accountID.description, id.description]
        ) { (columns: SQLiteColumns) in
            (SQLiteRows.list(columns), columns.optionalText(13).flatMap(ListRole.init(rawValue:)))
        }
    }

    public func memberCounts(listIDs: [ListID]) async throws -> [ListID: Int] {
        guard !listIDs.isEmpty else { return [:] }
        let rows = try await fetchAll(
            """
            SELECT list_id, count(*) AS members FROM list_members
            WHERE list_id IN (SELECT value FROM json_each(?)) GROUP BY list_id
            """, [Self.jsonArray(listIDs.map(\.description))]
        ) { row in
            (SQLiteRows.id(row, "list_id") as ListID, row["members"] as Int)
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func lists(ids: [ListID]) async throws -> [TaskList] {
        guard !ids.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(SQLiteRows.listColumns) FROM lists WHERE id IN (SELECT value FROM json_each(?))
            """, [Self.jsonArray(ids.map(\.description))], SQLiteRows.list)
    }

    public func accounts(ids: [AccountID]) async throws -> [Account] {
        guard !ids.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(SQLiteRows.accountColumns) FROM accounts WHERE id IN (SELECT value FROM json_each(?))
            """, [Self.jsonArray(ids.map(\.description))], SQLiteRows.account)
    }

    static let commentColumns = """
        c.id, c.task_id, t.list_id, c.author_id, c.body, c.created_at, c.updated_at, c.edited_at, c.version
        """

    static func comment(_ row: Row) -> TaskComment {
        TaskComment(
            id: SQLiteRows.id(row, "id"), taskID: SQLiteRows.id(row, "task_id"), listID: SQLiteRows.id(row, "list_id"),
            authorID: SQLiteRows.id(row, "author_id"), body: row["body"],
            createdAt: SQLiteRows.timestamp(row, "created_at"), updatedAt: SQLiteRows.timestamp(row, "updated_at"),
            editedAt: SQLiteRows.optionalTimestamp(row, "edited_at"), version: row["version"])
    }

    public func comment(id: CommentID) async throws -> TaskComment? {
        try await fetchOne(
            """
            SELECT \(Self.commentColumns) FROM comments c JOIN tasks t ON t.id = c.task_id WHERE c.id = ?
            """, [id.description], Self.comment)
    }

    public func comments(taskID: TaskID) async throws -> [TaskComment] {
        try await fetchAll(
            """
            SELECT \(Self.commentColumns) FROM comments c JOIN tasks t ON t.id = c.task_id
            WHERE c.task_id = ? ORDER BY c.created_at, c.id
            """, [taskID.description], Self.comment)
    }

    public func comments(authorID: AccountID) async throws -> [TaskComment] {
        try await fetchAll(
            """
            SELECT \(Self.commentColumns) FROM comments c JOIN tasks t ON t.id = c.task_id
            WHERE c.author_id = ? ORDER BY c.created_at, c.id
            """, [authorID.description], Self.comment)
    }

    public func commentCounts(taskIDs: [TaskID]) async throws -> [TaskID: Int] {
        guard !taskIDs.isEmpty else { return [:] }
        let rows = try await fetchAll(
            """
            SELECT task_id, count(*) AS comments FROM comments
            WHERE task_id IN (SELECT value FROM json_each(?)) GROUP BY task_id
            """, [Self.jsonArray(taskIDs.map(\.description))]
        ) { row in
            (SQLiteRows.id(row, "task_id") as TaskID, row["comments"] as Int)
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func activity(taskID: TaskID, limit: Int) async throws -> [TaskActivity] {
        try await fetchAll(
            """
            SELECT id, task_id, actor_id, action, fields, detail, at FROM task_activity
            WHERE task_id = ? ORDER BY at DESC, id DESC LIMIT ?
            """, [taskID.description, limit]
        ) { row in
            TaskActivity(
                id: SQLiteRows.id(row, "id"), taskID: SQLiteRows.id(row, "task_id"),
                actorID: SQLiteRows.optionalID(row, "actor_id"),
                action: TaskActivity.Action(rawValue: row["action"]) ?? .edited,
                fields: (row["fields"] as String).split(separator: ",").map(String.init), detail: row["detail"],
                at: SQLiteRows.timestamp(row, "at"))
        }
    }

    static let notificationColumns = """
        id, account_id, kind, title, body, task_id, list_id, actor_id, created_at, read_at, version, posting_id,
        silent
        """

    static func notification(_ row: Row) -> AppNotification {
        AppNotification(
            id: SQLiteRows.id(row, "id"), accountID: SQLiteRows.id(row, "account_id"),
            kind: AppNotification.Kind(rawValue: row["kind"]) ?? .comment, title: row["title"], body: row["body"],
            taskID: SQLiteRows.optionalID(row, "task_id"), listID: SQLiteRows.optionalID(row, "list_id"),
            postingID: SQLiteRows.optionalID(row, "posting_id"), actorID: SQLiteRows.optionalID(row, "actor_id"),
            createdAt: SQLiteRows.timestamp(row, "created_at"),
            readAt: SQLiteRows.optionalTimestamp(row, "read_at"), version: row["version"], isSilent: row["silent"])
    }

    public func notification(id: NotificationID) async throws -> AppNotification? {
        try await fetchOne(
            "SELECT \(Self.notificationColumns) FROM notifications WHERE id = ?", [id.description],
            Self.notification)
    }

    public func notifications(
        accountID: AccountID, unreadOnly: Bool,
        before: (createdAt: Timestamp, id: NotificationID)?, limit: Int
    )
        async throws -> [AppNotification]
    {
        try await fetchAll(
            """
            SELECT \(Self.notificationColumns) FROM notifications
            WHERE account_id = ? AND (? = 0 OR read_at IS NULL)
              AND (? IS NULL OR created_at < ? OR (created_at = ? AND id < ?))
            ORDER BY created_at DESC, id DESC LIMIT ?
            """,
            [
                accountID.description, unreadOnly, before?.createdAt.milliseconds, before?.createdAt.milliseconds,
                before?.createdAt.milliseconds, before?.id.description, limit,
            ], Self.notification)
    }

    public func unreadNotificationCount(accountID: AccountID) async throws -> Int {
        try await fetchOne(
            """
            SELECT count(*) AS unread FROM notifications WHERE account_id = ? AND read_at IS NULL
            """, [accountID.description]
        ) { $0["unread"] as Int } ?? 0
    }

    public func trashedTasks(listIDs: [ListID]) async throws -> [TaskItem] {
        guard !listIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(SQLiteRows.taskColumns) FROM tasks
            WHERE list_id IN (SELECT value FROM json_each(?)) AND deleted_at IS NOT NULL AND trashed_with = id
            ORDER BY deleted_at DESC, id
            """, [Self.jsonArray(listIDs.map(\.description))], SQLiteRows.task)
    }
}
