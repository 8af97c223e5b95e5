import DoableCore
import Foundation
import PostgresNIO

/// Turning PostgreSQL rows into domain values and domain values into the columns of a write.
enum PostgresRows {
    /// Qualified by the table's name, so they also read an account joined with another table.
    static let accountColumns = """
        accounts.id, accounts.email, accounts.username, accounts.password_hash, accounts.first_name,
        accounts.last_name, accounts.gender, accounts.gender_description,
        to_char(accounts.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, accounts.education_level, accounts.phone,
        accounts.show_email, accounts.show_phone, accounts.is_admin, accounts.is_disabled, accounts.preferences,
        accounts.inbox_id, accounts.created_at, accounts.updated_at, accounts.version, accounts.change_seq,
        accounts.disabled_reason, accounts.email_verified_at, accounts.two_factor, accounts.last_seen_at
        """
    static let credentialColumns = """
        id, account_id, kind, name, scope, secret_hash, created_at, expires_at, device_name, address, last_used_at
        """
    /// The credential columns of `credentials c` renamed `credential_…`, to sit beside an account's in one row.
    static let joinedCredentialColumns = credentialColumns.split(separator: ",")
        .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.map { "c.\($0) AS credential_\($0)" }
        .joined(separator: ", ")
    static let listColumns = """
        id, owner_id, name, description, color, icon, is_inbox, is_archived, rank, created_at, updated_at,
        deleted_at, version
        """
    static let labelColumns = "id, owner_id, name, color, created_at, updated_at, version"
    /// Every query names the tasks table `t`.
    static let taskColumns = """
        t.id, t.owner_id, t.list_id, t.parent_id, t.title, t.notes, t.status, t.priority, t.due, t.start,
        t.estimated_minutes, t.category, t.assignee_id, t.label_ids, t.completed_at, t.rank, t.created_at,
        t.updated_at, t.deleted_at, t.trashed_with, t.version, t.recurrence, t.recurrence_basis
        """

    static func account(_ row: PostgresRecord) throws -> Account {
        let preferences: String = try row["preferences"]
        var account = Account(
            id: try row.id("id"), email: try row["email"], username: try row["username"],
            passwordHash: try row["password_hash"], firstName: try row["first_name"], lastName: try row["last_name"],
            gender: (try row["gender"] as String?).flatMap(Gender.init(rawValue:)),
            genderDescription: try row["gender_description"],
            dateOfBirth: (try row["date_of_birth"] as String?).flatMap { CivilDate($0) },
            educationLevel: (try row["education_level"] as String?).flatMap(EducationLevel.init(rawValue:)),
            phone: try row["phone"], showEmail: try row["show_email"], showPhone: try row["show_phone"],
            isAdmin: try row["is_admin"], isDisabled: try row["is_disabled"],
            preferences: try PreferencesCache.preferences(fromJSON: preferences),
            inboxID: try row.id("inbox_id"), createdAt: try row.timestamp("created_at"),
            updatedAt: try row.timestamp("updated_at"), version: try row["version"])
        account.changeSequence = try row["change_seq"]
        account.disabledReason = try row["disabled_reason"]
        account.emailVerifiedAt = try row.optionalTimestamp("email_verified_at")
        account.twoFactor = try (try row["two_factor"] as String?).map(TwoFactorColumn.twoFactor)
        account.lastSeenAt = try row.optionalTimestamp("last_seen_at")
        return account
    }

