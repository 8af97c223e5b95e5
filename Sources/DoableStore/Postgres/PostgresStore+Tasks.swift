public import DoableCore
import Foundation
import PostgresNIO

extension PostgresStore {
    public func task(id: TaskID) async throws -> TaskItem? {
        try await fetchOne(
            "SELECT \(unescaped: PostgresRows.taskColumns) FROM tasks t WHERE t.id = \(id.uuid)",
            PostgresRows.task)
    }

    public func tasks(matching query: TaskQuery) async throws -> [TaskItem] {
        try await fetchAll(try Self.statement(matching: query), PostgresRows.task)
    }

    /// The statement `tasks(matching:)` runs.
    static func statement(matching query: TaskQuery) throws -> PostgresQuery {
        var builder = PostgresQueryBuilder()
        var conditions = ["t.deleted_at IS NULL"]
        let owner = try builder.bind(query.ownerID.uuid)
        if query.sharedListIDs.isEmpty {
            conditions.insert("t.owner_id = \(owner)", at: 0)
        } else {
            // The caller's own tasks and those of the lists shared with it (COLLAB-3).
            let shared = try builder.bind(query.sharedListIDs.map(\.uuid))
            conditions.insert("(t.owner_id = \(owner) OR t.list_id = ANY(\(shared)))", at: 0)
        }
        if let listID = query.listID { conditions.append("t.list_id = \(try builder.bind(listID.uuid))") }
        if let parentID = query.parentID { conditions.append("t.parent_id = \(try builder.bind(parentID.uuid))") }
        // Every multi-value filter binds its values as one array (issue 10, finding 18): one expression per label
        // made the planner's work grow with their number (4.5 s for 100 labels), an array keeps it constant.
        let labelIDs = query.labelIDs.distinct
        if labelIDs.count == 1 {
            let label = try builder.bind(labelIDs[0].uuid)
            conditions.append("EXISTS (SELECT 1 FROM task_labels l WHERE l.task_id = t.id AND l.label_id = \(label))")
        } else if labelIDs.count > 1 {
            let labels = try builder.bind(labelIDs.map(\.uuid))
            let count = try builder.bind(labelIDs.count)
            conditions.append(
                """
                t.id IN (SELECT task_id FROM task_labels WHERE label_id = ANY(\(labels))
                         GROUP BY task_id HAVING count(*) = \(count))
                """)
        }
        if !query.statuses.isEmpty {
            conditions.append("t.status = ANY(\(try builder.bind(query.statuses.distinct.map(\.rawValue))))")
        }
        if !query.priorities.isEmpty {
            conditions.append(
                "t.priority = ANY(\(try builder.bind(query.priorities.distinct.map(\.rawValue))))")
        }
        if let dueFrom = query.dueFrom { conditions.append("t.due_at >= \(try builder.bind(dueFrom.milliseconds))") }
        if let dueTo = query.dueTo { conditions.append("t.due_at <= \(try builder.bind(dueTo.milliseconds))") }
        if query.repeatsOnly { conditions.append("t.recurrence IS NOT NULL") }
        if let assigneeID = query.assigneeID {
            conditions.append("t.assignee_id = \(try builder.bind(assigneeID.uuid))")
        }
        let words = query.searchWords
        if !words.isEmpty {
            // Each word is letters and digits only, so `word:*` is a well-formed prefix term; it is still bound.
            let terms = words.map { "\($0):*" }.joined(separator: " & ")
            conditions.append("t.search @@ to_tsquery('simple', \(try builder.bind(terms)))")
        }
        let limit = try builder.bind(query.limit)
        let offset = try builder.bind(query.offset)
        builder.sql = """
            SELECT \(PostgresRows.taskColumns) FROM tasks t WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(query.sort.orderClause) LIMIT \(limit) OFFSET \(offset)
            """
        return builder.query
    }

