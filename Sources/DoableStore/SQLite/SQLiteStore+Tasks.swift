public import DoableCore
import Foundation
import GRDB

extension SQLiteStore {
    public func task(id: TaskID) async throws -> TaskItem? {
        try await fetchOne(
            "SELECT \(SQLiteRows.taskColumns) FROM tasks WHERE id = ?", [id.description],
            SQLiteRows.task)
    }

    public func tasks(matching query: TaskQuery) async throws -> [TaskItem] {
        let (sql, arguments) = Self.taskSQL(query)
        return try await fetchAll(sql, arguments, SQLiteRows.task)
    }

    /// The page and its progress in one read transaction, one trip to the reader pool.
    public func tasksWithProgress(matching query: TaskQuery) async throws -> [(TaskItem, SubtaskProgress)] {
        let (sql, arguments) = Self.taskSQL(query)
        return try await read { db in
            let tasks = try SQLiteRows.fetchAll(db, sql: sql, arguments: arguments, SQLiteRows.task)
            let progress = try Self.fetchProgress(db, ids: tasks.map(\.id))
            return tasks.map { ($0, progress[$0.id] ?? SubtaskProgress(done: 0, total: 0)) }
        }
    }

    /// The credential and its account in one statement.
    public func identity(secretHash: String) async throws -> (Credential, Account)? {
        try await readOneStatement { db in
            let statement = try db.cachedStatement(
                sql: """
                    SELECT \(SQLiteRows.identityColumns) FROM credentials c JOIN accounts a ON a.id = c.account_id
                    WHERE c.secret_hash = ?
                    """)
            let cursor = try Row.fetchCursor(statement, arguments: [secretHash])
            guard try cursor.next() != nil else { return nil }
            return try SQLiteRows.identity(SQLiteColumns(statement: statement.sqliteStatement))
        }
    }

    static func taskSQL(_ query: TaskQuery) -> (String, StatementArguments) {
        // With a list, a parent or search words, their index is the narrow one; the unary + keeps SQLite from
        // walking the owner's whole rank index instead. It did, without statistics: ~300 rows read for a page of
        // 50 in a list, and for a search every one of the owner's tasks checked against the full-text matches
        // (11 ms instead of 5 for an owner with 59,000 tasks).
        let narrowed = query.listID != nil || query.parentID != nil || !query.searchWords.isEmpty
        let ownerCondition = narrowed ? "+t.owner_id = ?" : "t.owner_id = ?"
        var conditions = ["t.deleted_at IS NULL"]
        var arguments: [(any DatabaseValueConvertible)?] = [query.ownerID.description]
        if query.sharedListIDs.isEmpty {
            conditions.insert(ownerCondition, at: 0)
        } else {
            // The caller's own tasks and those of the lists shared with it (COLLAB-3).
            conditions.insert("(t.owner_id = ? OR t.list_id IN (SELECT value FROM json_each(?)))", at: 0)
            arguments.append(Self.jsonArray(query.sharedListIDs.map(\.description)))
        }
        if let listID = query.listID {
            conditions.append("t.list_id = ?")
            arguments.append(listID.description)
        }
        if let parentID = query.parentID {
            conditions.append("t.parent_id = ?")
            arguments.append(parentID.description)
        }
        // Every multi-value filter binds its values as one JSON array (issue 10, findings 2 and 18): the statement
        // has the same shape for any number of values, far from SQLite's expression-depth and variable limits.
        let labelIDs = query.labelIDs.distinct
        if labelIDs.count == 1 {
            conditions.append("EXISTS (SELECT 1 FROM task_labels l WHERE l.task_id = t.id AND l.label_id = ?)")
            arguments.append(labelIDs[0].description)
        } else if labelIDs.count > 1 {
            conditions.append(
                """
                t.id IN (SELECT task_id FROM task_labels WHERE label_id IN (SELECT value FROM json_each(?))
                         GROUP BY task_id HAVING count(*) = ?)
                """)
            arguments.append(Self.jsonArray(labelIDs.map(\.description)))
            arguments.append(labelIDs.count)
        }
        if !query.statuses.isEmpty {
            conditions.append("t.status IN (SELECT value FROM json_each(?))")
            arguments.append(Self.jsonArray(query.statuses.distinct.map(\.rawValue)))
        }
        if !query.priorities.isEmpty {
            conditions.append("t.priority IN (SELECT value FROM json_each(?))")
            arguments.append(Self.jsonArray(query.priorities.distinct.map(\.rawValue)))
        }
        if let dueFrom = query.dueFrom {
            conditions.append("t.due_at >= ?")
            arguments.append(dueFrom.milliseconds)
        }
        if let dueTo = query.dueTo {
            conditions.append("t.due_at <= ?")
            arguments.append(dueTo.milliseconds)
        }
        if query.repeatsOnly { conditions.append("t.recurrence IS NOT NULL") }
        if let assigneeID = query.assigneeID {
            conditions.append("t.assignee_id = ?")
            arguments.append(assigneeID.description)
        }
        let words = query.searchWords
        if !words.isEmpty {
            let ownerKeys = ([query.ownerID] + query.sharedOwnerIDs).distinct
                .map { "o" + $0.description.replacingOccurrences(of: "-", with: "") }
            let terms = words.map { "\"\($0)\"*" }.joined(separator: " AND ")
            conditions.append("t.rowid IN (SELECT rowid FROM tasks_fts WHERE tasks_fts MATCH ?)")
            arguments.append("owner_key:(\(ownerKeys.joined(separator: " OR "))) AND {title notes}:(\(terms))")
        }
        arguments.append(query.limit)
        arguments.append(query.offset)
        let sql = """
            SELECT \(SQLiteRows.taskColumns) FROM tasks t WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(query.sort.orderClause) LIMIT ? OFFSET ?
            """
        return (sql, StatementArguments(arguments))
    }