    static func accountValues(_ account: Account) throws -> PostgresRowValues {
        var values = PostgresRowValues()
        try values.set("id", account.id.uuid)
        try values.set("email", account.email)
        try values.set("email_key", Rules.matchKey(account.email))
        try values.set("username", account.username)
        try values.set("username_key", Rules.matchKey(account.username))
        try values.set("password_hash", account.passwordHash)
        try values.set("first_name", account.firstName)
        try values.set("last_name", account.lastName)
        try values.set("gender", account.gender?.rawValue)
        try values.set("gender_description", account.genderDescription)
        try values.set("date_of_birth", account.dateOfBirth?.description, cast: "date")
        try values.set("education_level", account.educationLevel?.rawValue)
        try values.set("phone", account.phone)
        try values.set("show_email", account.showEmail)
        try values.set("show_phone", account.showPhone)
        try values.set("is_admin", account.isAdmin)
        try values.set("is_disabled", account.isDisabled)
        try values.set(
            "preferences", String(decoding: try JSONEncoder().encode(account.preferences), as: UTF8.self),
            cast: "jsonb")
        try values.set("inbox_id", account.inboxID.uuid)
        try values.set("created_at", account.createdAt.milliseconds)
        try values.set("updated_at", account.updatedAt.milliseconds)
        try values.set("version", account.version)
        try values.set("disabled_reason", account.disabledReason)
        try values.set("email_verified_at", account.emailVerifiedAt?.milliseconds)
        try values.set("two_factor", try account.twoFactor.map(TwoFactorColumn.text))
        return values
    }

    /// A row selected with `credentialColumns`, or with `joinedCredentialColumns` when `prefix` is `credential_`.
    static func credential(_ row: PostgresRecord, prefix: String = "") throws -> Credential {
        Credential(
            id: try row.id(prefix + "id"), accountID: try row.id(prefix + "account_id"),
            kind: Credential.Kind(rawValue: try row[prefix + "kind"]) ?? .session, name: try row[prefix + "name"],
            scope: Credential.Scope(rawValue: try row[prefix + "scope"]) ?? .read,
            secretHash: try row[prefix + "secret_hash"], createdAt: try row.timestamp(prefix + "created_at"),
            expiresAt: try row.optionalTimestamp(prefix + "expires_at"), deviceName: try row[prefix + "device_name"],
            address: try row[prefix + "address"], lastUsedAt: try row.optionalTimestamp(prefix + "last_used_at"))
    }

    static func list(_ row: PostgresRecord) throws -> TaskList {
        TaskList(
            id: try row.id("id"), ownerID: try row.id("owner_id"), name: try row["name"],
            description: try row["description"], color: try row["color"], icon: try row["icon"],
            isInbox: try row["is_inbox"], isArchived: try row["is_archived"], rank: try row["rank"],
            createdAt: try row.timestamp("created_at"), updatedAt: try row.timestamp("updated_at"),
            deletedAt: try row.optionalTimestamp("deleted_at"), version: try row["version"])
    }

    static func listValues(_ list: TaskList) throws -> PostgresRowValues {
        var values = PostgresRowValues()
        try values.set("id", list.id.uuid)
        try values.set("owner_id", list.ownerID.uuid)
        try values.set("name", list.name)
        try values.set("name_key", Rules.matchKey(list.name))
        try values.set("description", list.description)
        try values.set("color", list.color)
        try values.set("icon", list.icon)
        try values.set("is_inbox", list.isInbox)
        try values.set("is_archived", list.isArchived)
        try values.set("rank", list.rank)
        try values.set("created_at", list.createdAt.milliseconds)
        try values.set("updated_at", list.updatedAt.milliseconds)
        try values.set("deleted_at", list.deletedAt?.milliseconds)
        try values.set("version", list.version)
        return values
    }

