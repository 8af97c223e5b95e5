import DoableCore
import GRDB
import GRDBSQLite

/// Reads the current row of a stepped statement with SQLite's C API. Used for task rows, read by the thousand:
/// GRDB's generic `Row` subscripts cost a metadata lookup and a copy per column there.
struct SQLiteColumns {
    let statement: SQLiteStatement
    /// Where this reader's column 0 is in the row, so a joined row can be read as two values.
    var first: Int32 = 0

    /// A reader whose column 0 is column `offset` of this one.
    func from(_ offset: Int32) -> SQLiteColumns { SQLiteColumns(statement: statement, first: first + offset) }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, first + column) == SQLITE_NULL }

    func bytes<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let start = sqlite3_column_text(statement, first + column)
        let count = Int(sqlite3_column_bytes(statement, first + column))
        return body(UnsafeBufferPointer(start: start, count: start == nil ? 0 : count))
    }

    func text(_ column: Int32) -> String { bytes(column) { String(decoding: $0, as: UTF8.self) } }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, first + column) }

    func bool(_ column: Int32) -> Bool { int64(column) != 0 }

    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    func optionalDouble(_ column: Int32) -> Double? {
        isNull(column) ? nil : sqlite3_column_double(statement, first + column)
    }

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
            color: columns.text(4), icon: columns.optionalText(5), isInbox: columns.bool(6),
            isArchived: columns.bool(7), rank: columns.text(8), createdAt: columns.timestamp(9),
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
            trashedWith: columns.optionalText(19), version: columns.int64(20), recurrence: columns.optionalText(21),
            recurrenceBasis: RecurrenceBasis(rawValue: columns.text(22)) ?? .due)
    }

    /// Every row of a cached statement, read with `map`.
    static func fetchAll<T>(
        _ db: Database, sql: String, arguments: StatementArguments,
        _ map: (SQLiteColumns) throws -> T
    ) throws -> [T] {
        let statement = try db.cachedStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        let columns = SQLiteColumns(statement: statement.sqliteStatement)
        var values: [T] = []
        while try cursor.next() != nil { values.append(try map(columns)) }
        return values
    }

    /// A row selected with `accountColumns`, by position.
    static func account(_ columns: SQLiteColumns) throws -> Account {
        var account = Account(
            id: columns.id(0)!, email: columns.text(1), username: columns.text(2), passwordHash: columns.text(3),
            firstName: columns.text(4), lastName: columns.text(5),
            gender: columns.optionalText(6).flatMap(Gender.init(rawValue:)), genderDescription: columns.optionalText(7),
            dateOfBirth: columns.optionalText(8).flatMap { CivilDate($0) },
            educationLevel: columns.optionalText(9).flatMap(EducationLevel.init(rawValue:)),
            phone: columns.optionalText(10), showEmail: columns.bool(11), showPhone: columns.bool(12),
            isAdmin: columns.bool(13), isDisabled: columns.bool(14),
            preferences: try PreferencesCache.preferences(fromJSON: columns.text(15)), inboxID: columns.id(16)!,
            createdAt: columns.timestamp(17), updatedAt: columns.timestamp(18), version: columns.int64(19))
        account.changeSequence = columns.int64(20)
        account.disabledReason = columns.optionalText(21)
        account.emailVerifiedAt = columns.optionalTimestamp(22)
        account.twoFactor = try columns.optionalText(23).map(TwoFactorColumn.twoFactor)
        account.lastSeenAt = columns.optionalTimestamp(24)
        return account
    }

    /// A row selected with `credentialColumns`, by position.
    static func credential(_ columns: SQLiteColumns) -> Credential {
        Credential(
            id: columns.id(0)!, accountID: columns.id(1)!, kind: Credential.Kind(rawValue: columns.text(2)) ?? .session,
            name: columns.text(3), scope: Credential.Scope(rawValue: columns.text(4)) ?? .read,
            secretHash: columns.text(5), createdAt: columns.timestamp(6), expiresAt: columns.optionalTimestamp(7),
            deviceName: columns.optionalText(8), address: columns.optionalText(9),
            lastUsedAt: columns.optionalTimestamp(10))
    }

    /// A credential and its account, read on every authenticated request: `credentialColumns` then
    /// `accountColumns`.
    static func identity(_ columns: SQLiteColumns) throws -> (Credential, Account) {
        (credential(columns), try account(columns.from(Int32(credentialColumnCount))))
    }
}
