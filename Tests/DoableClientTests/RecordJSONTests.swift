import DoableAPI
import DoableClient
import DoableCore
import Foundation
import Testing

/// SYNC-3: the records encode in the API's shapes, so `doable … --json` prints what the API would.
@Suite struct RecordJSONTests {
    /// A task as `GET /api/v1/tasks/{id}` writes it (with `rank`, as a pull does): every key, empty ones null.
    static let serverTask = """
        {"id":"0192f7a3-0000-7000-8000-000000000001","listId":"0192f7a3-0000-7000-8000-000000000002",
         "parentId":null,"title":"Buy milk","notes":"","status":"pending","priority":"none","due":null,
         "start":null,"labelIds":[],"estimatedMinutes":null,"category":null,"assigneeId":null,"recurrence":null,
         "recurrenceBasis":"due","completedAt":null,"isOverdue":false,"progress":{"done":0,"total":0},
         "createdAt":"2026-11-20T08:00:00.000Z","updatedAt":"2026-11-20T08:00:00.000Z","deletedAt":null,
         "version":1,"rank":"a0"}
        """

    static func object(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("SYNC-3: an empty field is written as null, as the API writes it, not left out")
    func nullsAreWritten() throws {
        let at = Timestamp(milliseconds: 1_780_000_000_000)
        let task = TaskRecord(
            id: .make(at: at), listId: .make(at: at), title: "No date", createdAt: at,
            updatedAt: at, rank: "a0")
        let text = String(decoding: try JSONEncoder().encode(task), as: UTF8.self)
        #expect(text.contains(#""due":null"#))
        #expect(text.contains(#""parentId":null"#) && text.contains(#""deletedAt":null"#))

        let list = ListRecord(id: .make(at: at), name: "Home", ownerId: .make(at: at), createdAt: at, updatedAt: at)
        #expect(try Self.object(list)["icon"] is NSNull)
        let reminder = ReminderRecord(
            id: .make(at: at), taskId: task.id, relativeTo: .due, offsetMinutes: -30,
            createdAt: at, updatedAt: at)
        let reminderObject = try Self.object(reminder)
        #expect(reminderObject["at"] is NSNull && reminderObject["nextAt"] is NSNull)
        #expect(reminderObject["snoozedUntil"] is NSNull)
    }

    @Test("SYNC-3: a task read from the server's JSON is written back with the server's keys, less the computed ones")
    func taskKeysMatchTheAPI() throws {
        let serverKeys = Set(
            try #require(
                try JSONSerialization.jsonObject(with: Data(Self.serverTask.utf8)) as? [String: Any]
            ).keys)
        let task = try JSONDecoder().decode(TaskRecord.self, from: Data(Self.serverTask.utf8))
        let keys = Set(try Self.object(task).keys)
        #expect(keys == serverKeys.subtracting(["isOverdue", "progress"]))
        #expect(
            keys == [
                "id", "listId", "parentId", "title", "notes", "status", "priority", "due", "start", "labelIds",
                "estimatedMinutes", "category", "assigneeId", "recurrence", "recurrenceBasis", "completedAt",
                "createdAt", "updatedAt", "deletedAt", "version", "rank",
            ])
        #expect(try JSONDecoder().decode(TaskRecord.self, from: JSONEncoder().encode(task)) == task)
    }

    @Test("SYNC-3: lists, labels, reminders and the account write every key they keep")
    func otherRecordsWriteEveryKey() throws {
        let at = Timestamp(milliseconds: 1_780_000_000_000)
        let list = ListRecord(id: .make(at: at), name: "Home", ownerId: .make(at: at), createdAt: at, updatedAt: at)
        #expect(
            Set(try Self.object(list).keys) == [
                "id", "name", "description", "color", "icon", "isInbox", "isArchived", "role", "memberCount", "ownerId",
                "createdAt", "updatedAt", "deletedAt", "version",
            ])
        let label = LabelRecord(id: .make(at: at), name: "errand", createdAt: at, updatedAt: at)
        #expect(Set(try Self.object(label).keys) == ["id", "name", "color", "createdAt", "updatedAt", "version"])
        let reminder = ReminderRecord(id: .make(at: at), taskId: .make(at: at), at: at, createdAt: at, updatedAt: at)
        #expect(
            Set(try Self.object(reminder).keys) == [
                "id", "taskId", "at", "relativeTo", "offsetMinutes", "nextAt", "snoozedUntil", "silenced", "createdAt",
                "updatedAt", "version",
            ])
        let account = AccountRecord(
            id: .make(at: at), email: "ada@example.com", username: "ada",
            inboxId: list.id, createdAt: at, updatedAt: at)
        #expect(
            Set(try Self.object(account).keys) == [
                "id", "email", "username", "firstName", "lastName", "inboxId", "preferences", "createdAt", "updatedAt",
            ])
        #expect(try JSONDecoder().decode(ListRecord.self, from: JSONEncoder().encode(list)) == list)
        #expect(try JSONDecoder().decode(LabelRecord.self, from: JSONEncoder().encode(label)) == label)
        #expect(try JSONDecoder().decode(ReminderRecord.self, from: JSONEncoder().encode(reminder)) == reminder)
        #expect(try JSONDecoder().decode(AccountRecord.self, from: JSONEncoder().encode(account)) == account)
    }
}