    static func task(_ row: PostgresRecord) throws -> TaskItem {
        let labelIDs: [UUID] = try row["label_ids"]
        return TaskItem(
            id: try row.id("id"), ownerID: try row.id("owner_id"), listID: try row.id("list_id"),
            parentID: try row.optionalID("parent_id"), title: try row["title"], notes: try row["notes"],
            status: TaskStatus(rawValue: try row["status"]) ?? .pending,
            priority: TaskPriority(rawValue: try row["priority"]) ?? .none,
            due: (try row["due"] as String?).flatMap { TaskDate($0) },
            start: (try row["start"] as String?).flatMap { TaskDate($0) },
            estimatedMinutes: try row["estimated_minutes"],
            category: (try row["category"] as String?).flatMap(TaskCategory.init(rawValue:)),
            assigneeID: try row.optionalID("assignee_id"), labelIDs: labelIDs.map { LabelID($0) },
            completedAt: try row.optionalTimestamp("completed_at"), rank: try row["rank"],
            createdAt: try row.timestamp("created_at"), updatedAt: try row.timestamp("updated_at"),
            deletedAt: try row.optionalTimestamp("deleted_at"), trashedWith: try row["trashed_with"],
            version: try row["version"], recurrence: try row["recurrence"],
            recurrenceBasis: RecurrenceBasis(rawValue: try row["recurrence_basis"]) ?? .due)
    }

    static func taskValues(_ task: TaskItem) throws -> PostgresRowValues {
        var values = PostgresRowValues()
        try values.set("id", task.id.uuid)
        try values.set("owner_id", task.ownerID.uuid)
        try values.set("list_id", task.listID.uuid)
        try values.set("parent_id", task.parentID?.uuid)
        try values.set("title", task.title)
        try values.set("title_key", Rules.matchKey(task.title))
        try values.set("notes", task.notes)
        try values.set("status", task.status.rawValue)
        try values.set("priority", task.priority.rawValue)
        try values.set("priority_weight", Int32(task.priority.weight))
        try values.set("due", task.due?.description)
        try values.set("due_at", task.due?.sortKey.milliseconds)
        try values.set("start", task.start?.description)
        try values.set("estimated_minutes", task.estimatedMinutes)
        try values.set("category", task.category?.rawValue)
        try values.set("assignee_id", task.assigneeID?.uuid)
        try values.set("label_ids", task.labelIDs.map(\.uuid))
        try values.set("completed_at", task.completedAt?.milliseconds)
        try values.set("rank", task.rank)
        try values.set("created_at", task.createdAt.milliseconds)
        try values.set("updated_at", task.updatedAt.milliseconds)
        try values.set("deleted_at", task.deletedAt?.milliseconds)
        try values.set("trashed_with", task.trashedWith)
        try values.set("version", task.version)
        try values.set("recurrence", task.recurrence)
        try values.set("recurrence_basis", task.recurrenceBasis.rawValue)
        return values
    }

    static func label(_ row: PostgresRecord) throws -> Label {
        Label(
            id: try row.id("id"), ownerID: try row.id("owner_id"), name: try row["name"], color: try row["color"],
            createdAt: try row.timestamp("created_at"), updatedAt: try row.timestamp("updated_at"),
            version: try row["version"])
    }

    static func labelValues(_ label: Label) throws -> PostgresRowValues {
        var values = PostgresRowValues()
        try values.set("id", label.id.uuid)
        try values.set("owner_id", label.ownerID.uuid)
        try values.set("name", label.name)
        try values.set("name_key", Rules.matchKey(label.name))
        try values.set("color", label.color)
        try values.set("created_at", label.createdAt.milliseconds)
        try values.set("updated_at", label.updatedAt.milliseconds)
        try values.set("version", label.version)
        return values
    }

    static func change(_ row: PostgresRecord) throws -> Change {
        Change(
            accountID: try row.id("account_id"), sequence: try row["seq"],
            entity: Change.Entity(rawValue: try row["entity"]) ?? .task, entityID: try row["entity_id"],
            kind: Change.Kind(rawValue: try row["kind"]) ?? .put, at: try row.timestamp("at"),
            actorID: try row.optionalID("actor_id"), listID: try row.optionalID("list_id"))
    }
}

/// One row of a result, read by column name.
struct PostgresRecord {
    let row: PostgresRandomAccessRow

    init(_ row: PostgresRow) { self.row = row.makeRandomAccess() }

    subscript<Value: PostgresDecodable>(_ column: String) -> Value {
        get throws { try row[column].decode(Value.self) }
    }

