import DoableCore
import GRDB
import GRDBSQLite

/// Reads the current row of a stepped statement with SQLite's C API. Used for task rows, read by the thousand:
/// GRDB's generic `Row` subscripts cost a metadata lookup and a copy per column there.
struct SQLiteColumns {
    let statement: SQLiteStatement

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func bytes<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let start = sqlite3_column_text(statement, column)
        let count = Int(sqlite3_column_bytes(statement, column))
        return body(UnsafeBufferPointer(start: start, count: start == nil ? 0 : count))
    }

    func text(_ column: Int32) -> String { bytes(column) { String(decoding: $0, as: UTF8.self) } }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    func id<T>(_ column: Int32) -> EntityID<T>? { bytes(column) { EntityID<T>(utf8: $0) } }

    func optionalID<T>(_ column: Int32) -> EntityID<T>? { isNull(column) ? nil : id(column) }

    /// Comma-separated ids, as `label_ids` stores them.
    func idList<T>(_ column: Int32) -> [EntityID<T>] {
        bytes(column) { buffer in
            guard !buffer.isEmpty else { return [] }
            return buffer.split(separator: UInt8(ascii: ",")).compactMap { part in
                part.withUnsafeBufferPointer { EntityID<T>(utf8: $0) }
            }
        }
    }

    func timestamp(_ column: Int32) -> Timestamp { Timestamp(milliseconds: int64(column)) }

    func optionalTimestamp(_ column: Int32) -> Timestamp? { optionalInt64(column).map(Timestamp.init(milliseconds:)) }
}

extension SQLiteRows {
    /// A row selected with `listColumns`, by position.
    static func list(_ columns: SQLiteColumns) -> TaskList {
        TaskList(
            id: columns.id(0)!, ownerID: columns.id(1)!, name: columns.text(2), description: columns.text(3),
            color: columns.text(4), icon: columns.optionalText(5), isInbox: columns.int64(6) != 0,
            isArchived: columns.int64(7) != 0, rank: columns.text(8), createdAt: columns.timestamp(9),
            updatedAt: columns.timestamp(10), deletedAt: columns.optionalTimestamp(11), version: columns.int64(12))
    }

    /// A row selected with `taskColumns`, by position.
    static func task(_ columns: SQLiteColumns) -> TaskItem {
        TaskItem(
            id: columns.id(0)!, ownerID: columns.id(1)!, listID: columns.id(2)!, parentID: columns.optionalID(3),
            title: columns.text(4), notes: columns.text(5),
            status: TaskStatus(rawValue: columns.text(6)) ?? .pending,
            priority: TaskPriority(rawValue: columns.text(7)) ?? .none,
            due: columns.optionalText(8).flatMap { TaskDate($0) }, start: columns.optionalText(9).flatMap { TaskDate($0) },
            estimatedMinutes: columns.optionalInt64(10).map { Int($0) },
            category: columns.optionalText(11).flatMap(TaskCategory.init(rawValue:)),
            assigneeID: columns.optionalID(12), labelIDs: columns.idList(13),
            completedAt: columns.optionalTimestamp(14), rank: columns.text(15), createdAt: columns.timestamp(16),
            updatedAt: columns.timestamp(17), deletedAt: columns.optionalTimestamp(18),
            trashedWith: columns.optionalText(19), version: columns.int64(20))
    }

    /// Every row of a cached statement, read with `map`.
    static func fetchAll<T>(_ db: Database, sql: String, arguments: StatementArguments, _ map: (SQLiteColumns) -> T)
        throws -> [T]
    {
        let statement = try db.cachedStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        let columns = SQLiteColumns(statement: statement.sqliteStatement)
        var values: [T] = []
        while try cursor.next() != nil { values.append(map(columns)) }
        return values
    }

    static let identityColumns = """
        c.id, c.account_id, c.kind, c.name, c.scope, c.secret_hash, c.created_at, c.expires_at,
        a.id, a.email, a.username, a.password_hash, a.first_name, a.last_name, a.gender, a.gender_description,
        a.date_of_birth, a.education_level, a.phone, a.show_email, a.show_phone, a.is_admin, a.is_disabled,
        a.preferences, a.inbox_id, a.created_at, a.updated_at, a.version, a.change_seq
        """

    /// A row selected with `identityColumns`: read on every authenticated request.
    static func identity(_ columns: SQLiteColumns) throws -> (Credential, Account) {
        let credential = Credential(
            id: columns.id(0)!, accountID: columns.id(1)!, kind: Credential.Kind(rawValue: columns.text(2)) ?? .session,
            name: columns.text(3), scope: Credential.Scope(rawValue: columns.text(4)) ?? .read,
            secretHash: columns.text(5), createdAt: columns.timestamp(6), expiresAt: columns.optionalTimestamp(7))
        var account = Account(
            id: columns.id(8)!, email: columns.text(9), username: columns.text(10), passwordHash: columns.text(11),
            firstName: columns.text(12), lastName: columns.text(13),
            gender: columns.optionalText(14).flatMap(Gender.init(rawValue:)), genderDescription: columns.optionalText(15),
            dateOfBirth: columns.optionalText(16).flatMap { CivilDate($0) },
            educationLevel: columns.optionalText(17).flatMap(EducationLevel.init(rawValue:)),
            phone: columns.optionalText(18), showEmail: columns.int64(19) != 0, showPhone: columns.int64(20) != 0,
            isAdmin: columns.int64(21) != 0, isDisabled: columns.int64(22) != 0,
            preferences: try PreferencesCache.preferences(fromJSON: columns.text(23)), inboxID: columns.id(24)!,
            createdAt: columns.timestamp(25), updatedAt: columns.timestamp(26), version: columns.int64(27))
        account.changeSequence = columns.int64(28)
        return (credential, account)
    }
}