    /// Bounded by `Rules.maximumTaskDepth` levels, like the SQLite engine's.
    public func descendants(of id: TaskID) async throws -> [TaskItem] {
        try await fetchAll(
            """
            WITH RECURSIVE subtree(id, depth) AS (
                SELECT id, 1 FROM tasks WHERE parent_id = \(id.uuid)
                UNION ALL
                SELECT t.id, s.depth + 1 FROM tasks t JOIN subtree s ON t.parent_id = s.id
                WHERE s.depth < \(Rules.maximumTaskDepth)
            )
            SELECT \(unescaped: PostgresRows.taskColumns)
            FROM tasks t JOIN subtree s ON s.id = t.id ORDER BY s.depth, t.rank, t.id
            """, PostgresRows.task)
    }

    public func progress(of ids: [TaskID]) async throws -> [TaskID: SubtaskProgress] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await fetchAll(
            """
            WITH RECURSIVE subtree(root, id, status, depth) AS (
                SELECT parent_id, id, status, 1 FROM tasks
                WHERE parent_id = ANY(\(ids.map(\.uuid))) AND deleted_at IS NULL
                UNION ALL
                SELECT s.root, t.id, t.status, s.depth + 1 FROM tasks t JOIN subtree s ON t.parent_id = s.id
                WHERE t.deleted_at IS NULL AND s.depth < \(Rules.maximumTaskDepth)
            )
            SELECT root, count(*) AS total, count(*) FILTER (WHERE status = 'completed') AS done
            FROM subtree GROUP BY root
            """
        ) { row in
            (
                try row.id("root") as TaskID,
                SubtaskProgress(done: Int(try row["done"] as Int64), total: Int(try row["total"] as Int64))
            )
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func neighbourRanks(listID: ListID, parentID: TaskID?, around rank: String?) async throws
        -> (below: String?, above: String?)
    {
        var builder = PostgresQueryBuilder()
        var scope = "t.list_id = \(try builder.bind(listID.uuid)) AND t.deleted_at IS NULL"
        // `parent_id IS NOT DISTINCT FROM $2` could not use an index: spell the two cases out.
        if let parentID {
            scope += " AND t.parent_id = \(try builder.bind(parentID.uuid))"
        } else {
            scope += " AND t.parent_id IS NULL"
        }
        guard let rank else {
            builder.sql = "SELECT max(t.rank) AS r FROM tasks t WHERE \(scope)"
            let last = try await fetchOne(builder.query) { try $0["r"] as String? }
            return (last ?? nil, nil)
        }
        let mark = try builder.bind(rank)
        builder.sql = """
            SELECT (SELECT max(t.rank) FROM tasks t WHERE \(scope) AND t.rank < \(mark)) AS below,
                   (SELECT min(t.rank) FROM tasks t WHERE \(scope) AND t.rank > \(mark)) AS above
            """
        let row = try await fetchOne(builder.query) { row in
            (try row["below"] as String?, try row["above"] as String?)
        }
        return row ?? (nil, nil)
    }

    public func tasks(trashedWith key: String) async throws -> [TaskItem] {
        try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.taskColumns) FROM tasks t WHERE t.trashed_with = \(key)
            ORDER BY t.rank, t.id
            """, PostgresRows.task)
    }

    public func tasks(listID: ListID, includingTrashed: Bool) async throws -> [TaskItem] {
        let trashed = includingTrashed ? "" : " AND t.deleted_at IS NULL"
        return try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.taskColumns) FROM tasks t
            WHERE t.list_id = \(listID.uuid)\(unescaped: trashed) ORDER BY t.rank, t.id
            """, PostgresRows.task)
    }

    public func tasks(assignedTo accountID: AccountID) async throws -> [TaskItem] {
        try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.taskColumns) FROM tasks t WHERE t.assignee_id = \(accountID.uuid) ORDER BY t.id
            """, PostgresRows.task)
    }

    public func tasks(labelID: LabelID) async throws -> [TaskItem] {
        try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.taskColumns) FROM tasks t
            WHERE t.id IN (SELECT task_id FROM task_labels WHERE label_id = \(labelID.uuid)) ORDER BY t.rank, t.id
            """, PostgresRows.task)
    }
}