    func id<Entity>(_ column: String) throws -> EntityID<Entity> {
        EntityID(try row[column].decode(UUID.self))
    }

    func optionalID<Entity>(_ column: String) throws -> EntityID<Entity>? {
        try row[column].decode(UUID?.self).map { EntityID($0) }
    }

    func timestamp(_ column: String) throws -> Timestamp {
        Timestamp(milliseconds: try row[column].decode(Int64.self))
    }

    func optionalTimestamp(_ column: String) throws -> Timestamp? {
        try row[column].decode(Int64?.self).map { Timestamp(milliseconds: $0) }
    }
}

/// SQL text with its bind parameters, for statements whose shape depends on the input (filters, column lists).
/// Only fixed fragments go into `sql`; every value goes through `bind(_:)`.
struct PostgresQueryBuilder {
    var sql = ""
    var binds = PostgresBindings()

    /// Binds `value` and returns its placeholder (`$3`).
    mutating func bind<Value: PostgresThrowingDynamicTypeEncodable>(_ value: Value?) throws -> String {
        try binds.append(value)
        return "$\(binds.count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: binds) }
}

/// The columns of one row to insert or update, in order, each bound to its value. The first column is the key.
struct PostgresRowValues {
    private(set) var columns: [String] = []
    private(set) var placeholders: [String] = []
    private var builder = PostgresQueryBuilder()

    mutating func set<Value: PostgresThrowingDynamicTypeEncodable>(
        _ column: String, _ value: Value?, cast: String? = nil
    ) throws {
        let placeholder = try builder.bind(value)
        columns.append(column)
        placeholders.append(cast.map { "\(placeholder)::\($0)" } ?? placeholder)
    }

    func insert(into table: String) -> PostgresQuery {
        var builder = builder
        builder.sql = """
            INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders.joined(separator: ", ")))
            """
        return builder.query
    }

    /// Updates every column but the key where the key matches and `version` is `expectedVersion`; returns the key.
    func update(_ table: String, expectedVersion: Int64) throws -> PostgresQuery {
        var builder = builder
        builder.sql = try updateStatement(table, expectedVersion: expectedVersion, binding: &builder)
        return builder.query
    }

    /// `UPDATE … RETURNING key` of every column but the key, where the key matches and `version` is
    /// `expectedVersion` (bound into `builder`).
    private func updateStatement(_ table: String, expectedVersion: Int64, binding builder: inout PostgresQueryBuilder)
        throws -> String
    {
        let assignments = zip(columns, placeholders).dropFirst().map { "\($0) = \($1)" }.joined(separator: ", ")
        let version = try builder.bind(expectedVersion)
        return """
            UPDATE \(table) SET \(assignments) WHERE \(columns[0]) = \(placeholders[0]) AND version = \(version)
            RETURNING \(columns[0])
            """
    }

    /// A task's row updated as `update` does, and its labels made what it says in the same statement: those it no
    /// longer has go, new ones come (one round trip instead of three). The label parts join the updated row, so a
    /// version conflict changes no label either; no label row is both deleted and inserted, so the parts cannot meet
    /// in the one snapshot they share.
    func updateTask(expectedVersion: Int64, labels: [UUID]) throws -> PostgresQuery {
        var builder = builder
        let update = try updateStatement("tasks", expectedVersion: expectedVersion, binding: &builder)
        let labels = try builder.bind(labels)
        builder.sql = """
            WITH updated AS (\(update)), gone AS (
                DELETE FROM task_labels WHERE task_id IN (SELECT id FROM updated) AND label_id <> ALL(\(labels)::uuid[])
            ), added AS (
                INSERT INTO task_labels (task_id, label_id)
                SELECT updated.id, label FROM updated, unnest(\(labels)::uuid[]) AS label ON CONFLICT DO NOTHING
            )
            SELECT id FROM updated
            """
        return builder.query
    }
}
