public import DoableCore
import PostgresNIO

/// Memberships, comments, history and notifications (issue 12), as `SQLiteStore+Sharing`.
extension PostgresStore {
    static let membershipColumns = "list_id, account_id, role, rank, added_by, created_at, updated_at, version"

    static func membership(_ row: PostgresRecord) throws -> ListMembership {
        ListMembership(
            listID: try row.id("list_id"), accountID: try row.id("account_id"),
            role: ListRole(rawValue: try row["role"]) ?? .viewer, rank: try row["rank"],
            addedBy: try row.optionalID("added_by"), createdAt: try row.timestamp("created_at"),
            updatedAt: try row.timestamp("updated_at"), version: try row["version"])
    }

    public func memberships(listID: ListID) async throws -> [ListMembership] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.membershipColumns) FROM list_members WHERE list_id = \(listID.uuid)
            ORDER BY created_at, account_id
            """, Self.membership)
    }

    public func memberships(accountID: AccountID) async throws -> [ListMembership] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.membershipColumns) FROM list_members WHERE account_id = \(accountID.uuid)
            ORDER BY rank, list_id
            """, Self.membership)
    }

    public func membership(listID: ListID, accountID: AccountID) async throws -> ListMembership? {
        try await fetchOne(
            """
            SELECT \(unescaped: Self.membershipColumns) FROM list_members
            WHERE list_id = \(listID.uuid) AND account_id = \(accountID.uuid)
            """, Self.membership)
    }

    public func list(id: ListID, roleOf accountID: AccountID) async throws -> (TaskList, ListRole?)? {
        try await fetchOne(
            """
            SELECT \(unescaped: PostgresRows.listColumns), (
                SELECT role FROM list_members WHERE list_id = lists.id AND account_id = \(accountID.uuid)
            ) AS member_role
            FROM lists WHERE id = \(id.uuid)
            """
        ) { row in
            (try PostgresRows.list(row), (try row["member_role"] as String?).flatMap(ListRole.init(rawValue:)))
        }
    }

    public func memberCounts(listIDs: [ListID]) async throws -> [ListID: Int] {
        guard !listIDs.isEmpty else { return [:] }
        let rows = try await fetchAll(
            """
            SELECT list_id, count(*) AS members FROM list_members WHERE list_id = ANY(\(listIDs.map(\.uuid)))
            GROUP BY list_id
            """
        ) { row in (try row.id("list_id") as ListID, Int(try row["members"] as Int64)) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func lists(ids: [ListID]) async throws -> [TaskList] {
        guard !ids.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.listColumns) FROM lists WHERE id = ANY(\(ids.map(\.uuid)))
            """, PostgresRows.list)
    }

    public func accounts(ids: [AccountID]) async throws -> [Account] {
        guard !ids.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.accountColumns) FROM accounts WHERE id = ANY(\(ids.map(\.uuid)))
            """, PostgresRows.account)
    }

    static let commentColumns = """
        c.id, c.task_id, t.list_id, c.author_id, c.body, c.created_at, c.updated_at, c.edited_at, c.version
        """

    static func comment(_ row: PostgresRecord) throws -> TaskComment {
        TaskComment(
            id: try row.id("id"), taskID: try row.id("task_id"), listID: try row.id("list_id"),
            authorID: try row.id("author_id"), body: try row["body"], createdAt: try row.timestamp("created_at"),
            updatedAt: try row.timestamp("updated_at"), editedAt: try row.optionalTimestamp("edited_at"),
            version: try row["version"])
    }

    public func comment(id: CommentID) async throws -> TaskComment? {
        try await fetchOne(
            """
            SELECT \(unescaped: Self.commentColumns) FROM comments c JOIN tasks t ON t.id = c.task_id
            WHERE c.id = \(id.uuid)
            """, Self.comment)
    }

    public func comments(taskID: TaskID) async throws -> [TaskComment] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.commentColumns) FROM comments c JOIN tasks t ON t.id = c.task_id
            WHERE c.task_id = \(taskID.uuid) ORDER BY c.created_at, c.id
            """, Self.comment)
    }

    public func comments(authorID: AccountID) async throws -> [TaskComment] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.commentColumns) FROM comments c JOIN tasks t ON t.id = c.task_id
            WHERE c.author_id = \(authorID.uuid) ORDER BY c.created_at, c.id
            """, Self.comment)
    }

    public func commentCounts(taskIDs: [TaskID]) async throws -> [TaskID: Int] {
        guard !taskIDs.isEmpty else { return [:] }
        let rows = try await fetchAll(
            """
            SELECT task_id, count(*) AS comments FROM comments WHERE task_id = ANY(\(taskIDs.map(\.uuid)))
            GROUP BY task_id
            """
        ) { row in (try row.id("task_id") as TaskID, Int(try row["comments"] as Int64)) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func activity(taskID: TaskID, limit: Int) async throws -> [TaskActivity] {
        try await fetchAll(
            """
            SELECT id, task_id, actor_id, action, fields, detail, at FROM task_activity
            WHERE task_id = \(taskID.uuid) ORDER BY at DESC, id DESC LIMIT \(limit)
            """
        ) { row in
            TaskActivity(
                id: try row.id("id"), taskID: try row.id("task_id"), actorID: try row.optionalID("actor_id"),
                action: TaskActivity.Action(rawValue: try row["action"]) ?? .edited,
                fields: (try row["fields"] as String).split(separator: ",").map(String.init),
                detail: try row["detail"], at: try row.timestamp("at"))
        }
    }

    static let notificationColumns = """
        id, account_id, kind, title, body, task_id, list_id, actor_id, created_at, read_at, version, posting_id,
        silent
        """

    static func notification(_ row: PostgresRecord) throws -> AppNotification {
        AppNotification(
            id: try row.id("id"), accountID: try row.id("account_id"),
            kind: AppNotification.Kind(rawValue: try row["kind"]) ?? .comment, title: try row["title"],
            body: try row["body"], taskID: try row.optionalID("task_id"), listID: try row.optionalID("list_id"),
            postingID: try row.optionalID("posting_id"), actorID: try row.optionalID("actor_id"), createdAt: try row.timestamp("created_at"),
            readAt: try row.optionalTimestamp("read_at"), version: try row["version"], isSilent: try row["silent"])
    }

    public func notification(id: NotificationID) async throws -> AppNotification? {
        try await fetchOne(
            """
            SELECT \(unescaped: Self.notificationColumns) FROM notifications WHERE id = \(id.uuid)
            """, Self.notification)
    }

    public func notifications(
        accountID: AccountID, unreadOnly: Bool,
        before: (createdAt: Timestamp, id: NotificationID)?, limit: Int
    )
        async throws -> [AppNotification]
    {
        let at = before?.createdAt.milliseconds, id = before?.id.uuid
        return try await fetchAll(
            """
            SELECT \(unescaped: Self.notificationColumns) FROM notifications
            WHERE account_id = \(accountID.uuid) AND (NOT \(unreadOnly) OR read_at IS NULL)
              AND (\(at)::bigint IS NULL OR (created_at, id) < (\(at)::bigint, \(id)::uuid))
            ORDER BY created_at DESC, id DESC LIMIT \(limit)
            """, Self.notification)
    }

    public func unreadNotificationCount(accountID: AccountID) async throws -> Int {
        try await fetchOne(
            """
            SELECT count(*) AS unread FROM notifications WHERE account_id = \(accountID.uuid) AND read_at IS NULL
            """
        ) { Int(try $0["unread"] as Int64) } ?? 0
    }

    public func trashedTasks(listIDs: [ListID]) async throws -> [TaskItem] {
        guard !listIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.taskColumns) FROM tasks t
            WHERE t.list_id = ANY(\(listIDs.map(\.uuid))) AND t.deleted_at IS NOT NULL AND t.trashed_with = t.id::text
            ORDER BY t.deleted_at DESC, t.id
            """, PostgresRows.task)
    }
}