    /// Bounded by `Rules.maximumTaskDepth` levels, so that even a parent cycle (which the schema refuses) could
    /// not make it endless.
    public func descendants(of id: TaskID) async throws -> [TaskItem] {
        try await fetchAll(
            """
            WITH RECURSIVE subtree(id, depth) AS (
                SELECT id, 1 FROM tasks WHERE parent_id = ?
                UNION ALL
                SELECT t.id, s.depth + 1 FROM tasks t JOIN subtree s ON t.parent_id = s.id WHERE s.depth < ?
            )
            SELECT \(SQLiteRows.prefixedTaskColumns)
            FROM tasks t JOIN subtree s ON s.id = t.id ORDER BY s.depth, t.rank, t.id
            """, [id.description, Rules.maximumTaskDepth], SQLiteRows.task)
    }

    public func progress(of ids: [TaskID]) async throws -> [TaskID: SubtaskProgress] {
        try await readOneStatement { db in try Self.fetchProgress(db, ids: ids) }
    }

    /// One statement for any number of roots (the ids go in as a JSON array), so it is prepared once; bounded by
    /// `Rules.maximumTaskDepth` levels like `descendants(of:)`.
    static func fetchProgress(_ db: Database, ids: [TaskID]) throws -> [TaskID: SubtaskProgress] {
        guard !ids.isEmpty else { return [:] }
        let rows = try SQLiteRows.fetchAll(
            db,
            sql: """
                WITH RECURSIVE subtree(root, id, status, depth) AS (
                    SELECT parent_id, id, status, 1 FROM tasks
                    WHERE parent_id IN (SELECT value FROM json_each(?)) AND deleted_at IS NULL
                    UNION ALL
                    SELECT s.root, t.id, t.status, s.depth + 1 FROM tasks t JOIN subtree s ON t.parent_id = s.id
                    WHERE t.deleted_at IS NULL AND s.depth < ?
                )
                SELECT root, count(*) AS total, sum(status = 'completed') AS done FROM subtree GROUP BY root
                """, arguments: [jsonArray(ids.map(\.description)), Rules.maximumTaskDepth]
        ) { columns in
            (columns.id(0)! as TaskID, SubtaskProgress(done: Int(columns.int64(2)), total: Int(columns.int64(1))))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func neighbourRanks(listID: ListID, parentID: TaskID?, around rank: String?) async throws
        -> (below: String?, above: String?)
    {
        let parentCondition = parentID == nil ? "parent_id IS NULL" : "parent_id = ?"
        var base: [(any DatabaseValueConvertible)?] = [listID.description]
        if let parentID { base.append(parentID.description) }
        let scope = "list_id = ? AND \(parentCondition) AND deleted_at IS NULL"
        guard let rank else {
            let last = try await fetchOne("SELECT max(rank) AS r FROM tasks WHERE \(scope)", StatementArguments(base)) {
                $0["r"] as String?
            }
            return (last ?? nil, nil)
        }
        let below = try await fetchOne(
            "SELECT max(rank) AS r FROM tasks WHERE \(scope) AND rank < ?",
            StatementArguments(base + [rank])
        ) { $0["r"] as String? }
        let above = try await fetchOne(
            "SELECT min(rank) AS r FROM tasks WHERE \(scope) AND rank > ?",
            StatementArguments(base + [rank])
        ) { $0["r"] as String? }
        return (below ?? nil, above ?? nil)
    }

    public func tasks(trashedWith key: String) async throws -> [TaskItem] {
        try await fetchAll(
            "SELECT \(SQLiteRows.taskColumns) FROM tasks WHERE trashed_with = ? ORDER BY rank, id", [key],
            SQLiteRows.task)
    }

    public func tasks(listID: ListID, includingTrashed: Bool) async throws -> [TaskItem] {
        let trashed = includingTrashed ? "" : " AND deleted_at IS NULL"
        return try await fetchAll(
            "SELECT \(SQLiteRows.taskColumns) FROM tasks WHERE list_id = ?\(trashed) ORDER BY rank, id",
            [listID.description], SQLiteRows.task)
    }

    public func tasks(assignedTo accountID: AccountID) async throws -> [TaskItem] {
        try await fetchAll(
            "SELECT \(SQLiteRows.taskColumns) FROM tasks WHERE assignee_id = ? ORDER BY id",
            [accountID.description], SQLiteRows.task)
    }

    public func tasks(labelID: LabelID) async throws -> [TaskItem] {
        try await fetchAll(
            """
            SELECT \(SQLiteRows.taskColumns) FROM tasks WHERE id IN (SELECT task_id FROM task_labels WHERE label_id = ?)
            ORDER BY rank, id
            """, [labelID.description], SQLiteRows.task)
    }

    /// A JSON array of strings, for binding many values as one argument (`json_each(?)`). The strings are ids and
    /// enumeration raw values, but they are escaped all the same.
    static func jsonArray(_ values: [String]) -> String {
        var json = "["
        for (index, value) in values.enumerated() {
            if index > 0 { json += "," }
            json += "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                default:
                    if scalar.value < 0x20 {
                        json +=
                            "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                            + String(scalar.value, radix: 16)
                    } else {
                        json.unicodeScalars.append(scalar)
                    }
                }
            }
            json += "\""
        }
        return json + "]"
    }
}
